package org.mpiverify.mutate.pit;

import java.nio.file.Path;
import java.util.Properties;
import org.pitest.mutationtest.ListenerArguments;
import org.pitest.mutationtest.MutationResultListener;
import org.pitest.mutationtest.MutationResultListenerFactory;

/**
 * PIT output format {@value #NAME}: each mutant's result as a line of JSON, plus the bytes of every
 * mutant that no test killed (for the jcstress stage and the survivors' diffs). Where: plugin property
 * {@value #OUT} (a folder).
 */
public final class KillMatrixListenerFactory implements MutationResultListenerFactory {
    public static final String NAME = "MPIVERIFY";
    public static final String OUT = "mpiverify.mutate.out";
    /** Plugin property: {@code true} to append to the records of an interrupted run instead of starting afresh. */
    public static final String RESUME = "mpiverify.mutate.resume";

    @Override
    public MutationResultListener getListener(Properties props, ListenerArguments args) {
        String out = props.getProperty(OUT);
        if (out == null) throw new IllegalStateException("plugin property " + OUT + " is not set");
        return new KillMatrixListener(Path.of(out), args.getEngine(),
                Boolean.parseBoolean(props.getProperty(RESUME, "false")));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "mpiverify kill matrix (JSON lines) and survivors' bytes";
    }
}
