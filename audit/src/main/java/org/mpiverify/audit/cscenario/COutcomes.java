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
 * <li>FAIL: an evidence or error line (the first is the summary; every such line is evidence), or ranks whose
 * {@code agree: rank R KEY VALUE} lines give one key different values (a fact every rank must share, as the Java
 * scenarios' judges compare the ranks' facts);
 * <li>HANG: killed at the deadline (the evidence is the output's last lines);
 * <li>HAZARD: exit 0, every rank said done, and a {@code hazard: ...} line: something MPI allows but a program may not
 * expect (a probe-then-receive pair that received another message than probed); the last such line, the count, is
 * the summary;
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
        List<String> disagree = disagreements(lines);
        if (!disagree.isEmpty()) return Verdict.fail(disagree.get(0), disagree);
        List<String> tail = lines.subList(Math.max(0, lines.size() - 30), lines.size());
        if (r.killed()) return new Verdict(Outcome.HANG, "no end within " + deadline, tail);
        long done = lines.stream().filter(l -> l.startsWith("done: rank ")).count();
        List<String> hazards = lines.stream().filter(l -> l.startsWith("hazard: ")).toList();
        if (r.exit() == 0 && done == ranks && !hazards.isEmpty()) {
            return new Verdict(Outcome.HAZARD, hazards.get(hazards.size() - 1), hazards.stream().limit(50).toList());
        }
        if (r.exit() == 0 && done == ranks) return Verdict.pass(ranks + " ranks done in " + r.millis() + " ms");
        return new Verdict(Outcome.CRASH, "exit " + r.exit() + " with " + done + " of " + ranks + " ranks done", tail);
    }

    /** Keys of {@code agree:} lines that two ranks gave different values, as "ranks A and B disagree on KEY: x vs y". */
    static List<String> disagreements(List<String> lines) {
        java.util.Map<String, String[]> first = new java.util.TreeMap<>();
        List<String> out = new java.util.ArrayList<>();
        for (String l : lines) {
            if (!l.startsWith("agree: rank ")) continue;
            String[] w = l.substring("agree: rank ".length()).split(" ", 3);
            if (w.length < 3) continue;
            String[] seen = first.putIfAbsent(w[1], new String[] {w[0], w[2]});
            if (seen != null && !seen[1].equals(w[2])) {
                out.add("ranks " + seen[0] + " and " + w[0] + " disagree on " + w[1] + ": " + seen[1] + " vs " + w[2]);
            }
        }
        return out;
    }
}
