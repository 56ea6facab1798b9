package org.mpiverify.mpi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The quiescence check of every job a test runs: after each test, every job made during it (by
 * {@link Job#run}, {@link Job#create} or any helper) must satisfy every invariant of {@link Quiescence},
 * unless the test is exempt: by {@link LeavesOutstanding} on the method or its class, or, for some of
 * a parameterized test's cases only, by calling {@link #exempt} during the test. A violation fails the test
 * with the job's configuration and what was found.
 *
 * <p>Registered for every test class of this module by JUnit's extension auto-detection (the service file
 * in {@code META-INF/services}, enabled by impl's surefire configuration), so no test has to ask for it,
 * and a new test is checked too. It learns of jobs through {@link Job#observer}. A test that already
 * failed is not checked: what it left behind says nothing more.
 *
 * <p>When: after the test method returns, so after {@link Job#run} joined the ranks' threads and after the
 * test joined its own. A job whose threads still run then (an embedded job left to itself, a job that
 * hung) is not quiescent and fails the check unless the test is exempt.
 *
 * <p>Tests run one at a time in this module (surefire's default); the observer is JVM-wide, so a job
 * made by a thread another test left running would be counted to the test running then.
 */
public final class QuiescenceCheck implements BeforeEachCallback, AfterEachCallback {
    private final List<Job> jobs = Collections.synchronizedList(new ArrayList<>());
    private final Consumer<Job> observer = jobs::add;
    /** What the running test exempted by {@link #exempt}; cleared before each test. */
    private static final Set<Quiescence.Invariant> exemptNow = Collections.synchronizedSet(
            EnumSet.noneOf(Quiescence.Invariant.class));

    /**
     * Exempts the running test's jobs from {@code invariants} (every one if none is given): the programmatic
     * form of {@link LeavesOutstanding}, for a parameterized test of which only some cases leave something
     * outstanding on purpose. {@code why} is required, as there.
     */
    public static void exempt(String why, Quiescence.Invariant... invariants) {
        if (why == null || why.isBlank()) {
            throw new IllegalArgumentException("an exemption from the quiescence check needs a reason");
        }
        exemptNow.addAll(invariants.length == 0 ? EnumSet.allOf(Quiescence.Invariant.class) : Arrays.asList(invariants));
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        jobs.clear();
        exemptNow.clear();
        Job.observer = observer;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (Job.observer == observer) {
            Job.observer = null;
        }
        List<Job> made;
        synchronized (jobs) {
            made = List.copyOf(jobs);
            jobs.clear();
        }
        if (made.isEmpty() || context.getExecutionException().isPresent()) {
            return;
        }
        Set<Quiescence.Invariant> exempt = exemptions(context);
        exempt.addAll(exemptNow);
        StringBuilder failures = new StringBuilder();
        for (int i = 0; i < made.size(); i++) {
            Job job = made.get(i);
            List<Quiescence.Violation> v = job.quiescence().violationsExcept(exempt);
            if (!v.isEmpty()) {
                failures.append("\njob ").append(i + 1).append(" of ").append(made.size()).append(" (")
                        .append(job.config()).append("):");
                v.forEach(x -> failures.append("\n  ").append(x));
            }
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("a job of this test is not quiescent after it (" + context.getDisplayName()
                    + "; exempt on purpose with @LeavesOutstanding and a reason):" + failures);
        }
    }

    /** The invariants the test is exempt from: its method's annotation, else its class's (or an enclosing one's). */
    static Set<Quiescence.Invariant> exemptions(ExtensionContext context) {
        LeavesOutstanding a = context.getTestMethod()
                .flatMap(m -> AnnotationSupport.findAnnotation(m, LeavesOutstanding.class))
                .or(() -> classAnnotation(context.getTestClass().orElse(null)))
                .orElse(null);
        if (a == null) {
            return EnumSet.noneOf(Quiescence.Invariant.class);
        }
        return a.invariants().length == 0 ? EnumSet.allOf(Quiescence.Invariant.class)
                : EnumSet.copyOf(Arrays.asList(a.invariants()));
    }

    private static Optional<LeavesOutstanding> classAnnotation(Class<?> c) {
        for (; c != null; c = c.getEnclosingClass()) {
            Optional<LeavesOutstanding> a = AnnotationSupport.findAnnotation(c, LeavesOutstanding.class);
            if (a.isPresent()) return a;
        }
        return Optional.empty();
    }
}
