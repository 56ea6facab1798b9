package org.mpiverify.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.mpiverify.audit.run.AuditCommand;
import org.mpiverify.audit.run.AuditTargets;
import org.mpiverify.bench.command.BenchCommand;
import org.mpiverify.bench.figures.Figures;
import org.mpiverify.bench.runner.BenchFigure;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.demo.Demo;
import org.mpiverify.locks.command.LocksCommand;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mutate.MutateCommand;
import org.mpiverify.reports.ReportCommand;
import org.mpiverify.results.Console;
import org.mpiverify.results.ProgressLine;
import org.mpiverify.specs.TlcCommand;
import org.mpiverify.specs.mutation.SpecMutateCommand;
import org.mpiverify.trace.AuditRunTracing;
import org.mpiverify.trace.TraceCommand;
import picocli.AutoComplete;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code ./mpiverify COMMAND [ARGS]}: the one command-line tool over the same code the tests use. picocli
 * parses every command into typed options and writes the usage from them ({@code help}, {@code -h} on
 * any command) and the bash completion script ({@code generate-completion}). Each subcommand only maps its
 * options onto its command's options record and calls {@code XxxCommand.run(options, console)}; a value the
 * record refuses is a usage error naming it.
 * Exit codes: 0 success, 1 a check failed, 2 usage error.
 */
@Command(name = "./mpiverify", synopsisHeading = "usage: ", customSynopsis = "./mpiverify COMMAND [ARGS]",
        commandListHeading = "%ncommands (./mpiverify help COMMAND for what each option means):%n%n",
        footer = {"", "exit codes: 0 success, 1 a check failed, 2 usage error"},
        subcommands = {Main.DemoCommand.class, Main.BenchSubcommand.class, Main.TlcSubcommand.class,
            Main.AuditSubcommand.class, Main.LocksSubcommand.class, Main.MutateSubcommand.class, Main.TraceSubcommand.class, Main.ReportSubcommand.class, Main.TestCommand.class,
            CommandLine.HelpCommand.class, AutoComplete.GenerateCompletion.class})
public final class Main implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    /** {@code -h}/{@code --help} on every command. */
    static final class HelpOption {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
        boolean help;
    }

    private final Console console;
    private final Map<String, String> env;

    private Main(Console console, Map<String, String> env) {
        this.console = console;
        this.env = env;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, System.getenv());
    }

    /** {@code env}: the environment, where the audit reads {@code CI} (a missing target is then an error). */
    static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
        CommandLine cl = commandLine(new Main(new Console(out, err, out == System.out && ProgressLine.isTerminal()), env));
        cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println(line.getCommandName() + " failed: " + e);
            e.printStackTrace(line.getErr());
            return 1;
        });
        return cl.execute(args);
    }

    static CommandLine commandLine(Main main) {
        CommandLine cl = new CommandLine(main);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setSeparator(" ");
        cl.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(false)
                .description("print a bash completion script: source <(./mpiverify generate-completion)");
        cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_COMMAND_LIST, Main::commandList);
        BenchSubcommand.describe(cl.getSubcommands().get("bench"));
        return cl;
    }

    /** Each command's synopsis (generated from its options) and description, so one page shows them all. */
    private static String commandList(Help help) {
        StringBuilder b = new StringBuilder();
        for (Help h : help.subcommands().values()) {
            if (h.commandSpec().usageMessage().hidden() || h.commandSpec().name().equals("help")) continue;
            b.append("  ").append(h.synopsis(0).strip().replace("\n", "\n  ")).append('\n');
            h.description().lines().forEach(d -> b.append("      ").append(d.strip()).append('\n'));
            b.append('\n');
        }
        return b.append("  help [COMMAND]\n      this text, or one command's options\n").toString();
    }

    /** No command: the usage, as a usage error. */
    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "a command is needed");
    }

    /** A command's options record, made by {@code make}: a value it refuses is a usage error (exit 2) with its message. */
    static <T> T options(CommandSpec spec, Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    @Command(name = "demo", sortOptions = false, description = "run a multithreaded MPI program on the in-JVM core (ranks and threads exchange wildcard messages, mprobe unknown sizes, create communicators concurrently, run concurrent allreduces) and print what happened; exit 1 if any phase saw a wrong result")
    static final class DemoCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @CommandLine.ParentCommand
        Main main;
        @Option(names = "--ranks", paramLabel = "N", defaultValue = "4", description = "ranks, 2-64 (default ${DEFAULT-VALUE})")
        int ranks;
        @Option(names = "--threads", paramLabel = "T", defaultValue = "4", description = "threads per rank, 1-64 (default ${DEFAULT-VALUE})")
        int threads;
        @Option(names = "--messages", paramLabel = "M", defaultValue = "200", description = "messages per thread (default ${DEFAULT-VALUE})")
        int messages;
        @Option(names = "--granularity", paramLabel = "G", defaultValue = "LOCK_FREE", completionCandidates = SafeGranularities.class,
                description = "critical sections: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE})")
        Granularity granularity;
        @Option(names = "--matching", paramLabel = "ENGINE", defaultValue = "QUEUES", description = "matching engine: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE})")
        MatchingKind matching;
        @Mixin
        HelpOption help;

        @Override
        public Integer call() {
            Demo.Options o = options(spec, () -> new Demo.Options(ranks, threads, messages, granularity, matching));
            return Demo.run(o, main.console.out());
        }
    }

    /** The granularities a user may choose: the experimental, unsafe ones are the audit's. */
    static final class SafeGranularities extends ArrayList<String> {
        SafeGranularities() {
            super(Arrays.stream(Granularity.values()).filter(g -> !g.isExperimental()).map(Enum::name).toList());
        }
    }

    /** The benchmark names {@code bench} takes, for completion: {@link BenchCommand#names()}. */
    static final class Benchmarks extends ArrayList<String> {
        Benchmarks() {
            super(BenchCommand.names());
        }
    }

    /** bench's usage names the benchmarks and says what each measures, from the figures themselves ({@link #describe}). */
    @Command(name = "bench", sortOptions = false)
    static final class BenchSubcommand implements Callable<Integer> {
        private static final String NAMES_SECTION = "benchmarks";

        /**
         * The command's description (the names, for the command list) and a section of its usage after the options
         * that says what each name measures, both from {@link Figures#all()}.
         */
        static void describe(CommandLine bench) {
            bench.getCommandSpec().usageMessage().description(("the papers' figures on the core, beside native MPI"
                    + " measured in the same run: " + String.join(", ", new Benchmarks()) + " (./mpiverify help bench"
                    + " says what each measures). Medians with spread and same-run ratios; JSON and SVG plots to"
                    + " DIR/bench/").replace("%", "%%")); // a description is a format string
            bench.getHelpSectionMap().put(NAMES_SECTION, BenchSubcommand::names);
            List<String> keys = new ArrayList<>(bench.getHelpSectionKeys());
            keys.add(keys.indexOf(UsageMessageSpec.SECTION_KEY_FOOTER_HEADING), NAMES_SECTION);
            bench.setHelpSectionKeys(keys);
        }

        /** Each NAME and what it measures, as a table like the options'. */
        private static String names(Help help) {
            Help.TextTable table = Help.TextTable.forColumns(help.colorScheme(),
                    new Help.Column(20, 6, Help.Column.Overflow.SPAN),
                    new Help.Column(help.commandSpec().usageMessage().width() - 20, 1, Help.Column.Overflow.WRAP));
            table.addRowValues("core", BenchCommand.CORE);
            for (BenchFigure f : Figures.all()) {
                table.addRowValues(f.id(), f.description()
                        + (f.fixedMatching() == null ? "" : "; matching " + f.fixedMatching() + " always"));
            }
            table.addRowValues("all", "every one");
            return "\nNAME:\n" + table;
        }


        @Spec
        CommandSpec spec;
        @CommandLine.ParentCommand
        Main main;
        @Parameters(paramLabel = "NAME", completionCandidates = Benchmarks.class,
                description = "the benchmark: ${COMPLETION-CANDIDATES}")
        String name;
        @Option(names = "--trials", paramLabel = "N", defaultValue = "7", description = "trials (default ${DEFAULT-VALUE}; core needs 2)")
        int trials;
        @Option(names = "--quick", description = "fewer sizes, ranks and iterations: each figure in about 30 s")
        boolean quick;
        @Option(names = "--matching", paramLabel = "ENGINE", defaultValue = "QUEUES", description = "the core's matching engine: ${COMPLETION-CANDIDATES} (a figure that needs one engine says so below)")
        MatchingKind matching;
        @Option(names = "--out", paramLabel = "DIR", description = "output root (default: out/ of the repository)")
        Path out;
        @Option(names = "--no-compare", description = "leave native MPI out")
        boolean noCompare;
        @Mixin
        HelpOption help;

        @Override
        public Integer call() throws Exception {
            BenchCommand.Options o = options(spec, () -> new BenchCommand.Options(name, trials, quick, matching, out, !noCompare));
            return BenchCommand.run(o, main.console);
        }
    }

    @Command(name = "tlc", sortOptions = false,
            description = "run the TLA+ models with TLC and compare each outcome with specs/manifest.json")
    static final class TlcSubcommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        Main main;
        @Parameters(paramLabel = "MODEL", arity = "0..*",
                description = "a model or spec folder of the manifest (default: the quick class)")
        List<String> models = new ArrayList<>();
        @Option(names = "--full", description = "include the full-size models")
        boolean full;
        @Option(names = "--workers", paramLabel = "N", description = "TLC worker threads per model (default: the cores)")
        Integer workers;
        @Option(names = "--simulate", paramLabel = "N", defaultValue = "0", description = "simulation mode, N behaviors each")
        int simulate;
        @Option(names = "--generate", description = "write every model's MC_*.tla/.cfg from specs/manifest.json, then stop")
        boolean generate;
        @Option(names = "--distributed", description = "TLC's distributed mode: its server here, a TLC worker on each host of --hosts "
                + "(loopback: a local process, else through ssh); safety-only models (no PROPERTY, no TLCGet/TLCSet), same report; "
                + "specs/README.md says what the hosts need")
        boolean distributed;
        @Option(names = "--hosts", paramLabel = "FILE", description = "with --distributed: the workers' hosts, the audit's host file "
                + "(one per line: host, host:N or host slots=N; N: the worker's threads)")
        Path hosts;
        @Option(names = "--fp-servers", paramLabel = "N", description = "with --distributed: TLC's distributed fingerprint servers, "
                + "one per host in turn (default: one per host for full-size models, none for quick ones)")
        Integer fpServers;
        @Spec
        CommandSpec spec;
        @Mixin
        HelpOption help;

        @Override
        public Integer call() {
            if (!distributed && (hosts != null || fpServers != null)) {
                throw new ParameterException(spec.commandLine(), "--hosts and --fp-servers need --distributed");
            }
            if (distributed && hosts == null) throw new ParameterException(spec.commandLine(), "--distributed needs --hosts FILE");
            if (distributed && workers != null) {
                throw new ParameterException(spec.commandLine(), "--workers does not go with --distributed: each host's slots are"
                        + " its worker's threads");
            }
            TlcCommand.Options o = options(spec, () -> new TlcCommand.Options(models, full, workers, simulate, generate, null,
                    distributed ? new TlcCommand.Distributed(hosts, fpServers) : null));
            return TlcCommand.run(o, main.console);
        }
    }

    @Command(name = "audit", sortOptions = false, subcommands = Main.BuildLibSubcommand.class, description = "run the thread-safety audit's multithreaded MPI scenarios on a target (every configuration of it), print progress, and write out/audit/TARGET.json, .md, .html and junit/TEST-audit-TARGET.xml; exit 1 if a safe configuration fails or an unsafe one is not rejected")
    static final class AuditSubcommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        Main main;
        // required unless the build-lib subcommand runs: checked in call()
        @Option(names = "--target", paramLabel = "core|mpich|mpich-tcp|openmpi|openmpi-tcp|mpj-multicore|mpj-niodev|all",
                completionCandidates = AuditTargetIds.class, description = "the implementation to audit (several: comma-separated); "
                        + "-tcp: the library's network path over TCP; core: every safe granularity x matching engine, "
                        + "PER_OBJECT/HASH_TABLE on Dang, Snir & Gropp's bit-vector thread scheduler, and the unsafe variants")
        String target;
        @Option(names = "--scenario", paramLabel = "ID", split = ",", description = "scenario ids (default: every one)")
        List<String> scenarios = new ArrayList<>();
        @Option(names = "--repeats", paramLabel = "N", description = "runs per scenario (default: each scenario's own)")
        Integer repeats;
        @Option(names = "--full", description = "the full number of runs")
        boolean full;
        @Option(names = "--locks", description = "run the lock auditor in every JVM the target starts (out/locks/audit-TARGET.md; docs/locks.md)")
        boolean locks;
        @Option(names = "--trace", description = "with --target core: every run records context-id allocation, matching, probe and "
                + "completion, and TLC validates its traces against the algorithms' trace specs while the audit goes on; a trace "
                + "verdict beside each cell's (REJECTED: out/audit/trace/rejected/); a safe configuration's rejected trace fails the "
                + "audit (docs/trace.md)")
        boolean trace;
        @Option(names = "--lib", paramLabel = "FILE", description = "a native target's library by path (any build of MPICH's or Open MPI's ABI: "
                + "checked before any run, refused with what does not match)")
        Path lib;
        @Option(names = "--mpiexec", paramLabel = "FILE", description = "its launcher (default: bin/mpiexec beside the library's folder)")
        Path mpiexec;
        @Option(names = "--hosts", paramLabel = "FILE", description = "run a native target's ranks on these hosts (one per line: host, host:N "
                + "or host slots=N), through the library's own launcher; audit/README.md says what the hosts need")
        Path hosts;
        @Option(names = "--c", description = "run the scenarios' C programs (audit/c-scenarios) under the library's own mpiexec, "
                + "no JVM in the rank (mpich, openmpi); out/audit/c-TARGET.md")
        boolean c;
        @Option(names = "--race", paramLabel = "helgrind|drd|tsan|hb", description = "with --c: run them under this race detector too "
                + "(Valgrind's, or ThreadSanitizer with a --lib built by audit build-lib --tsan), once with the scenario's threads and "
                + "once with one; the races, deduplicated, in out/audit/c-TARGET-TOOL.md. "
                + "hb, with --target core: the scenarios on every core column under the happens-before detector of mutate's race stage "
                + "(one run per cell), a race column beside each; out/audit/core-race.md; exit 1 if a safe column shows a race")
        String race;
        @Spec
        CommandSpec spec;
        @Mixin
        HelpOption help;

        @Override
        public Integer call() {
            if (target == null) throw new ParameterException(spec.commandLine(), "Missing required option: '--target'");
            if (org.mpiverify.mutate.coreaudit.CoreRaceCommand.TOOL.equals(race)) {
                if (!target.equals("core") || c || trace || locks || repeats != null || lib != null || hosts != null) {
                    throw new ParameterException(spec.commandLine(), "--race hb runs on --target core alone (with --scenario "
                            + "and --full): not with --c, --trace, --locks, --repeats, --lib or --hosts");
                }
                return org.mpiverify.mutate.coreaudit.CoreRaceCommand.run(scenarios, full, main.console.out(), main.console.err());
            }
            if (race != null && !c) throw new ParameterException(spec.commandLine(), "--race needs --c (or --target core --race hb)");
            if (trace && c) throw new ParameterException(spec.commandLine(), "--trace does not go with --c");
            if (c) {
                return org.mpiverify.audit.cscenario.CAuditCommand.run(target, scenarios, race, lib, mpiexec,
                        main.console.out(), main.console.err(), main.env);
            }
            try (AuditRunTracing tracing = trace ? AuditRunTracing.create() : null) {
                AuditCommand.Options o = options(spec, () -> new AuditCommand.Options(target, scenarios, repeats, full, locks,
                        new AuditTargets.NativeOptions(lib, mpiexec, hosts, Map.of()),
                        "true".equalsIgnoreCase(main.env.getOrDefault("CI", "")), tracing));
                return AuditCommand.run(o, main.console);
            }
        }
    }

    @Command(name = "build-lib", sortOptions = false, description = "build the installed version of MPICH or Open MPI from Debian's source "
            + "package with the distribution's configure options, with symbols (and ThreadSanitizer with --tsan), cached outside the "
            + "repository ($MPIVERIFY_CACHE or ~/.cache/mpiverify); prints the --lib and --mpiexec to pass to the audit")
    static final class BuildLibSubcommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        AuditSubcommand audit;
        @CommandLine.Parameters(index = "0", paramLabel = "mpich|openmpi", description = "the library")
        String library;
        @Option(names = "--tsan", description = "build with -fsanitize=thread")
        boolean tsan;
        @Option(names = "--dry-run", description = "fetch and check the source, print the configure command and its variables; build nothing")
        boolean dryRun;
        @Mixin
        HelpOption help;

        @Override
        public Integer call() throws Exception {
            Main main = audit.main;
            try {
                var tools = org.mpiverify.audit.buildlib.BuildLib.Tools.SYSTEM;
                var plan = org.mpiverify.audit.buildlib.BuildLib.plan(org.mpiverify.audit.buildlib.BuildLib.Library.byId(library),
                        tsan, org.mpiverify.audit.buildlib.BuildLib.cacheRoot(main.env), tools);
                return org.mpiverify.audit.buildlib.BuildLib.build(plan, tools, main.console.out(), dryRun);
            } catch (IllegalArgumentException e) {
                main.console.err().println("audit build-lib: " + e.getMessage());
                return 2;
            }
        }
    }

    @Command(name = "locks", sortOptions = false, description = "run a Java program under the lock auditor: locks held across blocking waits, leaks, lock-order cycles, pinning, lock acquisitions per MPI call (out/locks/NAME.md; docs/locks.md); exit 1 if it finds any")
    static final class LocksSubcommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        Main main;
        @Spec
        CommandSpec spec;
        @Option(names = "--watch", paramLabel = "PREFIX[:PREFIX...]", description = "package or class prefixes to instrument (default: app, every application class)")
        String watch = "app";
        @Option(names = "--calls", paramLabel = "core|mpj|Class#method[:...]", description = "the MPI calls (default: core:mpj)")
        String calls = "core:mpj";
        @Option(names = "--name", paramLabel = "NAME", description = "the report's name (default: run-DATE-TIME)")
        String name;
        @Option(names = "--no-pinning", description = "no virtual-thread pinning detection (JFR)")
        boolean noPinning;
        @Parameters(paramLabel = "-- java ...", arity = "1..*", description = "the Java command, after --")
        List<String> command;
        @Mixin
        HelpOption help;

        @Override
        public Integer call() {
            LocksCommand.Options o = options(spec, () -> new LocksCommand.Options(watch, calls, name, !noPinning, command));
            return LocksCommand.run(o, main.console);
        }
    }

    /** The audit's target ids and {@code all}, for completion. */
    static final class AuditTargetIds extends ArrayList<String> {
        AuditTargetIds() {
            super(AuditTargets.IDS);
            add("all");
        }
    }

    @Command(name = "mutate", sortOptions = false, description = "mutation testing of the core's concurrent classes: PIT with ConMAn's concurrency operators, logic-level ones (an order of operations, a re-check, an update on one path, a read or a test moved out of its section) and PIT's own that model concurrency faults; each component's JUnit, Lincheck and jcstress suites run against every mutant; writes out/mutate/kill-matrix.json and summary.md; exit 1 below 95 %% of the non-equivalent mutants detected or if a suite kills a mutant argued equivalent. With --specs: mutation testing of the TLA+ specs (SANY finds the sites, every passing model of the family runs against each mutant with one TLC worker); writes out/mutate-specs/kill-matrix.json and summary.md; exit 1 when a family is below 95 %% or a model kills a mutant argued equivalent")
    static final class MutateSubcommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        Main main;
        @Spec
        CommandSpec spec;
        @Option(names = "--specs", arity = "0..*", paramLabel = "SPEC", description = "mutate the TLA+ specs instead: a family (contextid, probe, matchtable, locking, matching, progress, refcount, scheduler, bsend) or a module (Matching, ThreadWaitSignal); none: every family")
        List<String> specs;
        @Option(names = "--mutant", paramLabel = "ID", description = "with --specs: only this mutant (repeatable; its id as --list or the kill matrix prints it)")
        List<String> mutants = new ArrayList<>();
        @Option(names = "--stratified", paramLabel = "N", description = "with --specs: at most N mutants per spec and operator, chosen by a hash of their ids (the same every run)")
        Integer stratified;
        @Option(names = "--full-models", description = "with --specs: run the full-size passing models too (default: the quick class)")
        boolean fullModels;
        @Option(names = "--list", description = "with --specs: make the mutants, check them with SANY and list them; run no TLC")
        boolean list;
        @Option(names = "--record", description = "write the scores: with --specs the families' to specs/mutation-scores.json and their table into specs/README.md; else the components' (every mutant, default operators) to mutate/mutation-scores.json and their table into docs/mutation.md")
        boolean record;
        @Option(names = "--deadline-factor", paramLabel = "F", description = "with --specs: a model's deadline is F x its unmutated time (default 5)")
        Double deadlineFactor;
        @Option(names = "--min-deadline", paramLabel = "S", description = "with --specs: the least deadline per model, seconds (default 30)")
        Integer minDeadline;
        @Option(names = "--resume", description = "with --specs: reuse the verdicts of the family's history (specs/mutation-history/FAMILY.jsonl) whose key (the modules and model entries the mutant depends on, the tool's version) still matches; run only the others")
        boolean resume;
        @Option(names = "--history", paramLabel = "DIR", description = "with --specs: the history folder (default specs/mutation-history); every run appends each verdict there as it is decided")
        Path history;
        @Option(names = "--max-minutes", paramLabel = "M", description = "with --specs: start no mutant after M minutes; the rest are left to a later --resume (a --record then says how many mutants it holds); 0: run none, only read the history (with --resume --record: record it)")
        Integer maxMinutes;
        @Option(names = "--class", paramLabel = "C", description = "a class to mutate: simple name, FQN or package glob (repeatable; default: every class of the selected components)")
        List<String> classes = new ArrayList<>();
        @Option(names = "--operator", paramLabel = "OP", description = "a mutation operator or PIT group, e.g. CAS_TO_PLAIN, CONCURRENCY, DEFAULTS (repeatable; default: the concurrency operators and PIT's that model concurrency faults)")
        List<String> operators = new ArrayList<>();
        @Option(names = "--component", paramLabel = "NAME", completionCandidates = Components.class,
                description = "a component: ${COMPLETION-CANDIDATES} (repeatable; default: every one)")
        List<String> components = new ArrayList<>();
        @ArgGroup(exclusive = true, multiplicity = "0..1")
        Scope scope;
        @Option(names = "--no-jcstress", description = "leave the jcstress stage out (minutes per surviving mutant)")
        boolean noJcstress;
        @Option(names = "--no-race", description = "leave the race detector's stage out (seconds per surviving mutant)")
        boolean noRace;
        @Option(names = "--out", paramLabel = "DIR", description = "output folder (default: out/mutate/)")
        Path out;
        @Option(names = "--verbose", description = "PIT's own log")
        boolean verbose;
        @Mixin
        HelpOption help;

        /** Either the fixed sample of mvn verify or every mutant. */
        static final class Scope {
            @Option(names = "--sample", required = true, description = "the fixed sample mvn verify runs")
            boolean sample;
            @Option(names = "--all", required = true, description = "every mutant (the default)")
            boolean all;
        }

        @Override
        public Integer call() throws Exception {
            if (specs != null) return specs();
            if (!mutants.isEmpty() || stratified != null || fullModels || list || deadlineFactor != null || minDeadline != null
                    || resume || history != null || maxMinutes != null) {
                throw new ParameterException(spec.commandLine(), "--mutant, --stratified, --full-models, --list, "
                        + "--deadline-factor, --min-deadline, --resume, --history and --max-minutes go with --specs");
            }
            MutateCommand.Options o = options(spec, () -> new MutateCommand.Options(classes, operators, components,
                    scope != null && scope.sample, !noJcstress, !noRace, out, verbose, record));
            return MutateCommand.run(o, main.console);
        }

        /** {@code --specs}: the spec mutation tool ({@code org.mpiverify.specs.mutation}). */
        private int specs() {
            if (!classes.isEmpty() || !components.isEmpty() || noJcstress || noRace || verbose || (scope != null && scope.all)) {
                throw new ParameterException(spec.commandLine(), "--class, --component, --no-jcstress, --no-race, --verbose and --all "
                        + "are the Java mutation tool's; with --specs name families, modules or --mutant ids");
            }
            SpecMutateCommand.Options o = options(spec, () -> new SpecMutateCommand.Options(specs, operators, mutants,
                    scope != null && scope.sample, stratified, fullModels, list, record, deadlineFactor, minDeadline, out,
                    resume, history, maxMinutes));
            return SpecMutateCommand.run(o, main.console);
        }
    }

    /** The component names {@code mutate --component} takes. */
    static final class Components extends ArrayList<String> {
        Components() {
            super(MutateCommand.componentNames());
        }
    }

    @Command(name = "trace", sortOptions = false, description = "run the core with recording on (audit scenarios or the demo) and let TLC decide, per recorded trace, whether the algorithm's TLA+ spec allows it: events, TLC time, ACCEPTED or REJECTED; a rejected trace gets out/trace/rejected/<trace>.md (first bad event, spec state before it, Java frames, step table) and a sequence diagram")
    static final class TraceSubcommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        Main main;
        @Spec
        CommandSpec spec;
        @Option(names = "--scenario", paramLabel = "ID", description = "an audit scenario to trace (repeatable; the ids are in audit/README.md, \"The scenarios\", and an unknown id is refused with the list of known ones)")
        List<String> scenarios = new ArrayList<>();
        @Option(names = "--demo", description = "trace the demo job (3 ranks, 4 threads per rank)")
        boolean demo;
        @Option(names = "--workload", paramLabel = "RxTxE", description = "each algorithm's own workload: R ranks of T threads, about E events, e.g. 4x4x10000 (the figure of docs/trace.md)")
        String workload;
        @Option(names = "--algorithm", paramLabel = "A", split = ",", description = "contextid, matching, probe, completion, progress, scheduler (repeatable; default: every one with a trace spec)")
        List<String> algorithms = new ArrayList<>();
        @Option(names = "--variant", paramLabel = "V", description = "a context-id algorithm (MULTITHREADED, PUBLISHED_FIG3, SINGLE_THREADED_LOCKED, NAIVE_RETRY), an engine (QUEUES, HASH_TABLE) or a known-bad twin (e.g. MaskNotTakenContextIdAllocator), checked against the spec it stands for")
        String variant;
        @Option(names = "--column", paramLabel = "G/ENGINE", description = "a safe core column, e.g. PER_OBJECT/HASH_TABLE (repeatable; default: every safe column for scenarios, PER_OBJECT/QUEUES for the demo)")
        List<String> columns = new ArrayList<>();
        @Option(names = "--window", paramLabel = "N", defaultValue = "500", description = "events per TLC run; a longer trace is checked in windows, each starting from the state the previous one ended in; matching and probe traces are read as data in one TLC run, which restarts the spec's history every N events, and a context-id trace in one run whatever N (default ${DEFAULT-VALUE})")
        int window;
        @Option(names = "--capacity", paramLabel = "N", defaultValue = "64", description = "context ids per rank in the traced jobs, 3-1024: TLC's time per event grows with it (default ${DEFAULT-VALUE}; the core's own default is 1024)")
        int capacity;
        @Option(names = "--max-events", paramLabel = "N", defaultValue = "0", description = "validate only the first N events of each trace (a prefix: a quick check; default: all)")
        int maxEvents;
        @Option(names = "--no-stacks", description = "do not record each event's Java frames (faster recording; a rejected trace then shows no frames)")
        boolean noStacks;
        @Option(names = "--out", paramLabel = "DIR", description = "output folder (default: out/trace/)")
        Path out;
        @Mixin
        HelpOption help;

        @Override
        public Integer call() throws Exception {
            TraceCommand.Options o = options(spec, () -> {
                Set<Algorithm> as = EnumSet.noneOf(Algorithm.class);
                for (String a : algorithms) as.add(Algorithm.of(a));
                return new TraceCommand.Options(scenarios, demo, as, variant, columns, window, out, !noStacks, capacity,
                        maxEvents, workload == null ? null : TraceCommand.Workload.parse(workload));
            });
            try {
                return TraceCommand.run(o, main.console);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
    }

    @Command(name = "report", sortOptions = false, description = "write the HTML dashboard of every result under out/ (TLC, Lincheck, jcstress, audit, benchmarks) to out/report/index.html, with a Markdown summary (out/report/summary.md, also printed)")
    static final class ReportSubcommand implements Callable<Integer> {
        @CommandLine.ParentCommand
        Main main;
        @Option(names = "--out", paramLabel = "DIR", description = "the output folder the producers wrote (default: out/)")
        Path out;
        @Option(names = "--quiet", description = "do not print the summary")
        boolean quiet;
        @Mixin
        HelpOption help;

        @Override
        public Integer call() {
            return ReportCommand.run(new ReportCommand.Options(null, out, quiet), main.console);
        }
    }

    /** Listed so that {@code help} names it: the launcher runs {@code mvn verify} itself, before any Java. */
    @Command(name = "test", description = "run the test suites (mvn verify; MAVEN ARGS such as -Pfull for the long runs)",
            customSynopsis = "./mpiverify test [MAVEN ARGS]")
    static final class TestCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Parameters(arity = "0..*", hidden = true)
        List<String> mavenArgs;

        @Override
        public Integer call() {
            throw new ParameterException(spec.commandLine(), "test is run by the launcher: ./mpiverify test [MAVEN ARGS]");
        }
    }
}
