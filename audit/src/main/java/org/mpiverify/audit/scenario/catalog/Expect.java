package org.mpiverify.audit.scenario.catalog;

import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;

/** Checks shared by the scenarios; each records a problem as one line of evidence that says where it happened. */
final class Expect {
    private Expect() { }

    /**
     * A receive of thread-tagged payloads: status source and tag, payload intact, and the payload the
     * expected sender thread's {@code seq}-th one. Returns whether all held.
     */
    static boolean message(RankReport.Builder report, String who, AuditStatus st, int[] buf, int source, int tag,
                           int payloadSource, int payloadThread, int seq) {
        if (st.source() != source || st.tag() != tag) {
            report.evidence(who + " expected a message from (" + source + ", tag " + tag + ") but the status says ("
                    + st.source() + ", tag " + st.tag() + ")");
            return false;
        }
        String bad = Payload.check(buf, st.count());
        if (bad != null) {
            report.evidence(who + " received a damaged message: " + bad);
            return false;
        }
        if (Payload.source(buf) != payloadSource || Payload.thread(buf) != payloadThread || Payload.seq(buf) != seq) {
            report.evidence(who + " expected (src " + payloadSource + ", thread " + payloadThread + ", seq " + seq
                    + ") but received " + Payload.describe(buf));
            return false;
        }
        return true;
    }
}
