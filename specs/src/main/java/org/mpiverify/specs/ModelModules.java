package org.mpiverify.specs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The TLA+ modules of one model that its spec folder holds, as source text without comments: the model's {@code MC_}
 * module and every module it reaches through {@code EXTENDS} or {@code INSTANCE}, in the order they are reached.
 * Standard modules (TLC's own {@code TLC}, {@code Naturals}, ...) are not in the folder and not listed: a use of
 * {@code TLCGet} is a use in one of the listed modules, never its definition in {@code TLC}.
 *
 * <p>Immutable once read.
 */
final class ModelModules {
    private static final Pattern BLOCK_COMMENT = Pattern.compile("(?s)\\(\\*.*?\\*\\)");
    private static final Pattern LINE_COMMENT = Pattern.compile("\\\\\\*[^\\n]*");
    private static final Pattern EXTENDS = Pattern.compile("\\bEXTENDS\\s+([\\w\\s,]+?)\\s*(?=\\n\\s*\\n|\\n\\S|$)");
    private static final Pattern INSTANCE = Pattern.compile("\\bINSTANCE\\s+(\\w+)");
    private static final Pattern TLC_REGISTERS = Pattern.compile("\\b(TLCGet|TLCSet)\\b");

    private final Map<String, String> sources;   // module name to its text without comments, in order reached

    private ModelModules(Map<String, String> sources) {
        this.sources = sources;
    }

    /** Reads {@code model}'s modules from its folder. */
    static ModelModules of(ModelSpec model, Path specsDir) {
        Path folder = model.folder(specsDir);
        Map<String, String> found = new LinkedHashMap<>();
        Deque<String> todo = new ArrayDeque<>();
        todo.add(model.module());
        while (!todo.isEmpty()) {
            String name = todo.removeFirst();
            Path file = folder.resolve(name + ".tla");
            if (found.containsKey(name) || !Files.isRegularFile(file)) continue;
            String text;
            try {
                text = withoutComments(Files.readString(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            found.put(name, text);
            Matcher m = EXTENDS.matcher(text);
            while (m.find()) {
                for (String n : m.group(1).split(",")) if (!n.isBlank()) todo.add(n.strip());
            }
            m = INSTANCE.matcher(text);
            while (m.find()) todo.add(m.group(1));
        }
        return new ModelModules(found);
    }

    static String withoutComments(String tla) {
        return LINE_COMMENT.matcher(BLOCK_COMMENT.matcher(tla).replaceAll(" ")).replaceAll("");
    }

    /** The first module (in the order reached) that uses {@code TLCGet} or {@code TLCSet}, and the operator. */
    Optional<String> tlcRegisterUse() {
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Matcher m = TLC_REGISTERS.matcher(e.getValue());
            if (m.find()) return Optional.of(e.getKey() + ".tla uses " + m.group(1));
        }
        return Optional.empty();
    }

    /**
     * The next-state action of the temporal formula {@code specification} ({@code Spec == Init /\ [][Next]_vars}),
     * as the first module that defines it writes it.
     */
    Optional<String> nextStateAction(String specification) {
        Pattern def = Pattern.compile("(?s)(?:^|\\n)\\s*" + Pattern.quote(specification) + "\\s*==(.{0,600}?)\\[\\]\\[\\s*(\\w+)\\s*\\]_");
        for (String text : sources.values()) {
            Matcher m = def.matcher(text);
            if (m.find()) return Optional.of(m.group(2));
        }
        return Optional.empty();
    }

    /** The modules' names, in the order reached. */
    Iterable<String> names() {
        return sources.keySet();
    }
}
