package org.mpiverify.mutate;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The main of a forked JVM that runs some JUnit tests (by unique id, in the order given) against a mutant
 * that is first on its class path ({@link ForkedSuiteStage}). It stops at the first test that fails: one
 * failure kills the mutant, and the model-checking tests after it would each cost up to minutes. Prints
 * {@code TIME <test> <millis>} for each test run, {@code FAILED <test> <first line of the failure>} for the
 * failed one, then {@code RAN <n> passed, <m> failed}, and exits 1 if a test failed.
 */
public final class JUnitMain {
    private JUnitMain() {}

    public static void main(String[] args) {
        Launcher launcher = LauncherFactory.create();
        long passed = 0;
        for (String id : args) {
            SummaryGeneratingListener listener = new SummaryGeneratingListener();
            long t0 = System.nanoTime();
            launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectUniqueId(id)).build(), listener);
            System.out.println("TIME " + id + " " + (System.nanoTime() - t0) / 1_000_000);
            TestExecutionSummary s = listener.getSummary();
            passed += s.getTestsSucceededCount();
            if (s.getTotalFailureCount() > 0) {
                TestExecutionSummary.Failure f = s.getFailures().getFirst();
                System.out.println("FAILED " + f.getTestIdentifier().getUniqueId() + " "
                        + String.valueOf(f.getException()).lines().findFirst().orElse(""));
                System.out.println("RAN " + passed + " passed, " + s.getTotalFailureCount() + " failed (stopped at the first failure)");
                System.exit(1);
            }
        }
        System.out.println("RAN " + passed + " passed, 0 failed");
        System.exit(0);
    }
}
