package org.mpiverify.mpi;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.request.Completion;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * A hook for trace validation, not for users: one progress engine, the package-private {@link ProgressEngine}
 * or a known-bad twin of it by class name (a sibling class of this package, generated from its patch in the
 * module that runs it), on a rank of a running job, recording its steps to a recorder, driven call by call
 * through method handles. The rank gives the engine its wait policy, its parks and its abort flag; the rank's
 * own engine is not used, so the job's calls and this engine do not meet.
 *
 * <p>Thread safety: as {@link ProgressEngine}'s: every method may be called by any thread of the rank at once.
 */
public final class DrivenProgressEngine {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private final Object engine;
    private final MethodHandle start;
    private final MethodHandle signalled;
    private final MethodHandle await;
    private final MethodHandle poll;

    /**
     * An engine of class {@code simpleName} ({@code ProgressEngine} or a twin of it in this package) on the rank
     * of {@code mpi} (initialized), recording its steps to {@code recorder} as that rank's.
     */
    public DrivenProgressEngine(String simpleName, Mpi mpi, TraceRecorder recorder) {
        RankContext rank = mpi.commWorld().rankContext();
        try {
            Class<?> type = Class.forName(ProgressEngine.class.getPackageName() + "." + simpleName);
            engine = LOOKUP.findConstructor(type, MethodType.methodType(void.class, RankContext.class)).invoke(rank);
            LOOKUP.findVirtual(type, "recordTo", MethodType.methodType(void.class, TraceRecorder.class, int.class))
                    .invoke(engine, recorder, rank.worldRank);
            start = LOOKUP.findVirtual(type, "start", MethodType.methodType(void.class, Schedule.class));
            signalled = LOOKUP.findVirtual(type, "signalled", MethodType.methodType(void.class, Object.class));
            await = LOOKUP.findVirtual(type, "await", MethodType.methodType(void.class, Completion.class, Object.class));
            poll = LOOKUP.findVirtual(type, "poll", MethodType.methodType(void.class));
        } catch (Throwable e) {
            throw new IllegalArgumentException(simpleName + " is not a progress engine of " + ProgressEngine.class.getPackageName(), e);
        }
    }

    /** {@code ProgressEngine.start}: the first step of {@code s}, then the active set and a signal. */
    public void start(Schedule s) {
        call(() -> start.invoke(engine, s));
    }

    /** What a completed transfer of the schedule whose request is {@code about} tells the engine. */
    public void signalled(Completion about) {
        call(() -> signalled.invoke(engine, (Object) about));
    }

    /** {@code ProgressEngine.await}: waits, polling, until {@code target} is done (ERR_ABORTED on an abort). */
    public void await(Completion target, Object blocker) {
        call(() -> await.invoke(engine, target, blocker));
    }

    /** {@code ProgressEngine.poll}: a test's pass over the active set. */
    public void poll() {
        call(() -> poll.invoke(engine));
    }

    private interface Invocation {
        void run() throws Throwable;
    }

    private static void call(Invocation i) {
        try {
            i.run();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
