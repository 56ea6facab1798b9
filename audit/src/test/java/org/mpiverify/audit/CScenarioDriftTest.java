package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.audit.cscenario.CAudit;
import org.mpiverify.harness.nativempi.CProgram;
import org.mpiverify.audit.cscenario.CScenario;
import org.mpiverify.audit.cscenario.CScenarios;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.core.CoreAuditMpi;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Workspace;

/**
 * The C scenarios cannot drift from the Java ones: each C program, run with {@code MVS_TRACE_CALLS=1}, must make the
 * same MPI calls, as many times, from the same thread roles (the rank's main thread, its worker threads) as its Java
 * scenario makes through {@code AuditMpi} on the core (recorded by a proxy around the core's binding), summed over the
 * ranks (one run on Open MPI, the faster library; a few for a scenario whose recorded outcome there is intermittent);
 * only polling calls ({@code MPI_Iprobe}, {@code MPI_Improbe}), whose count is the schedule's, compare by
 * presence. Every MPI call of a scenario's source goes through {@code MVS(...)}, so none escapes the count; the Java
 * scenario's id, rank count and deadline are the C program's by construction (the runner takes them from the catalog).
 * Quick: two scenarios (a second or two each); {@code -Pfull}: every C scenario.
 */
class CScenarioDriftTest {
    private static final Path ROOT = Workspace.root();
    /** Runs of a scenario whose recorded outcome is intermittent (comm-idup-concurrent ends in 4 of 13 runs on Open MPI). */
    private static final int INTERMITTENT_TRIES = 8;
    private static final Set<String> POLLING = Set.of("MPI_Iprobe", "MPI_Improbe", "MPI_Test", "MPI_Testany", "MPI_Testall");
    /** An MPI function called directly, not through MVS(MPI_Name, ...): the name followed by a parenthesis. */
    private static final Pattern RAW_CALL = Pattern.compile("\\bP?MPIX?_[A-Z][A-Za-z_]*\\s*\\(");
    /** Calls the harness makes for every scenario as the Java binding does (error handlers, status counts, errors). */
    private static final Set<String> HARNESS = Set.of("MPI_Get_count", "MPI_Comm_set_errhandler", "MPI_Error_class",
            "MPI_Error_string", "MPI_Abort");

    static Stream<CScenario> scenarios() {
        List<CScenario> all = CScenarios.load(ROOT);
        return AuditTesting.FULL ? all.stream()
                : all.stream().filter(c -> c.id().equals("comm-dup-concurrent") || c.id().equals("mprobe-sendrecv"));
    }

    @Test
    void everyCScenarioIsACatalogScenarioWithASource() {
        List<CScenario> all = CScenarios.load(ROOT);
        assertFalse(all.isEmpty());
        for (CScenario c : all) {
            ScenarioCatalog.byId(c.id()); // throws for an unknown id
            assertTrue(Files.isRegularFile(c.sourceIn(CScenarios.dir(ROOT))), c.id() + ": " + c.source() + " exists");
        }
        assertEquals(all.size(), all.stream().map(CScenario::id).distinct().count(), "each id once");
    }

    @Test
    void everyMpiCallOfAScenarioGoesThroughTheCountingMacro() throws Exception {
        try (Stream<Path> files = Files.list(CScenarios.dir(ROOT))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".c")).toList()) {
                assertEquals(List.of(), rawCalls(Files.readString(f, StandardCharsets.UTF_8)), f + " calls MPI without MVS(...)");
            }
        }
        // the check can fail: a direct call is found, a counted one is not
        assertEquals(List.of("MPI_Comm_dup("), rawCalls("MVS(MPI_Comm_rank, c, &r);\n    MPI_Comm_dup(c, &d);"));
    }

    /** Direct MPI calls in {@code source}, harness calls and comments aside. */
    static List<String> rawCalls(String source) {
        String code = source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
        List<String> l = new ArrayList<>();
        Matcher m = RAW_CALL.matcher(code);
        while (m.find()) {
            String name = m.group().replaceAll("[\\s(]", "");
            if (!HARNESS.contains(name)) l.add(name + "(");
        }
        return l;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void theCProgramMakesTheJavaScenariosCalls(CScenario c) throws Exception {
        Scenario java = ScenarioCatalog.byId(c.id());
        Map<String, Long> javaCalls = AuditTesting.within(java.deadline().plusSeconds(30), "the Java scenario " + c.id(),
                () -> javaCalls(java));
        String library = "openmpi";
        CProgram program = new CProgram(library, null, null);
        AuditTesting.requireAvailable(program.unavailable());
        // a scenario whose recorded outcome on the library is intermittent gets a few runs to see one end
        int tries = CAudit.allowed(ROOT, c.id(), library).size() > 1 ? INTERMITTENT_TRIES : 1;
        Path work = Files.createTempDirectory("drift-" + c.id());
        try {
            Path exe = c.compile(program, CScenarios.dir(ROOT), work);
            CProgram.Result r = null;
            for (int i = 0; i < tries && (r == null || r.exit() != 0 || r.killed()); i++) {
                r = AuditTesting.within(java.deadline().plusSeconds(30), "the C scenario " + c.id(), () ->
                        program.launch(exe, java.ranks(), List.of(), List.of(), Map.of("MVS_TRACE_CALLS", "1"), work, java.deadline()));
            }
            assertTrue(r.exit() == 0 && !r.killed(), c.id() + " on " + library + " ran to its end in " + tries + " tries: " + r.output());
            Map<String, Long> cCalls = cCalls(r.output());
            assertEquals(comparable(javaCalls), comparable(cCalls), c.id() + ": the C program's MPI calls (role name = count, "
                    + "summed over ranks) differ from the Java scenario's");
        } finally {
            CScenarioTesting.deleteTree(work);
        }
    }

    /** Polling calls by presence (count 1), every other call by its count. */
    static Map<String, Long> comparable(Map<String, Long> calls) {
        Map<String, Long> m = new TreeMap<>();
        calls.forEach((k, n) -> m.put(k, POLLING.contains(k.substring(k.indexOf(' ') + 1)) ? 1L : n));
        return m;
    }

    /** "main MPI_Comm_dup" -> count, from the C program's "calls: rank R NAME main M worker W" lines. */
    static Map<String, Long> cCalls(String output) {
        Map<String, Long> m = new TreeMap<>();
        for (String l : output.lines().filter(l -> l.startsWith("calls: rank ")).toList()) {
            String[] w = l.split(" ");
            long main = Long.parseLong(w[5]);
            long worker = Long.parseLong(w[7]);
            if (main > 0) m.merge("main " + w[3], main, Long::sum);
            if (worker > 0) m.merge("worker " + w[3], worker, Long::sum);
        }
        return m;
    }

    /** One run of the Java scenario on the core, each AuditMpi call counted as "role MPI_Name". */
    static Map<String, Long> javaCalls(Scenario s) {
        Map<String, LongAdder> counts = new ConcurrentHashMap<>();
        CoreTarget core = AuditTesting.core(Granularity.PER_OBJECT, MatchingKind.QUEUES);
        RunOutcome o = core.runOnce(s, (mpi, impl) -> counting(new CoreAuditMpi(mpi, impl), counts));
        assertTrue(o instanceof RunOutcome.Completed, s.id() + " ran to its end on the core: " + o);
        Map<String, Long> m = new TreeMap<>();
        counts.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    private static AuditMpi counting(AuditMpi delegate, Map<String, LongAdder> counts) {
        return (AuditMpi) Proxy.newProxyInstance(AuditMpi.class.getClassLoader(), new Class<?>[] {AuditMpi.class},
                (proxy, method, args) -> {
                    String name = mpiName(method);
                    if (name != null) {
                        String role = Thread.currentThread().getName().contains("worker-") ? "worker" : "main";
                        counts.computeIfAbsent(role + " " + name, k -> new LongAdder()).increment();
                    }
                    try {
                        return method.invoke(delegate, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static final Map<String, String> NAMES = Map.of("waitFor", "MPI_Wait", "waitAll", "MPI_Waitall", "waitAny",
            "MPI_Waitany", "testAll", "MPI_Testall", "testAny", "MPI_Testany", "finalizeMpi", "MPI_Finalize");
    private static final Set<String> NO_CALL = Set.of("commWorld", "commSelf", "implementation", "toString", "hashCode", "equals");

    /** The MPI function an AuditMpi method makes: initThread -> MPI_Init_thread; null for the constants. */
    static String mpiName(Method m) {
        String n = m.getName();
        if (NO_CALL.contains(n)) return null;
        if (NAMES.containsKey(n)) return NAMES.get(n);
        String snake = n.replaceAll("([A-Z])", "_$1").toLowerCase();
        return "MPI_" + Character.toUpperCase(snake.charAt(0)) + snake.substring(1);
    }

    @Test
    void theNamesAreTheStandardsNames() throws Exception {
        assertEquals("MPI_Init_thread", mpiName(AuditMpi.class.getMethod("initThread", int.class)));
        assertEquals("MPI_Comm_create_group", mpiName(AuditMpi.class.getMethod("commCreateGroup", long.class, long.class, int.class)));
        assertEquals("MPI_Wait", mpiName(AuditMpi.class.getMethod("waitFor", long.class)));
        assertEquals(null, mpiName(AuditMpi.class.getMethod("commWorld")));
    }

}
