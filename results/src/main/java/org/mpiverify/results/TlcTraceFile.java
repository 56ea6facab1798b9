package org.mpiverify.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code out/tlc/<model>.trace.json}: one TLC counterexample, step by step, written by the specs module and drawn
 * by the dashboard as a step table, both through this record ({@link #write}, {@link #read}).
 *
 * @param model       the model's name
 * @param spec        its spec's folder
 * @param result      TLC's outcome, as the manifest names it
 * @param violated    the invariant or property violated, if TLC named one
 * @param backToState for a lasso, the step the behaviour returns to; else -1
 * @param steps       the behaviour's states, in order
 */
public record TlcTraceFile(String model, String spec, String result, String violated, int backToState,
                           List<Step> steps) {
    public TlcTraceFile {
        steps = steps == null ? List.of() : List.copyOf(steps);
    }

    /**
     * One state of the behaviour.
     *
     * @param number  its number, from 1
     * @param action  the TLA+ action that led to it
     * @param who     the thread or rank that took the step; left out when the spec records no event
     * @param what    the step in words; left out with {@code who}
     * @param peers   the lanes it sends to or synchronizes with; left out with {@code who}
     * @param changed what changed since the previous state, one line per change
     * @param state   every variable to its TLA+ value
     */
    public record Step(int number, String action, @JsonInclude(JsonInclude.Include.NON_NULL) String who,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String what,
                       @JsonInclude(JsonInclude.Include.NON_NULL) List<String> peers, List<String> changed,
                       Map<String, String> state) {
        public Step {
            changed = changed == null ? List.of() : List.copyOf(changed);
            state = state == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(state)); // the spec's order
        }
    }

    /** Writes {@code file} (and its folders). */
    public void write(Path file) throws IOException {
        Json.writeFile(file, this);
    }

    /** Reads {@code file}; a malformed one, or one with a key this record does not have, is an {@link IllegalArgumentException}. */
    public static TlcTraceFile read(Path file) throws IOException {
        return Json.readFile(file, TlcTraceFile.class);
    }
}
