package org.mpiverify.audit.cscenario;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.mpiverify.harness.nativempi.CProgram;

/**
 * One audit scenario kept as a C program: the catalog scenario {@code id} it mirrors, its source file in {@code
 * audit/c-scenarios/}, the {@code -D} options it is compiled with (one source may serve a family of scenarios), and
 * the rounds it runs under a race detector (a race is a pair of code locations, so a few rounds show what a full run
 * shows, at a fraction of the detector's 50–100-fold slowdown), and the MPI functions whose count in a run is the
 * schedule's beyond the polling ones (which thread of several takes a message, when each takes it by a different
 * call), compared with the Java scenario's by presence; and, for a scenario whose threads need each other (one sends
 * what another receives), why the race audit's run with one thread per rank is not made ({@code noOneThread}, null
 * when it is). Immutable.
 */
public record CScenario(String id, String source, List<String> defines, int raceRounds, List<String> byPresence,
                        String noOneThread) {
    public CScenario {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(source, "source");
        defines = List.copyOf(defines);
        byPresence = List.copyOf(byPresence);
        if (raceRounds < 1) throw new IllegalArgumentException(id + ": raceRounds must be at least 1");
    }

    /** The source file under {@code dir} (the {@code audit/c-scenarios} folder). */
    public Path sourceIn(Path dir) {
        return dir.resolve(source);
    }

    /** The executable's file name: the scenario id, so each member of a family has its own build. */
    public String executableName() {
        return id;
    }

    /** Builds this scenario from {@code sourceDir} into {@code outDir} with {@code program}'s {@code mpicc}, with symbols so a race detector names frames. */
    public Path compile(CProgram program, Path sourceDir, Path outDir) throws IOException, InterruptedException {
        return compile(program, sourceDir, outDir, List.of());
    }

    /** As {@link #compile(CProgram, Path, Path)}, with {@code extraFlags} after the usual ones ({@code -fsanitize=thread}). */
    public Path compile(CProgram program, Path sourceDir, Path outDir, List<String> extraFlags) throws IOException, InterruptedException {
        List<String> flags = new java.util.ArrayList<>(List.of("-g", "-O1", "-Wall", "-Werror"));
        flags.addAll(extraFlags);
        return program.compile(sourceIn(sourceDir), flags, defines, outDir.resolve(executableName()));
    }
}
