package org.mpiverify.mutate;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The main of a forked JVM that runs some JUnit tests (by unique id) against a mutant that is first on
 * its class path ({@link ForkedSuiteStage}); prints {@code FAILED <test>} for each failure and exits
 * 1 if there was one.
 */
public final class JUnitMain {
    private JUnitMain() {}

    public static void main(String[] args) {
        List<UniqueIdSelector> selectors = new ArrayList<>();
        for (String id : args) selectors.add(selectUniqueId(id));
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectors).build(), listener);
        TestExecutionSummary s = listener.getSummary();
        for (TestExecutionSummary.Failure f : s.getFailures()) {
            System.out.println("FAILED " + f.getTestIdentifier().getUniqueId() + " " + String.valueOf(f.getException()).lines().findFirst().orElse(""));
        }
        System.out.println("RAN " + s.getTestsSucceededCount() + " passed, " + s.getTotalFailureCount() + " failed");
        System.exit(s.getTotalFailureCount() == 0 ? 0 : 1);
    }
}
