package org.mpiverify.results;

/**
 * Text for the surefire-format XML reports the audit and trace validation write: markup characters escaped,
 * and the characters XML 1.0 cannot hold (control characters other than tab, newline and carriage return,
 * U+FFFE, U+FFFF) dropped. Stateless; thread-safe.
 */
public final class XmlText {
    private XmlText() {
    }

    /** An attribute value: as {@link #text}, and quotes and line ends escaped so a parser keeps them. */
    public static String attr(String s) {
        return escape(s, true);
    }

    /** Element text. */
    public static String text(String s) {
        return escape(s, false);
    }

    private static String escape(String s, boolean attribute) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append(attribute ? "&quot;" : "\"");
                case '\n' -> b.append(attribute ? "&#10;" : "\n");
                case '\r' -> b.append(attribute ? "&#13;" : "\r");
                case '\t' -> b.append(attribute ? "&#9;" : "\t");
                default -> {
                    if (c >= 0x20 && c != 0xFFFE && c != 0xFFFF) b.append(c);
                }
            }
        }
        return b.toString();
    }
}
