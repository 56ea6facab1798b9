package org.mpiverify.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.ThreadLevel;
import org.mpiverify.results.Progress;
import org.mpiverify.results.Workspace;

/**
 * What the lock auditor ({@code locks/}) costs the core: {@link CoreBench}'s 8-byte ping-pong half round
 * trip ({@code THREAD_MULTIPLE}) and {@code dup}+{@code free} (one thread per rank), each measured in a
 * fresh JVM in three variants: no agent, the agent attached but watching nothing ({@code watch=none}: its
 * transformer sees every class load and rewrites none), and the agent watching the core
 * ({@code watch=org.mpiverify.mpi:org.mpiverify.core,calls=core}). The variants run in turn, A B C A B C
 * ..., and each round's ratios are taken against that round's run without the agent, so drift of a shared
 * machine hits all three alike; medians and ranges of the ratios are printed.
 *
 * <pre>java -cp "cli/target/classes:cli/target/lib/*" org.mpiverify.bench.LockAgentOverhead [--rounds N] [--quick]</pre>
 */
public final class LockAgentOverhead {
    private static final String CORE = "watch=org.mpiverify.mpi:org.mpiverify.core,calls=core";

    private LockAgentOverhead() { }

    public static void main(String[] args) throws Exception {
        List<String> a = Arrays.asList(args);
        boolean quick = a.contains("--quick");
        if (a.contains("--child")) {
            child(quick);
            return;
        }
        int rounds = a.contains("--rounds") ? Integer.parseInt(a.get(a.indexOf("--rounds") + 1)) : 5;
        Path root = Workspace.root();
        Path jar = root.resolve("locks/target/locks-agent.jar");
        if (!Files.isRegularFile(jar)) {
            System.err.println("no agent jar at " + jar + ": build it with ./mpiverify build");
            System.exit(2);
        }
        Path reports = Files.createTempDirectory("mpiverify-locks-overhead");
        String[] variants = {"none", "attached, watching nothing", "watching the core"};
        String[] agentArgs = {null, "-javaagent:" + jar + "=watch=none,quiet=true,out=" + reports,
                "-javaagent:" + jar + "=" + CORE + ",quiet=true,out=" + reports};
        System.out.println("lock auditor overhead on the core: " + rounds + " rounds" + (quick ? " (quick)" : ""));
        System.out.println("machine: " + Machine.describe());
        System.out.println("load average at start: " + loadAverage());
        double[][][] r = new double[rounds][3][];
        for (int round = 0; round < rounds; round++) {
            for (int v = 0; v < 3; v++) {
                r[round][v] = runChild(agentArgs[v], quick);
            }
            System.out.printf(Locale.ROOT, "round %d: ping-pong %.0f / %.0f / %.0f ns, dup+free %.0f / %.0f / %.0f ns%n",
                    round + 1, r[round][0][0], r[round][1][0], r[round][2][0], r[round][0][1], r[round][1][1], r[round][2][1]);
        }
        System.out.println("load average at end: " + loadAverage());
        System.out.println();
        System.out.println("| measure | no agent (median) | attached, watching nothing: ratio | watching the core: ratio |");
        System.out.println("|---|---|---|---|");
        String[] names = {"ping-pong half round trip", "dup+free, 1 thread per rank"};
        for (int m = 0; m < 2; m++) {
            double[] base = new double[rounds];
            double[] idle = new double[rounds];
            double[] core = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                base[i] = r[i][0][m];
                idle[i] = r[i][1][m] / r[i][0][m];
                core[i] = r[i][2][m] / r[i][0][m];
            }
            System.out.printf(Locale.ROOT, "| %s | %.0f ns | %s | %s |%n", names[m], median(base), range(idle), range(core));
        }
        System.out.println("(" + variants[1] + ": -javaagent with watch=none; " + variants[2] + ": " + CORE
                + "; ratios per round against that round's run without the agent: median [min, max])");
    }

    private static double[] runChild(String agent, boolean quick) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseParallelGC"));
        if (agent != null) {
            cmd.add(agent);
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), LockAgentOverhead.class.getName(), "--child"));
        if (quick) {
            cmd.add("--quick");
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IllegalStateException("measurement JVM failed:\n" + out);
        }
        for (String line : out.split("\n")) {
            if (line.startsWith("RESULT ")) {
                String[] f = line.split(" ");
                return new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2])};
            }
        }
        throw new IllegalStateException("no RESULT line from the measurement JVM:\n" + out);
    }

    /** One JVM's figures: a warm-up of each, then the medians of 3 trials. */
    private static void child(boolean quick) {
        CoreBench b = new CoreBench(3, quick, MatchingKind.QUEUES, Progress.NONE);
        b.pingPong(ThreadLevel.MULTIPLE);
        b.dupFree(1);
        double[] pp = new double[3];
        double[] dup = new double[3];
        for (int t = 0; t < 3; t++) {
            pp[t] = b.pingPong(ThreadLevel.MULTIPLE);
            dup[t] = b.dupFree(1);
        }
        System.out.printf(Locale.ROOT, "RESULT %.1f %.1f%n", median(pp), median(dup));
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static String range(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return String.format(Locale.ROOT, "%.2fx [%.2f, %.2f]", median(s), s[0], s[s.length - 1]);
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
