package org.mpiverify.mutate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The equivalent mutants, argued: {@code mutate/equivalent-mutants.md}, where each claim is a list item
 * naming a mutant by its key in backticks, followed by the reason it cannot change behaviour. Claims
 * under a heading that starts with "Unobservable" are of a second kind: the mutant weakens what the
 * Java memory model promises (so it is not equivalent, and counts against the rate), but no execution
 * on x86-64 with HotSpot can show it, for the reason given; they are reported apart. Items under a
 * heading that starts with "Known gaps" are survivors the suites miss, with what would catch them:
 * they stay survivors; the sample of {@code mvn verify} only leaves them out, so that it fails on new
 * survivors, not on known ones.
 *
 * <pre>
 * - `org.mpiverify.core.request.Completion#reset()/VOLATILE_TO_PLAIN/replaced ... with plain set#1`
 *   reset runs before the request is published, and publishing is a release ...
 * </pre>
 *
 * A claimed mutant that a suite kills is an error in the claim (reported, and the sample's test fails).
 */
public final class Equivalents {
    private static final Pattern ITEM = Pattern.compile("^- `([^`]+)`\\s*(.*)$");
    /** The prefix of the reason of a claim of the second kind ({@link #isUnobservable}). */
    public static final String UNOBSERVABLE = "[unobservable on x86-64] ";

    private Equivalents() {}

    /** The prefix of the reason of a known gap ({@link #isGap}). */
    public static final String GAP = "[known gap] ";

    /** True for a known gap: a survivor, acknowledged. */
    public static boolean isGap(String reason) {
        return reason != null && reason.startsWith(GAP);
    }

    /** True for a claim of the second kind: not equivalent, only unobservable on this platform. */
    public static boolean isUnobservable(String reason) {
        return reason != null && reason.startsWith(UNOBSERVABLE);
    }

    /** Key → reason (prefixed {@link #UNOBSERVABLE} for claims under an "Unobservable" heading). */
    public static Map<String, String> read(Path file) throws IOException {
        Map<String, String> claims = new LinkedHashMap<>();
        String kind = "";
        if (!Files.isRegularFile(file)) return claims;
        List<String> lines = Files.readAllLines(file);
        String key = null;
        StringBuilder reason = new StringBuilder();
        for (String l : lines) {
            Matcher m = ITEM.matcher(l);
            if (l.startsWith("#")) {
                if (key != null) claims.put(key, reason.toString().strip());
                key = null;
                String heading = l.replaceFirst("^#+\\s*", "");
                kind = heading.startsWith("Unobservable") ? UNOBSERVABLE : heading.startsWith("Known gaps") ? GAP : "";
            } else if (m.matches()) {
                if (key != null) claims.put(key, reason.toString().strip());
                key = m.group(1);
                reason.setLength(0);
                reason.append(kind);
                reason.append(m.group(2));
            } else if (key != null && (l.startsWith("  ") && !l.isBlank())) {
                reason.append(' ').append(l.strip());
            } else if (key != null) {
                claims.put(key, reason.toString().strip());
                key = null;
            }
        }
        if (key != null) claims.put(key, reason.toString().strip());
        claims.forEach((k, r) -> {
            if (r.isBlank()) throw new IllegalArgumentException(file + ": no reason given for " + k);
        });
        return claims;
    }
}
