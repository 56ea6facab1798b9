package org.mpiverify.specs.mutation;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One spec mutant: a named, described change of the family's modules (one edit, or for a split action
 * the edits its extra step needs), and the passing models it must get past.
 *
 * <p>The id is stable across runs (an equivalence claim names it): module, definition, operator, the
 * one-line text of what is changed and into what, and the mutant's rank among those with the same
 * text in that definition ({@code #1}, {@code #2}, ...). Editing another definition, or moving this
 * one, leaves it unchanged; changing the mutated text changes it, as it should (the claim must be
 * argued again).
 *
 * @param id          e.g. {@code Matching!Post/DROP_CONJUNCT/r.id \notin used#1}
 * @param family      the spec folder
 * @param module      the module of the mutated definition
 * @param definition  the mutated definition
 * @param operator    the operator that made it
 * @param description what changed, in words
 * @param line        the line of the change in {@code module}
 * @param edits       the changes, by module
 * @param models      the passing models whose behaviour uses the mutated definition
 * @param sharedWith  the invariants and properties of those models that use the definition too
 */
public record SpecMutant(String id, String family, String module, String definition, SpecOperator operator,
                         String description, int line, List<Edit> edits, Set<String> models, Set<String> sharedWith) {
    public SpecMutant {
        edits = List.copyOf(edits);
        models = Set.copyOf(new TreeSet<>(models));
        sharedWith = Set.copyOf(new TreeSet<>(sharedWith));
    }

    /** A copy under {@code newId}. */
    SpecMutant withId(String newId) {
        return new SpecMutant(newId, family, module, definition, operator, description, line, edits, models, sharedWith);
    }

    /** A short name for files: the first 12 hex digits of the id's SHA-256. */
    public String key() {
        return shortHash(id);
    }

    static String shortHash(String s) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The text of every module this mutant changes, after the change. */
    public Map<String, String> apply(Map<String, ModuleSource> sources) {
        Map<String, List<Edit>> byModule = new LinkedHashMap<>();
        for (Edit e : edits) byModule.computeIfAbsent(e.module(), m -> new ArrayList<>()).add(e);
        Map<String, String> out = new LinkedHashMap<>();
        byModule.forEach((module, list) -> {
            ModuleSource src = sources.get(module);
            if (src == null) throw new IllegalStateException("no source of module " + module);
            List<Edit> sorted = new ArrayList<>(list);
            sorted.sort(Comparator.comparingInt(Edit::start).thenComparingInt(Edit::end).reversed());
            StringBuilder text = new StringBuilder(src.text());
            int limit = Integer.MAX_VALUE;
            for (Edit e : sorted) {
                if (e.end() > limit) throw new IllegalStateException(id + ": overlapping edits in " + module);
                text.replace(e.start(), e.end(), e.replacement());
                limit = e.start();
            }
            out.put(module, text.toString());
        });
        return out;
    }

    /** The unified diff of the change, module by module. */
    public String diff(Map<String, ModuleSource> sources) {
        StringBuilder sb = new StringBuilder();
        apply(sources).forEach((module, after) ->
                sb.append(UnifiedDiff.of(family + "/" + module + ".tla", sources.get(module).text(), after)));
        return sb.toString();
    }
}
