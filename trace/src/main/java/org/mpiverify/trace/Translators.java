package org.mpiverify.trace;

import java.util.EnumMap;
import java.util.Map;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.trace.completion.CompletionTranslator;
import org.mpiverify.trace.completion.CompletionWorkload;
import org.mpiverify.trace.contextid.ContextIdTranslator;
import org.mpiverify.trace.contextid.DupWorkload;
import org.mpiverify.trace.matching.MatchingTranslator;
import org.mpiverify.trace.matching.MatchingWorkload;
import org.mpiverify.trace.probe.ProbeTranslator;
import org.mpiverify.trace.progress.ProgressTranslator;
import org.mpiverify.trace.progress.ProgressWorkload;
import org.mpiverify.trace.probe.ProbeWorkload;
import org.mpiverify.trace.scheduler.SchedulerTranslator;
import org.mpiverify.trace.scheduler.SchedulerWorkload;
import org.mpiverify.trace.spi.TraceTranslator;
import org.mpiverify.trace.spi.TraceWorkload;

/** The translator of each algorithm that has a trace spec. */
public final class Translators {
    private static final Map<Algorithm, TraceTranslator> BY_ALGORITHM = new EnumMap<>(Algorithm.class);
    private static final Map<Algorithm, TraceWorkload> WORKLOADS = new EnumMap<>(Algorithm.class);

    static {
        register(new ContextIdTranslator(), (config, threads, events, deadline) -> DupWorkload.run(config, threads,
                DupWorkload.roundsFor(events, config.ranks(), threads), deadline));
        register(new MatchingTranslator(), MatchingWorkload::forTrace);
        // mprobe + mrecv from every thread of rank 0: three events (arrival, mprobe, mrecv) per message
        register(new ProbeTranslator(), (config, threads, events, deadline) -> ProbeWorkload.run(config,
                ProbeWorkload.Variant.MPROBE, threads, Math.max(1, events / (3 * threads * (config.ranks() - 1))),
                deadline).result());
        register(new CompletionTranslator(), CompletionWorkload::forTrace);
        register(new ProgressTranslator(), ProgressWorkload::forTrace);
        register(new SchedulerTranslator(), SchedulerWorkload::run);
    }

    private Translators() {}

    private static void register(TraceTranslator t, TraceWorkload w) {
        BY_ALGORITHM.put(t.algorithm(), t);
        WORKLOADS.put(t.algorithm(), w);
    }

    /** The workload of {@code a} ({@code trace --workload}), or null. */
    public static TraceWorkload workload(Algorithm a) {
        return WORKLOADS.get(a);
    }

    /** The translator of {@code a}, or null if {@code a} has no trace spec yet. */
    public static TraceTranslator of(Algorithm a) {
        return BY_ALGORITHM.get(a);
    }
}
