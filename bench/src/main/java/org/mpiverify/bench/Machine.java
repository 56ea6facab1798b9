package org.mpiverify.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.mpiverify.results.BenchFigureFile;

/** The machine a benchmark ran on: CPU model, cores, memory, JVM, OS. */
public final class Machine {
    private Machine() {
    }

    public static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (Exception e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }

    public static String describe() {
        return String.format(Locale.ROOT, "%s, %d cores, %d MiB max heap, Java %s (%s), %s %s", cpuModel(),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20,
                System.getProperty("java.version"), System.getProperty("java.vm.name"),
                System.getProperty("os.name"), System.getProperty("os.version"));
    }

    /** The machine as the result files record it. */
    public static BenchFigureFile.Machine info() {
        return new BenchFigureFile.Machine(cpuModel(), Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("java.vm.name"), System.getProperty("os.name") + " " + System.getProperty("os.version"));
    }
}
