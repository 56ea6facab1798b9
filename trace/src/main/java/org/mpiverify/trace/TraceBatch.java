package org.mpiverify.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mpiverify.trace.spi.Tla;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;
import org.mpiverify.trace.tlc.TraceLogOperator;

/**
 * Several short traces of one trace spec checked in one TLC run: the generated module EXTENDS the trace spec and
 * instantiates it once more, with the trace's index as a parameter ({@code T(i) == INSTANCE Spec WITH Trace <-
 * B_Trace[i], ...}); a variable {@code tix} (chosen in the initial state, never changed) says which trace a behaviour
 * takes. {@code \E i \in 1..N : tix = i /\ T(i)!TraceNext} steps trace {@code tix} only, an invariant is checked as
 * {@code \A i : tix = i => T(i)!Inv}, and an action property {@code P == [][PStep]_PVars} as {@code [][\E i : tix = i
 * /\ [T(i)!PStep]_T(i)!PVars]_<<vars, tix>>} (the trace spec names its step and subscript for that; a property
 * without them is not batched). So each behaviour is one trace's behaviour of its own spec, checked with its own
 * constants, and TLC parses the spec once for the batch instead of once per trace: the parse is most of a short
 * trace's time (a 36-event context-id trace, warm JVM: about 0.2 s of CPU alone, 20 ms in a batch of 32).
 *
 * <p>Why this form: TLA+ allows a constant parameter of a module with variables to be instantiated only by a
 * constant-level expression, and TLC refuses a constant replaced by a state-level definition, so the trace cannot be
 * {@code B_Trace[tix]}; the index is a bound (constant-level) parameter instead. One parameterized instance, not one
 * instance per trace: SANY copies every definition of an instantiated module, so N instances cost N parses.
 *
 * <p>Which trace reached how far: the constraint {@code BProgress} prints {@code <<"TRACE-REACHED", tix, l>>} for
 * each new furthest event of each trace (TLC's register {@code tix + 1}). A trace is accepted by a batch when it
 * reached {@code l = Len(Trace) + 1} in a run that found no violation in that trace (TLC stops at the first
 * violation, whose last state names its trace). Every other trace is decided by a run of its own ({@link
 * TraceChecker#checkBatch}), which reports the first bad event and the state before it as for any trace.
 *
 * <p>Thread safety: the static methods are safe for use by several threads (the module scan is cached in a
 * concurrent map).
 */
final class TraceBatch {
    /** Traces of at most this many events are batched; longer ones are one TLC run each (their parse is amortized). */
    static final int MAX_EVENTS = 2_000;
    /** Traces per batch at most: the steps' and invariants' guards are linear in it. */
    static final int MAX_TRACES = 64;

    static final Pattern REACHED = Pattern.compile("^<<\"TRACE-REACHED\", (\\d+), (\\d+)>>$");
    private static final Pattern EXTENDS = Pattern.compile("\\bEXTENDS\\b([^\\n]*)");
    private static final Pattern VARIABLES = Pattern.compile("\\bVARIABLES?\\b");
    private static final Pattern IDENT = Pattern.compile("\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*");

    private TraceBatch() {
    }

    /**
     * What traces must share to be checked in one batch: the spec, its checks, its configuration's shape. Null if
     * {@code model} is not batched (too long, empty, events naming definitions, or a property whose step and
     * subscript the spec does not name).
     */
    static String key(Path specFolder, TraceModel model) {
        int n = model.steps().size();
        if (n == 0 || n > MAX_EVENTS || !model.definitions().isEmpty()) return null;
        Module m = module(specFolder, model.traceModule());
        if (m == null || !m.variables.contains("l")) return null;
        for (String p : model.properties()) {
            if (!m.definitions.contains(p + "Step") || !m.definitions.contains(p + "Vars")) return null;
        }
        return String.join("|", model.specFolder(), model.traceModule(), model.invariants().toString(),
                model.properties().toString(), String.valueOf(model.view()), model.modelValues().toString(),
                model.substitutions().toString(), String.valueOf(model.readsTraceAsData()),
                model.dataConstants().keySet().toString(), model.constants(0, n).keySet().toString());
    }

    /**
     * Writes the batch module {@code module} and its configuration into {@code dir} (and, for traces read as data,
     * their events, one trace a line). All models must have the same {@link #key}.
     */
    static void write(Path dir, String module, Path specFolder, List<TraceModel> models, int rebase) {
        TraceModel first = models.getFirst();
        Module spec = module(specFolder, first.traceModule());
        int n = models.size();
        boolean data = first.readsTraceAsData();
        StringBuilder tla = new StringBuilder("---- MODULE ").append(module).append(" ----\n")
                .append("(* Generated by org.mpiverify.trace.TraceBatch: ").append(n).append(" traces of ")
                .append(first.traceModule()).append(", one TLC run; trace i is ").append(module)
                .append(".traces line i. *)\n")
                .append("EXTENDS ").append(first.traceModule()).append(data ? ", TraceLog" : "").append('\n')
                .append("VARIABLE tix\n");
        StringBuilder cfg = new StringBuilder("CONSTANTS\n");
        List<String> names = new ArrayList<>();
        try {
            if (data) Files.writeString(dir.resolve("TraceLog.tla"), TraceLogOperator.MODULE);
            // per-trace constants: one value if every trace has the same, else a tuple indexed by the trace
            Map<String, List<String>> values = new LinkedHashMap<>();
            for (TraceModel m : models) {
                m.constants(0, m.steps().size()).forEach((k, v) -> values.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
            }
            List<String> subst = new ArrayList<>();
            for (Map.Entry<String, List<String>> e : values.entrySet()) {
                String k = e.getKey();
                List<String> vs = e.getValue();
                tla.append("MC_").append(k).append(" == ").append(vs.getFirst()).append('\n');
                if (vs.stream().distinct().count() == 1) {
                    subst.add(k + " <- MC_" + k);
                } else {
                    tla.append("B_").append(k).append(" == <<").append(String.join(",\n    ", vs)).append(">>\n");
                    subst.add(k + " <- B_" + k + "[i]");
                }
                names.add(k);
            }
            // the traces (and, read as data, the constants given as data): a tuple of them, indexed by the trace
            List<String> traces = new ArrayList<>();
            for (TraceModel m : models) {
                List<String> events = new ArrayList<>();
                for (TraceStep s : m.steps()) events.add(s.tla());
                traces.add(Tla.tuple(events).replace('\n', ' '));
            }
            tla.append("B_Trace == ").append(tuple(dir, module + ".traces", traces, data)).append('\n');
            subst.add("Trace <- B_Trace[i]");
            tla.append("MC_Trace == B_Trace[1]\n");
            names.add("Trace");
            for (String k : first.dataConstants().keySet()) {
                List<String> vs = models.stream().map(m -> m.dataConstants().get(k)).toList();
                tla.append("B_").append(k).append(" == ").append(tuple(dir, module + "." + k, vs, true)).append('\n');
                tla.append("MC_").append(k).append(" == B_").append(k).append("[1]\n");
                subst.add(k + " <- B_" + k + "[i]");
                names.add(k);
            }
            if (data) {
                tla.append("MC_Rebase == ").append(rebase).append('\n');
                subst.add("Rebase <- MC_Rebase");
                names.add("Rebase");
            }
            tla.append("MC_FromInit == TRUE\nMC_Start == \"none\"\nMC_StopAt == 0\n");
            subst.add("FromInit <- TRUE");
            subst.add("Start <- \"none\"");
            subst.add("StopAt <- 0");
            names.addAll(List.of("FromInit", "Start", "StopAt"));
            for (String k : names) cfg.append("  ").append(k).append(" <- MC_").append(k).append('\n');
            for (String v : first.modelValues()) cfg.append("  ").append(v).append(" = ").append(v).append('\n');
            first.substitutions().forEach((op, by) -> cfg.append("  ").append(op).append(" <- ").append(by).append('\n'));

            String range = "1.." + n;
            tla.append("T(i) == INSTANCE ").append(first.traceModule()).append(" WITH ")
                    .append(String.join(", ", subst)).append('\n');
            tla.append("BInit == \\E i \\in ").append(range).append(" : tix = i /\\ TLCSet(i + 1, 0) /\\ T(i)!TraceInit\n");
            tla.append("BNext == \\E i \\in ").append(range).append(" : tix = i /\\ T(i)!TraceNext /\\ UNCHANGED tix\n");
            cfg.append("INIT BInit\nNEXT BNext\n");
            for (String inv : first.invariants()) {
                tla.append("BI_").append(inv).append(" == \\A i \\in ").append(range).append(" : tix = i => T(i)!")
                        .append(inv).append('\n');
                cfg.append("INVARIANT BI_").append(inv).append('\n');
            }
            String vars = String.join(", ", spec.variables);
            for (String p : first.properties()) {
                tla.append("BP_").append(p).append(" == [][\\E i \\in ").append(range).append(" : tix = i /\\ (T(i)!")
                        .append(p).append("Step \\/ UNCHANGED T(i)!").append(p).append("Vars)]_<<").append(vars)
                        .append(", tix>>\n");
                cfg.append("PROPERTY BP_").append(p).append('\n');
            }
            tla.append("BProgress == l > TLCGet(tix + 1) => (TLCSet(tix + 1, l) /\\ PrintT(<<\"TRACE-REACHED\", tix, l>>))\n");
            cfg.append("CONSTRAINT BProgress\nCHECK_DEADLOCK FALSE\n");
            if (first.view() != null) {
                tla.append("BView == <<tix, ").append(first.view()).append(">>\n");
                cfg.append("VIEW BView\n");
            }
            tla.append("====\n");
            Files.writeString(dir.resolve(module + ".tla"), tla);
            Files.writeString(dir.resolve(module + ".cfg"), cfg);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A tuple of values: read as data from a file of one value a line, or written as a literal. */
    private static String tuple(Path dir, String file, List<String> values, boolean data) throws IOException {
        if (!data) return "<<" + String.join(",\n    ", values) + ">>";
        Path f = dir.resolve(file);
        Files.write(f, values.stream().map(v -> v.replace('\n', ' ')).toList());
        return "TraceLog(" + Tla.str(f.toAbsolutePath().toString()) + ")";
    }

    /** The variables and definition names of a module and of the modules it EXTENDS in its folder. */
    private record Module(Set<String> variables, Set<String> definitions) {}

    private static final Map<Path, Module> MODULES = new ConcurrentHashMap<>();

    private static Module module(Path folder, String name) {
        Path file = folder.resolve(name + ".tla").toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) return null;
        return MODULES.computeIfAbsent(file, f -> {
            Set<String> vars = new LinkedHashSet<>();
            Set<String> defs = new LinkedHashSet<>();
            scan(folder, name, vars, defs, new LinkedHashSet<>());
            return new Module(Set.copyOf(vars), Set.copyOf(defs));
        });
    }

    /** Reads the declarations of {@code name} and, first, of the modules of its folder it EXTENDS. */
    private static void scan(Path folder, String name, Set<String> vars, Set<String> defs, Set<String> seen) {
        Path file = folder.resolve(name + ".tla");
        if (!seen.add(name) || !Files.isRegularFile(file)) return; // a standard module: no variables
        String text;
        try {
            text = stripComments(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher ext = EXTENDS.matcher(text);
        if (ext.find()) {
            for (String m : ext.group(1).split(",")) scan(folder, m.strip(), vars, defs, seen);
        }
        Matcher v = VARIABLES.matcher(text);
        while (v.find()) {
            int at = v.end();
            Matcher id = IDENT.matcher(text);
            while (id.find(at) && id.start() == at) {
                vars.add(id.group(1));
                at = id.end();
                if (at < text.length() && text.charAt(at) == ',') at++;
                else break;
            }
        }
        Matcher d = Pattern.compile("(?m)^([A-Za-z_][A-Za-z0-9_]*)\\s*(\\([^)]*\\))?\\s*==").matcher(text);
        while (d.find()) defs.add(d.group(1));
    }

    /** The text without {@code \* ...} and (nested) {@code (* ... *)} comments, strings kept. */
    static String stripComments(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (depth == 0 && c == '"') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != '"') j += s.charAt(j) == '\\' ? 2 : 1;
                out.append(s, i, Math.min(s.length(), j + 1));
                i = j;
            } else if (c == '(' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
                depth++;
                i++;
            } else if (depth > 0 && c == '*' && i + 1 < s.length() && s.charAt(i + 1) == ')') {
                depth--;
                i++;
            } else if (depth == 0 && c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
                while (i < s.length() && s.charAt(i) != '\n') i++;
                out.append('\n');
            } else if (depth == 0) {
                out.append(c);
            } else if (c == '\n') {
                out.append('\n');
            }
        }
        return out.toString();
    }
}
