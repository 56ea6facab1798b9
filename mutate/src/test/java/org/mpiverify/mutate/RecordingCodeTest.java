package org.mpiverify.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.pitest.classinfo.ClassName;
import org.pitest.classpath.ClassloaderByteArraySource;
import org.pitest.mutationtest.engine.Mutater;
import org.pitest.mutationtest.engine.MutationDetails;
import org.pitest.mutationtest.engine.gregor.config.GregorEngineFactory;
import org.pitest.mutationtest.EngineArguments;

/**
 * The recorder cut on the real {@code Completion}: its mutants that change only code a recorder's presence selects
 * (the {@code *Recorded} methods, the recorded branch of {@code signal}) go only to tests that can create a
 * recorder; every other mutant keeps all its tests. The oracle is what a run without a recorder executes: with no
 * {@code TraceRecorder} in the JVM, {@code Completion.trace} is null, so those methods never run.
 */
class RecordingCodeTest {
    private static final String COMPLETION = "org.mpiverify.core.request.Completion";
    private static final boolean FULL = Boolean.getBoolean("mpiverify.full");
    private static final Set<String> QUICK = Set.of("signal", "deregister", "tryRegister", "reset", "signalRecorded",
            "tryRegisterRecorded", "deregisterRecorded");
    private static final Set<String> RECORDING = Set.of("signalRecorded", "tryRegisterRecorded", "publishRecorded",
            "checkRecorded", "deregisterRecorded", "record", "step");

    /**
     * Quick: PIT's call and conditional removals, which reach every recorder guard and every recorded call, in the
     * methods of {@link #QUICK} (await's 60 are the slow half); {@code -Pfull}: every default operator, the
     * logic-level ones among them, in every method.
     */
    private final Mutater mutater = new GregorEngineFactory().createEngine(EngineArguments.arguments().withMutators(
            FULL ? MutateCommand.DEFAULT_OPERATORS
                    : List.of("VOID_METHOD_CALLS", "REMOVE_CONDITIONALS_EQUAL_ELSE")))
            .createMutator(ClassloaderByteArraySource.fromContext());

    @Test
    void mutantsOfTheRecordingMethodsChangeOnlyRecordingCodeAndNoOthersDo() throws IOException {
        byte[] original = bytes(COMPLETION);
        List<String> wrong = new ArrayList<>();
        int recording = 0, other = 0;
        List<MutationDetails> all = mutater.findMutations(ClassName.fromString(COMPLETION));
        // await's line 185, `while (trace == null ? !done : !checkRecorded())`: its last conditional in bytecode
        // order is the test of checkRecorded()'s result, on the recorded side only
        int checkRecordedTest = all.stream().filter(d -> d.getMethod().equals("await") && d.getLineNumber() == 185
                && d.getDescription().startsWith("removed conditional")).mapToInt(MutationDetails::getFirstIndex).max().orElseThrow();
        for (MutationDetails d : all) {
            if (!FULL && !QUICK.contains(d.getMethod())) continue;
            boolean cut = RecordingCode.changesOnlyRecordingCode(original, mutater.getMutation(d.getId()).getBytes());
            String at = d.getMethod() + ":" + d.getLineNumber();
            // The oracle, read from the source: code that only a non-null trace reaches. The private *Recorded
            // methods and their helpers; in signal, the body of `if (trace != null)`; in await, each
            // `if (trace != null) record(...)` and the recorded side of the waiter slot's release; in deregister,
            // the recorded branch. Never a guard itself: removing `trace != null` runs recorded code without one.
            boolean expected = RECORDING.contains(d.getMethod())
                    || Set.of("signal:113", "signal:114", "await:164", "await:175", "await:196", "deregister:281").contains(at)
                            && !d.getDescription().startsWith("removed conditional")
                    || at.equals("await:204") && d.getDescription().contains("deregisterRecorded")
                    || at.equals("await:185") && d.getFirstIndex() == checkRecordedTest;
            if (expected) recording++; else other++;
            if (cut != expected) wrong.add(at + " " + d.getDescription() + " -> " + cut);
        }
        assertTrue(recording >= 8 && other >= 8, "mutants found: " + recording + " recording, " + other + " other");
        assertEquals(List.of(), wrong, "mutants judged wrongly (method:line description -> judged recording-only)");
    }

    @Test
    void onlyTheRecordedScenarioCanCreateARecorder() throws IOException {
        Component request = Component.all().stream().filter(c -> c.name().equals("core.request")).findFirst().orElseThrow();
        List<String> races = JcstressStage.testsUsing(request.jcstress(), COMPLETION);
        assertTrue(races.size() >= 5, "the races that use Completion: " + races);
        assertEquals(List.of(), MutateCommand.cut(true, races), "no jcstress race creates a recorder");
        assertEquals(races, MutateCommand.cut(false, races), "a mutant of other code keeps every race");
        assertEquals(List.of("org.mpiverify.mutate.race.scenarios.RecordedCompletionVsSignal"),
                MutateCommand.cut(true, RaceStage.tests(request)));
        assertFalse(RecordingCode.attachesRecorder("org.mpiverify.lincheck.core.request.CompletionLinearizabilityTest"));
        assertTrue(RecordingCode.attachesRecorder("org.mpiverify.core.request.CompletionRecordingTest"));
    }

    private static byte[] bytes(String cls) throws IOException {
        try (InputStream in = RecordingCodeTest.class.getClassLoader().getResourceAsStream(cls.replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }
}
