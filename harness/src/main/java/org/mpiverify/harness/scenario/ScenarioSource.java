package org.mpiverify.harness.scenario;

import java.util.List;

/**
 * A catalog of scenarios that a rank process can find by id: a module with a catalog registers its source as a
 * service ({@code META-INF/services/org.mpiverify.harness.scenario.ScenarioSource}), and {@link ScenarioLookup}
 * consults every source on the class path. Targets start their rank JVMs on the driver's class path, so a scenario
 * the driver found in a catalog is found there too; a scenario of no catalog goes by class name.
 *
 * <p>Implementations have a public no-argument constructor (the service loader's contract) and return the same
 * scenarios, in the same order, on every call; scenarios are stateless, so one instance of each serves every run.
 */
public interface ScenarioSource {
    /** Every scenario of this catalog, with distinct ids. */
    List<Scenario> scenarios();
}
