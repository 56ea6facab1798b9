package org.mpiverify.audit.scenario.catalog;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;

/**
 * What every member of a newly created communicator checks, through the communicator itself (MPI
 * hides context ids): that all members agree on which creation it is (an allreduce of a token naming
 * it), on who the members are (an allreduce of world-rank bits), and that a message sent on it in a
 * ring arrives on it, from the ring predecessor, naming this very creation — traffic of another live
 * communicator with a colliding id would name another one. Records {@code members.<label>} as a fact
 * for {@link #disagreements}.
 */
final class NewComms {
    static final int RING_TAG = 11;

    private NewComms() { }

    /**
     * Checks {@code comm}, created as {@code label} (unique per creation on all members; {@code token}
     * encodes it), against {@code expectedMembers} (bits of world ranks).
     */
    static void check(AuditMpi mpi, long comm, String who, String label, int token, int worldRank,
                      int expectedMembers, RankReport.Builder report) {
        int size = mpi.commSize(comm);
        int rank = mpi.commRank(comm);
        if (size != Integer.bitCount(expectedMembers)) {
            report.evidence(who + ": " + label + " has " + size + " members, expected " + Integer.bitCount(expectedMembers));
        }
        int[] members = new int[1];
        mpi.allreduce(comm, new int[] {1 << worldRank}, members, 1, AuditMpi.ReduceOp.BOR);
        report.fact("members." + label, Integer.toBinaryString(members[0]));
        if (members[0] != expectedMembers) {
            report.evidence(who + ": the members of " + label + " are " + ranks(members[0]) + ", expected "
                    + ranks(expectedMembers));
        }
        int[] lo = new int[1];
        int[] hi = new int[1];
        mpi.allreduce(comm, new int[] {token}, lo, 1, AuditMpi.ReduceOp.MIN);
        mpi.allreduce(comm, new int[] {token}, hi, 1, AuditMpi.ReduceOp.MAX);
        if (lo[0] != token || hi[0] != token) {
            report.evidence(who + ": members of " + label + " disagree on which creation it is: tokens " + lo[0]
                    + ".." + hi[0] + ", mine " + token);
        }
        if (size > 1) {
            int[] msg = Payload.make(worldRank, token, 0, Payload.HEADER + 3);
            long req = mpi.isend(comm, msg, msg.length, (rank + 1) % size, RING_TAG);
            int[] buf = new int[32];
            AuditStatus st = mpi.recv(comm, buf, buf.length, AuditMpi.ANY_SOURCE, AuditMpi.ANY_TAG);
            mpi.waitFor(req);
            String bad = Payload.check(buf, st.count());
            if (bad != null || st.tag() != RING_TAG || st.source() != (rank + size - 1) % size
                    || Payload.thread(buf) != token) {
                report.evidence(who + ": the ring message received on " + label + " is "
                        + (bad != null ? bad : Payload.describe(buf)) + " with status (src " + st.source() + ", tag "
                        + st.tag() + "): expected one naming creation " + token + " from rank "
                        + (rank + size - 1) % size);
            }
        }
    }

    /** Pairs of ranks whose {@code members.*} facts for one creation differ. */
    static List<String> disagreements(List<RankReport> reports, String what) {
        Map<String, Map<Integer, String>> seen = new HashMap<>();
        for (RankReport r : reports) {
            r.facts().forEach((k, v) -> {
                if (k.startsWith("members.")) {
                    seen.computeIfAbsent(k.substring("members.".length()), x -> new HashMap<>()).put(r.rank(), v);
                }
            });
        }
        List<String> out = new ArrayList<>();
        seen.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            Integer firstRank = null;
            String first = null;
            for (Map.Entry<Integer, String> rv : e.getValue().entrySet()) {
                if (first == null) {
                    firstRank = rv.getKey();
                    first = rv.getValue();
                } else if (!first.equals(rv.getValue())) {
                    out.add("ranks " + firstRank + " and " + rv.getKey() + " disagree on the members of " + what + " "
                            + e.getKey() + ": " + ranks(Integer.parseInt(first, 2)) + " vs "
                            + ranks(Integer.parseInt(rv.getValue(), 2)));
                }
            }
        });
        return out;
    }

    static String ranks(int bits) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < 31; i++) if ((bits & 1 << i) != 0) l.add(i);
        return l.toString().replace('[', '{').replace(']', '}');
    }
}
