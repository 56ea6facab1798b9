package org.mpiverify.mutate.pit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pitest.classinfo.ClassName;
import org.pitest.mutationtest.config.PluginServices;
import org.pitest.mutationtest.engine.Mutater;
import org.pitest.mutationtest.engine.MutationDetails;
import org.pitest.mutationtest.engine.gregor.MethodMutatorFactory;
import org.pitest.reloc.asm.Type;

/**
 * Names for mutants that survive edits elsewhere in the code: PIT identifies a mutant by bytecode
 * instruction indexes, which move whenever the method changes; the kill matrix, the equivalence claims
 * and the sample name it by {@code Class#method(Params)/OPERATOR/description#n}, where n counts mutants
 * of one method with the same operator and description in bytecode order.
 */
public final class MutantKeys {
    private static final Map<String, String> OPERATOR_NAMES = new HashMap<>();

    static {
        for (MethodMutatorFactory f : PluginServices.makeForContextLoader().findMutationOperators()) {
            OPERATOR_NAMES.put(f.getGloballyUniqueId(), f.getName());
        }
    }

    private MutantKeys() {}

    /**
     * The keys of every mutant of a class, computed from all the mutants the engine makes there (before
     * any filter), so that the filter and the report agree; look one up with {@link #keyOf}.
     */
    public static Map<String, String> forClass(Mutater mutater, ClassName c) {
        List<MutationDetails> sorted = new ArrayList<>(mutater.findMutations(c));
        sorted.sort(Comparator.comparing((MutationDetails d) -> d.getId().getLocation())
                .thenComparingInt(MutationDetails::getFirstIndex).thenComparing(MutationDetails::getMutator));
        Map<String, Integer> counts = new HashMap<>();
        Map<String, String> keys = new HashMap<>();
        for (MutationDetails d : sorted) {
            String base = d.getClassName().asJavaName() + "#" + method(d.getMethod(), d.getId().getLocation().getMethodDesc())
                    + "/" + operator(d.getMutator()) + "/" + d.getDescription();
            keys.put(site(d), base + "#" + counts.merge(base, 1, Integer::sum));
        }
        return keys;
    }

    /**
     * A mutant's key from {@link #forClass}. PIT merges the copies of one mutant in an inlined finally
     * block into one mutant with several indexes; it takes the key of its first.
     */
    public static String keyOf(Map<String, String> keys, MutationDetails d) {
        String k = keys.get(site(d));
        if (k == null) throw new IllegalStateException("no key for " + d.getId());
        return k;
    }

    private static String site(MutationDetails d) {
        return d.getId().getLocation() + "|" + d.getMutator() + "|" + d.getFirstIndex();
    }

    /** {@code name(SimpleParam,...)}: readable and unique among overloads. */
    public static String method(String name, String descriptor) {
        StringBuilder sb = new StringBuilder(name).append('(');
        Type[] args = Type.getArgumentTypes(descriptor);
        for (int i = 0; i < args.length; i++) {
            String c = args[i].getClassName();
            sb.append(i == 0 ? "" : ",").append(c.substring(c.lastIndexOf('.') + 1).replace('$', '.'));
        }
        return sb.append(')').toString();
    }

    /** The operator's name (PIT's, e.g. NEGATE_CONDITIONALS, or ours, e.g. CAS_TO_PLAIN) for a mutator id. */
    public static String operator(String mutatorId) {
        return OPERATOR_NAMES.getOrDefault(mutatorId, mutatorId.substring(mutatorId.lastIndexOf('.') + 1));
    }

    /** A file-system-safe folder name for a mutant key. */
    public static String fileName(String key) {
        String s = key.replaceAll("[^A-Za-z0-9#._-]", "_");
        if (s.length() > 120) s = s.substring(0, 100) + "_" + Integer.toHexString(key.hashCode());
        return s;
    }
}
