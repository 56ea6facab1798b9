package org.mpiverify.specs;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One model of the manifest: which module TLC checks with which constants, what it checks, how, and
 * what it must find. The {@code MC_<name>.tla}/{@code .cfg} pair that TLC loads is generated from this
 * record by {@link ModelGenerator}; the manifest is the only place a model is written down.
 *
 * @param name            unique model name (used on the command line, in report file names and as
 *                        the generated module {@code MC_<name>})
 * @param spec            the spec folder under {@code specs/} (e.g. {@code contextid})
 * @param extendsModule   the module the generated MC module extends: a specification, or a module of
 *                        spec mutants that extends one
 * @param constants       constant name to its value as a TLA+ expression, bound by {@code <-}
 * @param modelValues     constants bound to a model value of the same name ({@code Wild = Wild})
 * @param overrides       definition overrides: operator of the spec to its replacement (a mutant's defect)
 * @param specification   the temporal formula TLC checks ({@code SPECIFICATION})
 * @param invariants      the invariants TLC checks, in order
 * @param properties      the temporal and action properties TLC checks, in order
 * @param checkDeadlock   whether a state without successor is an error
 * @param view            the VIEW operator, or null
 * @param constraint      the state constraint ({@code CONSTRAINT}), an operator of the model's module, or null:
 *                        TLC explores only the states that satisfy it. It must not bind on the specification
 *                        (the same distinct-state count without it), and under TLC 2.18 it cannot show a
 *                        liveness violation whose every behaviour leaves it (specs/README.md, "State
 *                        constraints")
 * @param mode            "exhaustive" (breadth-first model checking) or "simulation"
 * @param expected        what TLC must report
 * @param sizeClass       "quick" (run by {@code mvn verify}) or "full" ({@code -Pfull})
 * @param timeoutSeconds  the deadline for this model's TLC process
 * @param recordedStates  distinct states the manifest expects (-1 if not recorded)
 * @param stateTolerance  how far the distinct-state count may move from {@code recordedStates}, as a
 *                        fraction of it (0 = exactly)
 * @param recordedSeconds wall seconds of the recorded run (-1 if unknown; informational)
 * @param claimsCoverage  whether this model counts towards covering the actions of its module
 * @param description     what the model shows, one sentence
 */
public record ModelSpec(String name, String spec, String extendsModule, Map<String, String> constants,
                        List<String> modelValues, Map<String, String> overrides, String specification,
                        List<String> invariants, List<String> properties, boolean checkDeadlock, String view,
                        String constraint, String mode, Expectation expected, String sizeClass, int timeoutSeconds,
                        long recordedStates, double stateTolerance, double recordedSeconds,
                        boolean claimsCoverage, String description) {

    public ModelSpec {
        constants = Collections.unmodifiableMap(new LinkedHashMap<>(constants));   // manifest order
        modelValues = List.copyOf(modelValues);
        overrides = Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
        invariants = List.copyOf(invariants);
        properties = List.copyOf(properties);
    }

    /** The generated root module TLC loads. */
    public String module() {
        return "MC_" + name;
    }

    /** The generated configuration file. */
    public String config() {
        return module() + ".cfg";
    }

    public boolean isQuick() {
        return "quick".equals(sizeClass);
    }

    public boolean isSimulation() {
        return "simulation".equals(mode);
    }

    /**
     * Whether TLC checks a temporal (or action) property here. Such a model runs with one TLC worker:
     * TLC 2.18 can miss liveness violations with more (tlaplus/tlaplus#971, fixed after 2.18 by PR #972).
     */
    public boolean checksProperties() {
        return !properties.isEmpty();
    }

    /** Whether the model applies a spec mutant (a definition override): it must violate something. */
    public boolean isMutant() {
        return !overrides.isEmpty();
    }

    /** The folder that holds the specification and the generated model files. */
    public Path folder(Path specsDir) {
        return specsDir.resolve(spec);
    }

    /** A copy that expects {@code e} instead (used to prove that the runner reports a mismatch). */
    public ModelSpec expecting(Expectation e) {
        return new ModelSpec(name, spec, extendsModule, constants, modelValues, overrides, specification,
                invariants, properties, checkDeadlock, view, constraint, mode, e, sizeClass, timeoutSeconds, recordedStates,
                stateTolerance, recordedSeconds, claimsCoverage, description);
    }

    /** A copy that runs in simulation mode (no state count to compare). */
    public ModelSpec simulated() {
        return new ModelSpec(name, spec, extendsModule, constants, modelValues, overrides, specification,
                invariants, properties, checkDeadlock, view, constraint, "simulation", expected, sizeClass, timeoutSeconds, -1,
                stateTolerance, recordedSeconds, claimsCoverage, description);
    }

    /** A copy under another name with another deadline (tests). */
    public ModelSpec renamed(String newName, int newTimeoutSeconds) {
        return new ModelSpec(newName, spec, extendsModule, constants, modelValues, overrides, specification,
                invariants, properties, checkDeadlock, view, constraint, mode, expected, sizeClass, newTimeoutSeconds,
                recordedStates, stateTolerance, recordedSeconds, claimsCoverage, description);
    }
}
