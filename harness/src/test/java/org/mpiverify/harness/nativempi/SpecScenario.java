package org.mpiverify.harness.nativempi;

import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;

/** A scenario with a parameter, rebuilt in rank processes from its spec {@code n=N}; reports {@code n}. */
public class SpecScenario extends TestScenario {
    private final int n;

    public SpecScenario(int n) { this.n = n; }

    /** Accepts exactly {@code n=<positive int>}. */
    public static SpecScenario fromSpec(String spec) {
        if (!spec.matches("n=[1-9][0-9]{0,8}")) throw new IllegalArgumentException("spec must be n=<positive int>, not '" + spec + "'");
        return new SpecScenario(Integer.parseInt(spec.substring(2)));
    }

    @Override public String spec() { return "n=" + n; }

    @Override
    public RankReport run(AuditMpi mpi) {
        mpi.initThread(AuditMpi.THREAD_SINGLE);
        return new RankReport.Builder(mpi.commRank(mpi.commWorld())).fact("n", n).build();
    }
}
