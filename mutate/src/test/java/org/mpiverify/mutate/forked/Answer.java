package org.mpiverify.mutate.forked;

/** The class a child JVM runs in {@link AnswerFromAChildJvm}; {@link ForkedJUnitStageTest} makes a mutant of it. */
public final class Answer {
    private Answer() {}

    public static int value() {
        return 42;
    }

    /** The child JVM's main: prints the value. */
    public static void main(String[] args) {
        System.out.println(value());
    }
}
