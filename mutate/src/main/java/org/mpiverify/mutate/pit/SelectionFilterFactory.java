package org.mpiverify.mutate.pit;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.pitest.bytecode.analysis.ClassTree;
import org.pitest.mutationtest.build.InterceptorParameters;
import org.pitest.mutationtest.build.InterceptorType;
import org.pitest.mutationtest.build.MutationInterceptor;
import org.pitest.mutationtest.build.MutationInterceptorFactory;
import org.pitest.mutationtest.engine.Mutater;
import org.pitest.mutationtest.engine.MutationDetails;
import org.pitest.plugin.Feature;

/**
 * PIT feature {@value #FEATURE}: keeps the mutants the run is about and drops the rest before any test
 * runs. Read from the properties file named by plugin property {@value #SELECTION}:
 * <ul>
 *   <li>{@code methods.<class>=m1,m2}: only these methods of that class (the reference counts of
 *       {@code Comm}, say, not all of it);</li>
 *   <li>{@code only.keys=FILE}: only the mutants with these stable keys ({@link MutantKeys}): the fixed
 *       sample.</li>
 *   <li>{@code done.keys=FILE}: not the mutants with these keys: an interrupted run recorded them, and the run
 *       that resumes it keeps those records.</li>
 * </ul>
 */
public final class SelectionFilterFactory implements MutationInterceptorFactory {
    public static final String FEATURE = "MPIVERIFYSELECT";
    public static final String SELECTION = "mpiverify.mutate.selection";

    @Override
    public MutationInterceptor createInterceptor(InterceptorParameters params) {
        String file = params.data().getFreeFormProperties().getProperty(SELECTION);
        return new Filter(file == null ? new Properties() : load(Path.of(file)));
    }

    @Override
    public Feature provides() {
        return Feature.named(FEATURE).withOnByDefault(false)
                .withDescription("mpiverify: keep the selected methods and the listed mutants");
    }

    @Override
    public String description() {
        return "mpiverify mutant selection";
    }

    static Properties load(Path file) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    static final class Filter implements MutationInterceptor {
        private final Properties p;
        private final Set<String> onlyKeys;
        private final Set<String> doneKeys;

        Filter(Properties p) {
            this.p = p;
            this.onlyKeys = p.getProperty("only.keys") == null ? null : keys(p.getProperty("only.keys"));
            this.doneKeys = p.getProperty("done.keys") == null ? Set.of() : keys(p.getProperty("done.keys"));
        }

        private static Set<String> keys(String file) {
            try {
                return new HashSet<>(Files.readAllLines(Path.of(file)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public InterceptorType type() {
            return InterceptorType.FILTER;
        }

        @Override
        public void begin(ClassTree clazz) {
        }

        @Override
        public Collection<MutationDetails> intercept(Collection<MutationDetails> mutations, Mutater m) {
            if (mutations.isEmpty()) return mutations;
            Map<String, String> keys = MutantKeys.forClass(m, mutations.iterator().next().getClassName());
            String methods = p.getProperty("methods." + mutations.iterator().next().getClassName().asJavaName());
            Set<String> only = methods == null ? null : new HashSet<>(Arrays.asList(methods.split(",")));
            List<MutationDetails> kept = new ArrayList<>();
            for (MutationDetails d : mutations) {
                String key = MutantKeys.keyOf(keys, d);
                if (only != null && !only.contains(d.getMethod())) continue;
                if (onlyKeys != null && !onlyKeys.contains(key)) continue;
                if (doneKeys.contains(key)) continue;
                kept.add(d);
            }
            return kept;
        }

        @Override
        public void end() {
        }
    }
}
