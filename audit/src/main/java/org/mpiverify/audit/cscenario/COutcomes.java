package org.mpiverify.audit.cscenario;

import java.util.List;
import org.mpiverify.harness.nativempi.CProgram;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.results.Outcome;

/**
 * A C scenario's verdict from its output, in the words the Java scenarios are judged in. The program prints (mvs.h)
 * {@code evidence: ...} for a check that failed, {@code error: ...} for an MPI call that returned an error (the Java
 * binding's {@code AuditException}), and {@code done: rank R, N evidence} after {@code MPI_Finalize}:
 * <ul>
 * <li>FAIL: an evidence or error line (the first is the summary; every such line is evidence);
 * <li>HANG: killed at the deadline (the evidence is the output's last lines);
 * <li>PASS: exit 0 and every rank said done;
 * <li>CRASH: anything else (a rank died: a signal, a non-zero exit without a line saying why).
 * </ul>
 * A C program has no UNSUPPORTED: an MPI function the library lacks does not link, which is a compile error.
 */
public final class COutcomes {
    private COutcomes() { }

    public static Verdict verdict(CProgram.Result r, int ranks, String deadline) {
        List<String> lines = r.output().lines().toList();
        List<String> failed = lines.stream().filter(l -> l.startsWith("evidence: ") || l.startsWith("error: ")).toList();
        if (!failed.isEmpty()) return Verdict.fail(failed.get(0), failed.stream().limit(50).toList());
        List<String> tail = lines.subList(Math.max(0, lines.size() - 30), lines.size());
        if (r.killed()) return new Verdict(Outcome.HANG, "no end within " + deadline, tail);
        long done = lines.stream().filter(l -> l.startsWith("done: rank ")).count();
        if (r.exit() == 0 && done == ranks) return Verdict.pass(ranks + " ranks done in " + r.millis() + " ms");
        return new Verdict(Outcome.CRASH, "exit " + r.exit() + " with " + done + " of " + ranks + " ranks done", tail);
    }
}
