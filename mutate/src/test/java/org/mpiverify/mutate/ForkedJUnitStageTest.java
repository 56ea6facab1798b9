package org.mpiverify.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.mpiverify.testkit.FullBuild;
import org.mpiverify.mutate.forked.Answer;
import org.mpiverify.mutate.forked.AnswerFromAChildJvm;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The forked JUnit stage: a JUnit test that starts a child JVM, which in PIT's minion runs the original class
 * (the child loads its class file, not the minion's HotSwapped mutant), runs in a fork whose class path starts
 * with the mutant's class folder, so that the child, started with that class path, runs the mutant. Known good:
 * the unmutated class passes ({@code SURVIVED}); known bad: a mutant of {@link Answer} that answers 41 fails the
 * fixture's child ({@code KILLED}, with the child's answer). And which tests go to the stage: those whose bytecode
 * starts a process with the class path ({@code HeapLimitTest}, the fixture), not the others (quick); the two forked
 * runs under {@code -Pfull}.
 */
class ForkedJUnitStageTest {
    private static final String FIXTURE = "[engine:junit-jupiter]/[class:" + AnswerFromAChildJvm.class.getName()
            + "]/[method:theChildAnswers42()]";

    @Test
    void aTestThatStartsAChildJvmWithItsClassPathGoesToTheStage() {
        assertTrue(SuiteTests.startsChildJvm(AnswerFromAChildJvm.class.getName()));
        assertTrue(SuiteTests.startsChildJvm("org.mpiverify.mpi.HeapLimitTest"));
        assertFalse(SuiteTests.startsChildJvm(ForkedJUnitStageTest.class.getName()), "forks through the stage only");
        assertFalse(SuiteTests.startsChildJvm("org.mpiverify.mpi.DerivedDatatypeTest"));
    }

    /** Two forks of a JUnit run, each starting a child JVM (about 5 s on a loaded machine): {@code -Pfull} only. */
    @TestFactory
    Stream<DynamicTest> theChildRunsTheMutantAndTheOriginalPasses() {
        return FullBuild.only("theChildRunsTheMutantAndTheOriginalPasses", Duration.ofMinutes(2), () -> {
            Path work = Files.createTempDirectory("forked-junit-stage");
            try {
                childRunsTheMutant(work);
            } finally {
                try (Stream<Path> files = Files.walk(work)) {
                    files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                }
            }
        });
    }

    private static void childRunsTheMutant(Path work) throws Exception {
        ForkedSuiteStage stage = ForkedSuiteStage.childJvmTests(work, Duration.ofSeconds(100), List.of(), null);
        Path original = Files.createDirectories(work.resolve("original"));
        StageVerdict good = stage.run("original", original, List.of(FIXTURE));
        assertEquals("SURVIVED", good.status(), good.detail());

        Path mutant = work.resolve("mutant");
        Path file = mutant.resolve(Answer.class.getName().replace('.', '/') + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, answering41());
        StageVerdict bad = stage.run("mutant", mutant, List.of(FIXTURE));
        assertEquals("KILLED", bad.status(), bad.detail());
        assertEquals(FIXTURE, bad.killer());
        assertTrue(bad.detail().contains("expected: <42> but was: <41>"), bad.detail());
    }

    /** {@link Answer}'s class file with {@code value()} returning 41. */
    private static byte[] answering41() throws IOException {
        try (InputStream in = Answer.class.getResourceAsStream("Answer.class")) {
            ClassReader r = new ClassReader(in.readAllBytes());
            ClassWriter w = new ClassWriter(0);
            r.accept(new ClassVisitor(Opcodes.ASM9, w) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exc) {
                    MethodVisitor mv = super.visitMethod(access, name, desc, sig, exc);
                    if (!name.equals("value")) return mv;
                    return new MethodVisitor(Opcodes.ASM9, mv) {
                        @Override
                        public void visitIntInsn(int opcode, int operand) {
                            super.visitIntInsn(opcode, operand == 42 ? 41 : operand);
                        }
                    };
                }
            }, 0);
            return w.toByteArray();
        }
    }
}
