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
    private static final Pattern BOX_ACTION = Pattern.compile("\\[\\]\\[\\s*(\\w+)\\s*\\]_");
    private static final Pattern IDENTIFIER = Pattern.compile("\\b[A-Za-z_]\\w*\\b");
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
     * The next-state action of the temporal formula {@code specification} ({@code Spec == Init /\\ [][Next]_vars}, or
     * a formula it names, as {@code Spec == SafetySpec /\\ WF_vars(Next)}), as the first module that defines it writes it.
     */
    Optional<String> nextStateAction(String specification) {
        return nextStateAction(specification, 3);
    }

    private Optional<String> nextStateAction(String name, int depth) {
        Optional<String> body = definition(name);
        if (body.isEmpty()) return Optional.empty();
        Matcher box = BOX_ACTION.matcher(body.get());
        if (box.find()) return Optional.of(box.group(1));
        if (depth == 0) return Optional.empty();
        Matcher ids = IDENTIFIER.matcher(body.get());
        while (ids.find()) {
            Optional<String> next = nextStateAction(ids.group(), depth - 1);
            if (next.isPresent()) return next;
        }
        return Optional.empty();
    }

    /** The text of the definition of {@code name} (to the next definition at the start of a line). */
    private Optional<String> definition(String name) {
        Pattern def = Pattern.compile("(?:^|\\n)" + Pattern.quote(name) + "\\s*==(.*?)(?=\\n[A-Za-z_]\\w*(?:\\([^)]*\\))?\\s*==|\\n====|$)",
                Pattern.DOTALL);
        for (String text : sources.values()) {
            Matcher m = def.matcher(text);
            if (m.find()) return Optional.of(m.group(1));
        }
        return Optional.empty();
    }

}
