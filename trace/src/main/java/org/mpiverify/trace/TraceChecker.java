package org.mpiverify.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mpiverify.specs.TlcOutcome;
import org.mpiverify.specs.TlcOutputParser;
import org.mpiverify.specs.TlcResult;
import org.mpiverify.specs.TraceState;
import org.mpiverify.trace.spi.Tla;
import org.mpiverify.trace.tlc.TlcSession;
import org.mpiverify.trace.tlc.TraceLogOperator;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;

/**
 * Lets TLC decide whether a spec allows a recorded trace: writes each window of the trace as a generated
 * module that EXTENDS the algorithm's trace spec, runs TLC on it (one worker: the trace specs check action
 * properties), and reads the answer. The windows of one trace run one after another in one TLC JVM of the
 * trace's own ({@link TlcSession}): the JVM starts and TLC's evaluator is compiled once per trace, not once per
 * window.
 *
 * <p>A trace is cut into windows of at most {@code windowSize} events; each window but the first starts
 * in the state TLC printed at the end of the previous one ({@code TraceStop}), so the windows check one
 * behavior. When a window is rejected, TLC is run once more on it with {@code StopAt} at the first
 * event it could not take, which prints the spec's state just before that event.
 *
 * <p>A trace whose spec reads it as data ({@link TraceModel#readsTraceAsData()}) is one window however long: its
 * events go to a file that the spec reads through {@code TraceLog} ({@link TraceLogOperator}), and the spec restarts
 * its history every {@code windowSize} events itself, so TLC parses the spec and computes its initial state once per
 * trace. A rejection is reported in the same way (the furthest event reached, then a run stopping there).
 *
 * <p>Settings as for the models ({@code TlcProcess}): fixed fingerprint and seed, a private metadata folder
 * per window; the trace spec's folder is TLC's library path, so the generated modules live under
 * {@code out/}, not in the spec folders.
 *
 * <p>Thread safety: safe for use by several threads; each {@link #check} has its own TLC JVM, and
 * {@link #checkAll} checks independent traces at once that way.
 */
public final class TraceChecker {
    private static final Pattern REACHED = Pattern.compile("^<<\"TRACE-REACHED\", (\\d+)>>$");
    private static final Pattern STATE_START = Pattern.compile("^<<\\s*\"TRACE-STATE\",");
    private static final Pattern DEFINITION = Pattern.compile("\\bTS\\d+\\b");

    private final Path specsDir;
    private final Path workDir;
    /** Traces of at most this many events, checked in one window, run TLC with the C1 compiler only. */
    static final int SHORT_TRACE_EVENTS = 1000;

    private final int windowSize;
    private final Duration windowTimeout;

    /**
     * @param specsDir      the {@code specs/} folder
     * @param workDir       where the generated modules and TLC's output go (one folder per trace)
     * @param windowSize    events per TLC run; for a trace read as data ({@link TraceModel#readsTraceAsData()}),
     *                      one run for the whole trace, whose spec restarts its history every windowSize events
     * @param windowTimeout the deadline of one TLC run (of a trace read as data: this times its windows)
     */
    public TraceChecker(Path specsDir, Path workDir, int windowSize, Duration windowTimeout) {
        if (windowSize < 1) throw new IllegalArgumentException("window size " + windowSize);
        this.specsDir = specsDir;
        this.workDir = workDir;
        this.windowSize = windowSize;
        this.windowTimeout = windowTimeout;
    }

    /** Checks the whole trace of {@code model}; its name names its folder under the work folder. */
    public TraceVerdict check(TraceModel model) {
        // a trace of one short window: the JVM's start dominates, and C2's compiler threads cost more than they save
        // (a 500-event context-id window: 2.6 s of CPU instead of 5.2 s); longer traces keep C2
        boolean shortRun = model.steps().size() <= Math.min(windowSize, SHORT_TRACE_EVENTS);
        try (TlcSession session = new TlcSession(specsDir.resolve(model.specFolder()), shortRun)) {
            return check(model, session);
        }
    }

    /**
     * Checks short traces of one spec folder one after another in one TLC JVM (a test's few traces of a few hundred
     * events each: the JVM's start and TLC's compilation, paid once, are most of each one's time); the verdicts are in
     * the order of {@code models}.
     */
    public List<TraceVerdict> checkInOneJvm(List<TraceModel> models) {
        if (models.stream().map(TraceModel::specFolder).distinct().count() > 1) {
            throw new IllegalArgumentException("traces of several spec folders: " + models.stream().map(TraceModel::name).toList());
        }
        if (models.isEmpty()) return List.of();
        boolean shortRun = models.stream().mapToInt(m -> m.steps().size()).sum() <= SHORT_TRACE_EVENTS;
        try (TlcSession session = new TlcSession(specsDir.resolve(models.getFirst().specFolder()), shortRun)) {
            List<TraceVerdict> verdicts = new ArrayList<>();
            for (TraceModel m : models) verdicts.add(check(m, session));
            return verdicts;
        }
    }

    /**
     * Checks independent traces (one per rank, per table, per algorithm) at once, each in a TLC JVM of its own,
     * at most {@code parallelism} at a time; the verdicts are in the order of {@code models}.
     */
    public List<TraceVerdict> checkAll(List<TraceModel> models, int parallelism) {
        if (parallelism < 1) throw new IllegalArgumentException("parallelism " + parallelism);
        if (models.size() <= 1 || parallelism == 1) return models.stream().map(this::check).toList();
        try (ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallelism, models.size()),
                Thread.ofPlatform().name("trace-check-", 1).factory())) {
            List<Future<TraceVerdict>> futures = models.stream().map(m -> pool.submit(() -> check(m))).toList();
            List<TraceVerdict> verdicts = new ArrayList<>();
            for (Future<TraceVerdict> f : futures) verdicts.add(f.get());
            return verdicts;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking traces", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * Checks independent traces on at most {@code parallelism} threads, each with one TLC JVM ({@link TlcSession}) for
     * the trace specs of every folder: the traces of a spec folder are checked together, short traces of one spec
     * several to a TLC run ({@link #checkBatched}), so that a JVM starts and TLC's evaluator compiles once per thread
     * and a spec is parsed once per batch instead of once per trace. A folder with more events than a thread's share
     * is split between threads. The verdicts are in the order of {@code models}, each the one {@link
     * #check(TraceModel)} gives (a rejected trace at its own first bad event).
     *
     * @param shortRun whether the whole check is expected to take a few seconds ({@link TlcSession})
     */
    public List<TraceVerdict> checkAllBatched(List<TraceModel> models, int parallelism, boolean shortRun) {
        if (parallelism < 1) throw new IllegalArgumentException("parallelism " + parallelism);
        if (models.isEmpty()) return List.of();
        Map<String, List<Integer>> byFolder = new LinkedHashMap<>();
        long total = 0;
        for (int i = 0; i < models.size(); i++) {
            byFolder.computeIfAbsent(models.get(i).specFolder(), k -> new ArrayList<>()).add(i);
            total += Math.max(1, models.get(i).steps().size());
        }
        // a folder's traces split into parts of about a thread's share of the events (round robin keeps each part's
        // traces alike), the largest parts first
        long share = Math.max(1, total / parallelism);
        List<List<Integer>> parts = new ArrayList<>();
        for (List<Integer> folder : byFolder.values()) {
            long events = folder.stream().mapToLong(i -> Math.max(1, models.get(i).steps().size())).sum();
            int k = (int) Math.min(Math.min(parallelism, folder.size()), Math.max(1, events / share));
            List<List<Integer>> split = new ArrayList<>();
            for (int j = 0; j < k; j++) split.add(new ArrayList<>());
            for (int j = 0; j < folder.size(); j++) split.get(j % k).add(folder.get(j));
            parts.addAll(split);
        }
        parts.sort(Comparator.comparingLong((List<Integer> p) -> p.stream()
                .mapToLong(i -> models.get(i).steps().size()).sum()).reversed());
        TraceVerdict[] out = new TraceVerdict[models.size()];
        int threads = Math.min(parallelism, parts.size());
        List<TlcSession> sessions = new CopyOnWriteArrayList<>();
        ThreadLocal<TlcSession> session = new ThreadLocal<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads,
                Thread.ofPlatform().name("trace-check-", 1).factory())) {
            List<Future<?>> futures = new ArrayList<>();
            for (List<Integer> part : parts) {
                futures.add(pool.submit(() -> {
                    TlcSession s = session.get();
                    if (s == null) {
                        s = new TlcSession(specFolder(models.get(part.getFirst()).specFolder()), shortRun);
                        session.set(s);
                        sessions.add(s);
                    }
                    List<TraceVerdict> vs = checkBatched(part.stream().map(models::get).toList(), s);
                    for (int j = 0; j < part.size(); j++) out[part.get(j)] = vs.get(j);
                }));
            }
            for (Future<?> f : futures) f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking traces", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        } finally {
            for (TlcSession s : sessions) s.close();
        }
        return List.of(out);
    }

    /**
     * Checks traces of one spec folder in {@code session}, short traces of the same spec several to a TLC run
     * ({@link TraceBatch}); the verdicts are in the order of {@code models} and are those {@link #check(TraceModel,
     * TlcSession)} gives: a trace a batch accepts is accepted (its TLC seconds are its share of the batch's), every
     * other trace of a batch (rejected, or not decided because TLC stopped at another trace's violation) is checked
     * again by a run of its own, which finds its first bad event and the state before it.
     */
    public List<TraceVerdict> checkBatched(List<TraceModel> models, TlcSession session) {
        TraceVerdict[] out = new TraceVerdict[models.size()];
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < models.size(); i++) {
            TraceModel m = models.get(i);
            String key = TraceBatch.key(specFolder(m.specFolder()), m);
            if (key == null) out[i] = check(m, session);
            else groups.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
        }
        // traces with the same constants batched together, the others only if their spec allows it
        // (TraceModel#batchesAcrossConstants). A constant all traces share is a constant of the batch, whose
        // definitions TLC evaluates once; one that differs is indexed by the trace and evaluated on every use (11
        // context-id traces of differing constants: about 0.5 s each, as alone; 32 of the same: 20 ms each), and the
        // configuration's substitutions (Th <- SlotThread, say) are evaluated with the first trace's constants for
        // every trace (seen: a batch of two context-id traces of differing slots violated TypeOK; each alone is
        // accepted). A trace whose constants no other trace shares is checked alone, in the same TLC JVM.
        List<List<Integer>> batches = new ArrayList<>();
        for (List<Integer> group : groups.values()) {
            Map<String, List<Integer>> same = new LinkedHashMap<>();
            for (int i : group) {
                TraceModel m = models.get(i);
                same.computeIfAbsent(m.constants(0, m.steps().size()).toString(), k -> new ArrayList<>()).add(i);
            }
            List<Integer> mixed = new ArrayList<>();
            for (List<Integer> s : same.values()) {
                if (s.size() == 1 && models.get(s.getFirst()).batchesAcrossConstants()) mixed.addAll(s);
                else batches.add(s);
            }
            if (!mixed.isEmpty()) batches.add(mixed);
        }
        for (List<Integer> group : batches) {
            for (int from = 0; from < group.size(); from += TraceBatch.MAX_TRACES) {
                List<Integer> part = group.subList(from, Math.min(group.size(), from + TraceBatch.MAX_TRACES));
                List<TraceModel> batch = part.stream().map(models::get).toList();
                List<TraceVerdict> verdicts = checkBatch(batch, session);
                for (int j = 0; j < part.size(); j++) out[part.get(j)] = verdicts.get(j);
            }
        }
        return List.of(out);
    }

    /** Numbers the batches' folders. */
    private static final AtomicInteger BATCHES = new AtomicInteger();

    /** One batch of traces with the same {@link TraceBatch#key}; the rest as {@link #checkBatched} says. */
    private List<TraceVerdict> checkBatch(List<TraceModel> models, TlcSession session) {
        if (models.size() == 1) return List.of(check(models.getFirst(), session));
        TraceModel first = models.getFirst();
        Path dir = workDir.resolve("batch-" + safe(first.traceModule()) + "-" + BATCHES.incrementAndGet());
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String module = "MC_batch";
        TraceBatch.write(dir, module, specFolder(first.specFolder()), models, windowSize);
        long t0 = System.nanoTime();
        int n = models.size();
        int[] reached = new int[n + 1];
        TlcOutputParser parser = new TlcOutputParser(p -> { }, false);
        StringBuilder raw = new StringBuilder("# ").append(module).append(": ").append(n).append(" traces\n");
        int events = models.stream().mapToInt(m -> m.steps().size()).sum();
        Duration deadline = windowTimeout.multipliedBy(Math.max(1, (events + windowSize - 1) / windowSize));
        TlcSession.Outcome outcome = session.check(dir, module, specFolder(first.specFolder()), deadline, line -> {
            if (raw.length() < 8_000_000) raw.append(line).append('\n');
            Matcher m = TraceBatch.REACHED.matcher(line.strip());
            if (m.matches()) {
                int t = Integer.parseInt(m.group(1));
                if (t >= 1 && t <= n) reached[t] = Math.max(reached[t], Integer.parseInt(m.group(2)));
            } else {
                parser.accept(line);
            }
        });
        double seconds = secondsSince(t0);
        raw.append("# CPU time of TLC's JVM for this run: ").append(outcome.cpuMillis()).append(" ms\n");
        try {
            Files.writeString(dir.resolve(module + ".tlc.log"), raw);
        } catch (IOException ignored) {
            // the log is for people
        }
        // the trace whose violation stopped the run, if TLC found one: named by tix in its last state
        int violator = 0;
        TlcResult result = outcome.exitCode() == null ? TlcResult.error(outcome.failure()) : parser.result(outcome.exitCode());
        if (result.outcome() == TlcOutcome.SAFETY && !result.trace().isEmpty()) {
            String tix = result.trace().getLast().variables().get("tix");
            try {
                violator = tix == null ? 0 : Integer.parseInt(tix.strip());
            } catch (NumberFormatException e) {
                violator = 0;
            }
        }
        List<Integer> accepted = new ArrayList<>();
        List<Integer> undecided = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            boolean ended = reached[i] == models.get(i - 1).steps().size() + 1;
            if (ended && i != violator && (result.outcome() == TlcOutcome.SUCCESS || result.outcome() == TlcOutcome.SAFETY)) {
                accepted.add(i - 1);
            } else {
                undecided.add(i - 1);
            }
        }
        TraceVerdict[] out = new TraceVerdict[n];
        double share = accepted.isEmpty() ? 0 : seconds / accepted.size();
        for (int i : accepted) {
            TraceModel m = models.get(i);
            out[i] = new TraceVerdict(m.name(), m.algorithm(), m.variant(), m.specFolder() + "/" + m.traceModule(),
                    TraceVerdict.Status.ACCEPTED, m.steps().size(), 1, round(share), m.steps().size() + 1, 0, "", null,
                    null, Map.of(), List.of(), m.truncation());
        }
        if (!undecided.isEmpty()) {
            // the trace that stopped the run, and any the batch rejected, alone; the others of a stopped run batched again
            List<TraceModel> again = new ArrayList<>();
            List<Integer> againAt = new ArrayList<>();
            for (int i : undecided) {
                boolean stoppedEarly = result.outcome() == TlcOutcome.SAFETY && violator != 0 && i + 1 != violator
                        && reached[i + 1] <= models.get(i).steps().size();
                if (stoppedEarly) {
                    again.add(models.get(i));
                    againAt.add(i);
                } else {
                    out[i] = check(models.get(i), session);
                }
            }
            if (!again.isEmpty()) {
                List<TraceVerdict> vs = checkBatch(again, session);
                for (int j = 0; j < again.size(); j++) out[againAt.get(j)] = vs.get(j);
            }
        }
        if (undecided.isEmpty()) deleteTree(dir);
        return List.of(out);
    }

    private static void deleteTree(Path dir) {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // TLC's files of an accepted batch: kept if they cannot be deleted
        }
    }

    /** The folder of {@code model}'s generated modules and TLC's output: its name's, under the work folder. */
    public Path folderOf(TraceModel model) {
        return workDir.resolve(safe(model.name()));
    }

    /** The folder of the trace specs of {@code folder} ({@link TraceModel#specFolder()}): a session's library. */
    public Path specFolder(String folder) {
        return specsDir.resolve(folder);
    }

    /**
     * Checks the whole trace of {@code model} in {@code session}, a TLC JVM that may have checked other traces, of
     * this folder or another, before (its windows are new TLC runs all the same, with the model's folder as TLC's
     * library).
     */
    public TraceVerdict check(TraceModel model, TlcSession session) {
        String name = model.name();
        List<TraceStep> steps = model.steps();
        Path dir = folderOf(model);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        double seconds = 0;
        long distinct = 0;
        int windows = 0;
        String start = null;
        // a trace read as data is one TLC run (the spec restarts its history every windowSize events itself)
        int span = model.readsTraceAsData() ? Math.max(1, steps.size()) : windowSize;
        for (int from = 0; from < steps.size() || (from == 0 && steps.isEmpty()); from += span) {
            int to = Math.min(steps.size(), from + span);
            windows++;
            Run run = run(session, dir, model, windows, from, to, start, to - from + 1);
            seconds += run.seconds;
            distinct += Math.max(0, run.result.distinctStates());
            if (run.result.outcome() == TlcOutcome.SAFETY) {
                int l = lastL(run.result.trace());
                int bad = from + Math.max(1, l - 1);
                Map<String, String> before = run.result.trace().size() >= 2
                        ? run.result.trace().get(run.result.trace().size() - 2).variables() : Map.of();
                return rejected(name, model, windows, seconds, distinct, bad, run.result.violated(),
                        "after this event the spec's " + (run.result.violated() == null ? "property"
                                : run.result.violated()) + " is violated: " + firstLine(run.result.message()),
                        before);
            }
            if (run.result.outcome() != TlcOutcome.SUCCESS) {
                return error(name, model, windows, seconds, distinct, "TLC failed on window " + windows + " (events "
                        + (from + 1) + "-" + to + "): " + run.result.message() + "\nsee " + run.log);
            }
            if (run.state == null) {
                // TLC explored every behavior that takes the events before run.reached and none takes that one.
                int bad = from + run.reached;
                Run again = run(session, dir, model, windows, from, to, start, run.reached);
                seconds += again.seconds;
                Map<String, String> before = again.state == null ? Map.of() : variables(again.state);
                return rejected(name, model, windows, seconds, distinct, bad, null,
                        "no step of the spec takes this event from the state before it", before);
            }
            start = run.state;
            if (steps.isEmpty()) break;
        }
        return new TraceVerdict(name, model.algorithm(), model.variant(), model.specFolder() + "/" + model.traceModule(),
                TraceVerdict.Status.ACCEPTED, steps.size(), windows, round(seconds), distinct, 0, "", null, null,
                Map.of(), List.of(), model.truncation());
    }

    private TraceVerdict rejected(String name, TraceModel model, int windows, double seconds, long distinct, int bad,
                                  String violated, String reason, Map<String, String> before) {
        List<TraceStep> steps = model.steps();
        TraceStep step = bad >= 1 && bad <= steps.size() ? steps.get(bad - 1) : null;
        List<TraceStep> context = steps.subList(Math.max(0, bad - 41), Math.min(steps.size(), bad));
        return new TraceVerdict(name, model.algorithm(), model.variant(), model.specFolder() + "/" + model.traceModule(),
                TraceVerdict.Status.REJECTED, steps.size(), windows, round(seconds), distinct, bad, reason, violated,
                step, before, context, model.truncation());
    }

    private TraceVerdict error(String name, TraceModel model, int windows, double seconds, long distinct, String why) {
        return new TraceVerdict(name, model.algorithm(), model.variant(), model.specFolder() + "/" + model.traceModule(),
                TraceVerdict.Status.ERROR, model.steps().size(), windows, round(seconds), distinct, 0, why, null, null,
                Map.of(), List.of(), model.truncation());
    }

    /** One TLC run: its result, the furthest event reached, the state printed at StopAt (or null). */
    private record Run(TlcResult result, int reached, String state, double seconds, Path log) {}

    private Run run(TlcSession session, Path dir, TraceModel model, int window, int from, int to, String start, int stopAt) {
        String module = "MC_w" + window + (stopAt <= to - from ? "_stop" + stopAt : "");
        Map<String, String> constants = new LinkedHashMap<>(model.constants(from, to));
        List<String> events = new ArrayList<>();
        for (TraceStep s : model.steps().subList(from, to)) events.add(s.tla());
        boolean data = model.readsTraceAsData();
        Path eventsFile = dir.resolve("MC_w" + window + ".events");
        if (data) {
            try {
                Files.writeString(dir.resolve("TraceLog.tla"), TraceLogOperator.MODULE);
                Files.write(eventsFile, events);
                for (Map.Entry<String, String> d : model.dataConstants().entrySet()) {
                    Path file = dir.resolve("MC_w" + window + "." + d.getKey());
                    Files.writeString(file, d.getValue() + "\n");
                    constants.put(d.getKey(), "TraceLog(" + Tla.str(file.toAbsolutePath().toString()) + ")[1]");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            constants.put("Trace", "TraceLog(" + Tla.str(eventsFile.toAbsolutePath().toString()) + ")");
            constants.put("Rebase", Integer.toString(windowSize));
        } else {
            constants.put("Trace", Tla.tuple(events));
        }
        constants.put("FromInit", Tla.bool(start == null));
        constants.put("Start", start == null ? Tla.str("none") : start);
        constants.put("StopAt", Integer.toString(stopAt));
        StringBuilder tla = new StringBuilder("---- MODULE ").append(module).append(" ----\n")
                .append("(* Generated by org.mpiverify.trace.TraceChecker: events ").append(from + 1).append('-')
                .append(to).append(" of a ").append(model.variant()).append(" trace")
                .append(data ? ", read from " + eventsFile.getFileName() : "")
                .append(". *)\n")
                .append("EXTENDS ").append(model.traceModule()).append(data ? ", TraceLog" : "").append('\n');
        StringBuilder cfg = new StringBuilder("CONSTANTS\n");
        Set<String> used = new TreeSet<>();
        for (String e : events) {
            Matcher m = DEFINITION.matcher(e);
            while (m.find()) used.add(m.group());
        }
        if (data && !used.isEmpty()) {
            throw new IllegalStateException(model.name() + ": a trace read as data names definitions " + used);
        }
        Map<String, String> defs = model.definitions();
        for (String name : used) {
            if (defs.containsKey(name)) tla.append(name).append(" == ").append(defs.get(name)).append('\n');
        }
        for (Map.Entry<String, String> c : constants.entrySet()) {
            tla.append("MC_").append(c.getKey()).append(" == ").append(c.getValue()).append('\n');
            cfg.append("  ").append(c.getKey()).append(" <- MC_").append(c.getKey()).append('\n');
        }
        for (String v : model.modelValues()) cfg.append("  ").append(v).append(" = ").append(v).append('\n');
        model.substitutions().forEach((op, by) -> cfg.append("  ").append(op).append(" <- ").append(by).append('\n'));
        tla.append("====\n");
        cfg.append("INIT TraceInit\nNEXT TraceNext\n");
        for (String i : model.invariants()) cfg.append("INVARIANT ").append(i).append('\n');
        for (String p : model.properties()) cfg.append("PROPERTY ").append(p).append('\n');
        cfg.append("CONSTRAINT TraceProgress\nCONSTRAINT TraceStop\nCHECK_DEADLOCK FALSE\n");
        if (model.view() != null) cfg.append("VIEW ").append(model.view()).append('\n');
        Path log = dir.resolve(module + ".tlc.log");
        try {
            Files.writeString(dir.resolve(module + ".tla"), tla);
            Files.writeString(dir.resolve(module + ".cfg"), cfg);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // one run for a whole trace read as data: the deadline of as many windows as it holds
        Duration deadline = data ? windowTimeout.multipliedBy(Math.max(1, (to - from + windowSize - 1) / windowSize))
                : windowTimeout;
        return tlc(session, specFolder(model.specFolder()), dir, module, log, deadline);
    }

    private Run tlc(TlcSession session, Path library, Path dir, String module, Path logFile, Duration deadline) {
        long t0 = System.nanoTime();
        TlcOutputParser parser = new TlcOutputParser(p -> { }, false);
        StringBuilder raw = new StringBuilder("# ").append(module).append(" in one TLC JVM per trace\n");
        int[] reached = {1};
        StringBuilder state = new StringBuilder();
        boolean[] inState = {false};
        TlcSession.Outcome outcome = session.check(dir, module, library, deadline, line -> {
            if (raw.length() < 8_000_000) raw.append(line).append('\n');
            Matcher m = REACHED.matcher(line.strip());
            if (m.matches()) {
                reached[0] = Math.max(reached[0], Integer.parseInt(m.group(1)));
            } else if (inState[0] || STATE_START.matcher(line.strip()).find()) {
                inState[0] = true;
                state.append(line.strip()).append(' ');
                if (balance(state) == 0) inState[0] = false;
            } else {
                parser.accept(line);
            }
        });
        raw.append("# CPU time of TLC's JVM for this run: ").append(outcome.cpuMillis()).append(" ms\n");
        try {
            Files.writeString(logFile, raw);
        } catch (IOException ignored) {
            // the log is for people; the verdict does not depend on it
        }
        if (outcome.exitCode() == null) {
            return new Run(TlcResult.error(outcome.failure()), reached[0], null, secondsSince(t0), logFile);
        }
        String printed = state.isEmpty() ? null : stateValue(state.toString().strip());
        return new Run(parser.result(outcome.exitCode()), reached[0], printed, secondsSince(t0), logFile);
    }

    /** The third element of {@code <<"TRACE-STATE", l, [..]>>}: the state record, as TLA+ text. */
    private static String stateValue(String printed) {
        int first = printed.indexOf("\"TRACE-STATE\",") + "\"TRACE-STATE\",".length();
        int comma = printed.indexOf(',', first);
        return printed.substring(comma + 1, printed.lastIndexOf(">>")).strip();
    }

    /** Open brackets minus closed ones, outside strings. */
    private static int balance(CharSequence s) {
        int depth = 0;
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quoted) {
                if (c == '\\') i++;
                else if (c == '"') quoted = false;
            } else if (c == '"') {
                quoted = true;
            } else if (c == '[' || c == '(' || c == '{' || (c == '<' && i + 1 < s.length() && s.charAt(i + 1) == '<')) {
                depth++;
                if (c == '<') i++;
            } else if (c == ']' || c == ')' || c == '}' || (c == '>' && i + 1 < s.length() && s.charAt(i + 1) == '>')) {
                depth--;
                if (c == '>') i++;
            }
        }
        return depth;
    }

    /** The variables of a printed state record {@code [a |-> x, b |-> y]}. */
    static Map<String, String> variables(String record) {
        Map<String, String> out = new LinkedHashMap<>();
        String body = record.strip();
        if (!body.startsWith("[") || !body.endsWith("]")) return Map.of("state", record);
        body = body.substring(1, body.length() - 1);
        int depth = 0;
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i <= body.length(); i++) {
            char c = i < body.length() ? body.charAt(i) : ',';
            if (quoted) {
                if (c == '\\') i++;
                else if (c == '"') quoted = false;
                continue;
            }
            if (c == '"') quoted = true;
            else if ("[({".indexOf(c) >= 0 || (c == '<' && i + 1 < body.length() && body.charAt(i + 1) == '<')) depth++;
            else if ("])}".indexOf(c) >= 0 || (c == '>' && i + 1 < body.length() && body.charAt(i + 1) == '>')) depth--;
            else if (c == ',' && depth == 0) {
                String part = body.substring(start, i).strip();
                int arrow = part.indexOf("|->");
                if (arrow > 0) out.put(part.substring(0, arrow).strip(), part.substring(arrow + 3).strip());
                start = i + 1;
            }
            if (c == '<' || c == '>') {
                if (i + 1 < body.length() && body.charAt(i + 1) == c) i++;
            }
        }
        return out;
    }

    /** The value of l in the last state of a counterexample. */
    private static int lastL(List<TraceState> trace) {
        if (trace.isEmpty()) return 1;
        String l = trace.getLast().variables().get("l");
        try {
            return l == null ? 1 : Integer.parseInt(l.strip());
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private static String firstLine(String s) {
        return s.lines().findFirst().orElse("");
    }

    private static double secondsSince(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }

    private static double round(double s) {
        return Math.round(s * 10) / 10.0;
    }

    static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]+", "_");
    }
}
