package org.mpiverify.audit.buildlib;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line as a POSIX shell would split its words: blanks separate, single quotes keep everything,
 * double quotes keep all but a backslash before {@code "}, {@code \}, {@code $} or {@code `}, a backslash outside quotes
 * keeps the next character. No expansion: the lines it reads ({@code make -n}'s, a library's recorded configure line)
 * are already expanded.
 *
 * <p>Thread safety: stateless.
 */
final class ShellWords {
    private ShellWords() { }

    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') quote = 0; else w.append(c);
            } else if (quote == '"') {
                if (c == '"') quote = 0;
                else if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) w.append(line.charAt(++i));
                else w.append(c);
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                w.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) words.add(w.toString());
                w.setLength(0);
                inWord = false;
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (quote != 0) throw new IllegalArgumentException("unbalanced " + quote + " in: " + line);
        if (inWord) words.add(w.toString());
        return words;
    }
}
