package org.mpiverify.specs;

import java.nio.file.Path;
import java.util.Map;

/**
 * One model of the manifest: which module and configuration TLC checks, how, and what it must find.
 *
 * @param name            unique model name (used on the command line and in report file names)
 * @param spec            the spec folder under {@code specs/} (e.g. {@code contextid})
 * @param module          the root module TLC loads, an {@code MC_*.tla} file that binds the constants
 * @param config          the {@code .cfg} file
 * @param constants       the constants in readable form, for the reports (the .tla/.cfg are authoritative)
 * @param mode            "exhaustive" (breadth-first model checking) or "simulation"
 * @param expected        what TLC must report
 * @param sizeClass       "quick" (at most 60 s here, run by {@code mvn verify}) or "full"
 * @param timeoutSeconds  the deadline for this model's TLC process
 * @param recordedStates  distinct states of the last recorded run (-1 if unknown)
 * @param recordedSeconds wall seconds of the last recorded run (-1 if unknown)
 * @param description     what the model shows, one sentence
 */
public record ModelSpec(String name, String spec, String module, String config, Map<String, Object> constants,
                        String mode, Expectation expected, String sizeClass, int timeoutSeconds,
                        long recordedStates, double recordedSeconds, String description) {

    public boolean isQuick() {
        return "quick".equals(sizeClass);
    }

    public boolean isSimulation() {
        return "simulation".equals(mode);
    }

    /** The folder that holds the module and the configuration. */
    public Path folder(Path specsDir) {
        return specsDir.resolve(spec);
    }

    /** A copy that expects {@code e} instead (used to prove that the runner reports a mismatch). */
    public ModelSpec expecting(Expectation e) {
        return new ModelSpec(name, spec, module, config, constants, mode, e, sizeClass, timeoutSeconds,
                recordedStates, recordedSeconds, description);
    }

    /** A copy that runs in simulation mode. */
    public ModelSpec simulated() {
        return new ModelSpec(name, spec, module, config, constants, "simulation", expected, sizeClass,
                timeoutSeconds, recordedStates, recordedSeconds, description);
    }
}
