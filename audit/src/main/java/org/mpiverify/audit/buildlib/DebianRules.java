package org.mpiverify.audit.buildlib;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How a Debian source package configures its library, read from its {@code debian/rules} as {@code dpkg-buildpackage}
 * would run it: the arguments its {@code override_dh_auto_configure} passes after {@code dh_auto_configure --} (from
 * {@code make -n}), the variables it exports (from a recipe that prints its environment), and the options debhelper's
 * autoconf build system adds itself. Pure functions of those texts: the tools that produce them are {@link BuildLib}'s.
 *
 * <p>Thread safety: stateless; every method may be called from any thread.
 *
 * <p>Implementation notes: the installation paths are left out (the build gets one {@code --prefix} in the cache);
 * {@code -ffile-prefix-map=} is dropped from every flag, because it only rewrites the source paths recorded in the
 * debug information, and the audit wants them absolute, pointing into the kept source tree; the flags themselves
 * (optimisation, hardening, {@code -g}) are the distribution's.
 */
public final class DebianRules {
    /** Installation-path options, replaced by one {@code --prefix}. */
    static final Set<String> PATH_OPTIONS = Set.of("--prefix", "--exec-prefix", "--includedir", "--mandir", "--infodir",
            "--sysconfdir", "--localstatedir", "--libdir", "--runstatedir", "--docdir", "--datarootdir", "--datadir", "--bindir",
            "--sbindir", "--libexecdir");
    /** The compiler flag variables debhelper sets from {@code dpkg-buildflags} for a configure it runs. */
    static final List<String> BUILD_FLAGS = List.of("CFLAGS", "CPPFLAGS", "CXXFLAGS", "FCFLAGS", "FFLAGS", "LDFLAGS");
    /** Variables of the recipe's environment that make itself sets. */
    private static final Set<String> MAKE_OWN = Set.of("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKE_TERMOUT", "MAKE_TERMERR");
    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*", Pattern.DOTALL);

    private DebianRules() { }

    /**
     * The options debhelper's autoconf build system puts before the package's own, but the paths
     * ({@code Debian::Debhelper::Buildsystem::autoconf}).
     */
    static List<String> debhelperOptions(String hostGnuType) {
        return List.of("--build=" + hostGnuType, "--disable-option-checking", "--disable-silent-rules",
                "--disable-maintainer-mode", "--disable-dependency-tracking");
    }

    /**
     * What {@code dh} runs before {@code dh_auto_configure} to regenerate the build system, in its order, as commands
     * in the source tree: the rules' {@code override_dh_update_autotools_config} recipe where the rules have one (Open
     * MPI's runs {@code ./autogen.pl --force}); then {@code override_dh_autoreconf}'s recipe where there is one (MPICH's
     * runs {@code ./autogen.sh}), else {@code dh_autoreconf} itself from debhelper compat 10 on, where {@code dh}'s
     * sequence has it. dh_update_autotools_config's default (fresh {@code config.sub} and {@code config.guess}, for
     * architectures newer than the tarball) is left out: it does not change a build on amd64.
     *
     * @param rules   the text of {@code debian/rules}
     * @param compat  the package's debhelper compat level ({@link #compatLevel})
     */
    static List<List<String>> regeneration(String rules, int compat) {
        List<List<String>> l = new ArrayList<>();
        if (explicitTarget(rules, "override_dh_update_autotools_config")) {
            l.add(List.of("make", "-f", "debian/rules", "override_dh_update_autotools_config"));
        }
        if (explicitTarget(rules, "override_dh_autoreconf")) {
            l.add(List.of("make", "-f", "debian/rules", "override_dh_autoreconf"));
        } else if (compat >= 10) {
            l.add(List.of("dh_autoreconf"));
        }
        return List.copyOf(l);
    }

    /** Whether {@code rules} has a rule of its own for {@code target} (not only the catch-all {@code %: dh $@}). */
    static boolean explicitTarget(String rules, String target) {
        return Pattern.compile("^" + Pattern.quote(target) + "\\s*:(?!=)", Pattern.MULTILINE).matcher(rules).find();
    }

    /**
     * The debhelper compat level: {@code debhelper-compat (= N)} in {@code debian/control}'s build dependencies, else
     * the number in {@code debian/compat} (null when there is none); 0 when neither says.
     */
    static int compatLevel(String control, String compatFile) {
        var m = Pattern.compile("debhelper-compat\\s*\\(\\s*=\\s*(\\d+)\\s*\\)").matcher(control);
        if (m.find()) return Integer.parseInt(m.group(1));
        if (compatFile != null && compatFile.strip().matches("\\d+")) return Integer.parseInt(compatFile.strip());
        return 0;
    }

    /**
     * The arguments of the first {@code dh_auto_configure} line of {@code make -n override_dh_auto_configure}'s
     * output, after its {@code --}, without installation paths, flags without {@code -ffile-prefix-map}.
     *
     * @throws IllegalArgumentException if no such line is there
     */
    static List<String> configureArguments(String makeDryRun) {
        String line = makeDryRun.lines().map(String::strip).filter(l -> l.startsWith("dh_auto_configure")).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("debian/rules runs no dh_auto_configure in "
                        + "override_dh_auto_configure"));
        List<String> words = ShellWords.split(line);
        int dashes = words.indexOf("--");
        List<String> out = new ArrayList<>();
        if (dashes < 0) return out;
        for (String w : words.subList(dashes + 1, words.size())) {
            String name = w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
            if (PATH_OPTIONS.contains(name)) continue;
            out.add(VARIABLE.matcher(w).matches() ? name + "=" + withoutPrefixMap(w.substring(w.indexOf('=') + 1)) : w);
        }
        return out;
    }

    /**
     * The variables {@code debian/rules} exports: those of the recipe's environment ({@code env}'s output) that differ
     * from the environment it was started with, flags without {@code -ffile-prefix-map}.
     */
    static Map<String, String> exported(String recipeEnvironment, Map<String, String> startedWith) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String l : recipeEnvironment.lines().toList()) {
            int eq = l.indexOf('=');
            if (eq <= 0) continue;
            String k = l.substring(0, eq), v = l.substring(eq + 1);
            if (MAKE_OWN.contains(k) || v.equals(startedWith.get(k))) continue;
            out.put(k, withoutPrefixMap(v));
        }
        return out;
    }

    /** {@code flags} without any {@code -ffile-prefix-map=...} word, spaces normalised. */
    static String withoutPrefixMap(String flags) {
        return String.join(" ", flags.strip().split("\\s+")).replaceAll("(^| )-ffile-prefix-map=\\S*", "").strip();
    }

    /**
     * The options of the installed library's recorded configure line that {@code plan} lacks, paths and the ones a
     * profile leaves out ({@code leftOut}) aside: empty when the rules and the installed build agree.
     */
    static List<String> missingFromPlan(String recordedLine, List<String> plan, Set<String> leftOut) {
        List<String> missing = new ArrayList<>();
        for (String w : ShellWords.split(recordedLine)) {
            if (!w.startsWith("--")) continue;
            String name = w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
            if (PATH_OPTIONS.contains(name) || leftOut.contains(name) || plan.contains(w) || missing.contains(w)) continue;
            missing.add(w);
        }
        return missing;
    }
}
