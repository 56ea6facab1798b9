package org.mpiverify.mutate.operators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;
import org.pitest.classinfo.ClassName;
import org.pitest.classpath.ClassloaderByteArraySource;
import org.pitest.mutationtest.EngineArguments;
import org.pitest.mutationtest.engine.Mutater;
import org.pitest.mutationtest.engine.MutationDetails;
import org.pitest.mutationtest.engine.gregor.config.GregorEngineFactory;

/**
 * Every concurrency operator makes mutants of the core that the JVM's verifier accepts, and finds the
 * sites it is for.
 */
class OperatorsTest {
    static final List<String> CLASSES = List.of(
            "org.mpiverify.core.matching.MatchTable", "org.mpiverify.core.matching.HashMatchingEngine",
            "org.mpiverify.core.matching.QueueMatchingEngine", "org.mpiverify.core.matching.ContextDirectory",
            "org.mpiverify.core.request.Completion", "org.mpiverify.core.request.RequestState",
            "org.mpiverify.core.request.TreiberStack", "org.mpiverify.core.request.ObjectPool",
            "org.mpiverify.core.sync.EventCount", "org.mpiverify.core.sync.SpinThenParkLock",
            "org.mpiverify.core.sync.SerializedCallDetector", "org.mpiverify.core.sync.SpinGate",
            "org.mpiverify.core.sync.CriticalSections", "org.mpiverify.core.contextid.MultithreadedContextIdAllocator",
            "org.mpiverify.core.contextid.MaskContextIdAllocator", "org.mpiverify.core.contextid.NonblockingContextIdAllocation",
            "org.mpiverify.core.coll.Schedule", "org.mpiverify.core.coll.StepSchedule", "org.mpiverify.core.coll.AllreduceSchedule",
            "org.mpiverify.core.coll.NonblockingCollectives", "org.mpiverify.core.buffer.UnexpectedBudget",
            "org.mpiverify.core.buffer.PacketPool", "org.mpiverify.mpi.ProgressEngine", "org.mpiverify.mpi.Request",
            "org.mpiverify.mpi.RankContext", "org.mpiverify.mpi.Endpoint", "org.mpiverify.mpi.Comm",
            "org.mpiverify.core.attr.KeyedList", "org.mpiverify.mpi.Keyval", "org.mpiverify.mpi.CommAttributes",
            "org.mpiverify.mpi.Info", "org.mpiverify.core.bsend.AttachedBuffer", "org.mpiverify.mpi.BufferedSends",
            "org.mpiverify.core.handle.UseCount", "org.mpiverify.core.buffer.TypeLayout", "org.mpiverify.mpi.DerivedDatatype",
            "org.mpiverify.mpi.UserOp", "org.mpiverify.mpi.DerivedCalls", "org.mpiverify.core.sched.ReadyBitVector",
            "org.mpiverify.core.sched.BitVectorWorker", "org.mpiverify.core.sched.IdleHandshake",
            "org.mpiverify.core.sched.DangScheduler", "org.mpiverify.core.request.PersistentSlot",
            "org.mpiverify.core.request.GrequestLifecycle", "org.mpiverify.mpi.SomeCompletions");

    static Mutater mutater() {
        return new GregorEngineFactory().createEngine(EngineArguments.arguments().withMutators(List.of(ConcurrencyMutators.GROUP)))
                .createMutator(ClassloaderByteArraySource.fromContext());
    }

    @Test
    void everyMutantVerifies() {
        Mutater m = mutater();
        Map<String, Integer> perOperator = new TreeMap<>();
        StringBuilder failures = new StringBuilder();
        StringBuilder listing = new StringBuilder();
        for (String c : CLASSES) {
            for (MutationDetails d : m.findMutations(ClassName.fromString(c))) {
                listing.append(d.getMutator().substring(d.getMutator().lastIndexOf('.') + 1)).append('\t').append(c)
                        .append('\t').append(d.getMethod()).append('\t').append(d.getLineNumber()).append('\t')
                        .append(d.getDescription()).append('\t').append(c).append('#')
                        .append(org.mpiverify.mutate.pit.MutantKeys.method(d.getMethod(), d.getId().getLocation().getMethodDesc()))
                        .append('/').append(org.mpiverify.mutate.pit.MutantKeys.operator(d.getMutator())).append('/')
                        .append(d.getDescription()).append('\n');
                perOperator.merge(d.getMutator().substring(d.getMutator().lastIndexOf('.') + 1), 1, Integer::sum);
                byte[] bytes = m.getMutation(d.getId()).getBytes();
                StringWriter sw = new StringWriter();
                CheckClassAdapter.verify(new ClassReader(bytes), getClass().getClassLoader(), false, new PrintWriter(sw));
                if (!sw.toString().isBlank()) failures.append(d).append('\n').append(sw).append('\n');
            }
        }
        System.out.println("concurrency mutants per operator: " + perOperator);
        try {   // every mutant, one a line (operator, class, method, line, description), for a reader of the run
            java.nio.file.Files.writeString(java.nio.file.Path.of("target", "concurrency-mutants.tsv"), listing);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertEquals("", failures.toString());
        for (String op : List.of("RemoveLock", "SplitCriticalSection", "ShiftCriticalSection", "ShrinkCriticalSection",
                "CasToPlain", "VolatileToPlain", "RemoveWakeup", "ReorderHandoff", "RemoveRecheck", "UpdateOnOnePath",
                "HoistReadFromSection", "CheckThenActSplit")) {
            assertTrue(perOperator.getOrDefault(op, 0) > 0, op + " finds no site in the core: " + perOperator);
        }
    }
}
