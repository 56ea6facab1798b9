package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user's guide points only at things that exist: every relative link of README.md and of the pages
 * under docs/ resolves (a file, and a heading for a {@code #fragment}), and every repository path they
 * name in backticks is there (a build output under a module's {@code target/}: that module is). A guide with a
 * broken link, a missing anchor, a missing path and an output of a missing module is rejected (the checker's
 * known-bad input).
 */
@Timeout(30)
class ReadmeLinksTest {
    private static final Path ROOT = FixtureRepo.MODULE.getParent();
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern TICKED = Pattern.compile("`([^`\\s]+)`");
    /** A repository path: a folder-like first segment ({@code specs}, {@code .ci}) and more after a slash. */
    private static final Pattern PATH = Pattern.compile("\\.?[a-z][a-z0-9_-]*(/[A-Za-z0-9_.-]+)+/?");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}\\s+(.+?)\\s*$");

    @Test
    void everyLinkAndPathOfTheGuideExists() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (var docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<String> problems = new ArrayList<>();
        for (Path page : pages) problems.addAll(problems(ROOT, page));
        assertEquals(List.of(), problems, "the guide names things that are not there");
    }

    @Test
    void aBrokenLinkAMissingAnchorAndAMissingPathAreFound(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("specs"));
        Files.writeString(dir.resolve("specs/manifest.json"), "{}");
        Files.writeString(dir.resolve("specs/pom.xml"), "<project/>");
        Path readme = dir.resolve("README.md");
        Files.writeString(readme, """
                # Title
                ## Set up
                See [the specs](specs/manifest.json), [set-up](#set-up), `specs/manifest.json` and `specs/target/specs.jar`
                (built by the specs module): all there.
                Broken: [design](docs/design.md), [nowhere](#no-such-heading), `specs/MissingSpec.tla`, `gone/target/gone.jar`.
                Not paths: `Comm.send`, `mpi.Comm.probe/iprobe`, `out/bench/core.json`, `/usr/lib/jvm`,
                [a site](https://example.org/x).
                """);
        List<String> p = problems(dir, readme);
        assertEquals(4, p.size(), p.toString());
        assertTrue(p.get(0).contains("docs/design.md") && p.get(1).contains("#no-such-heading")
                && p.get(2).contains("specs/MissingSpec.tla") && p.get(3).contains("gone/target/gone.jar"), p.toString());
    }

    static List<String> problems(Path root, Path page) throws IOException {
        String text = Files.readString(page);
        String name = root.relativize(page).toString();
        List<String> out = new ArrayList<>();
        Matcher m = LINK.matcher(text);
        while (m.find()) {
            String target = m.group(1);
            if (target.matches("[a-z]+:.*")) continue;                   // https:, mailto:
            int hash = target.indexOf('#');
            String file = hash < 0 ? target : target.substring(0, hash);
            String fragment = hash < 0 ? null : target.substring(hash + 1);
            Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
            if (!Files.exists(resolved)) {
                out.add(name + ": link to a missing file " + target);
            } else if (fragment != null && resolved.toString().endsWith(".md")
                    && !anchors(Files.readString(resolved)).contains(fragment)) {
                out.add(name + ": link to a missing heading " + target);
            }
        }
        Matcher t = TICKED.matcher(text);
        while (t.find()) {
            String p = t.group(1);
            if (!PATH.matcher(p).matches() || p.startsWith("out/")) continue;   // out/ is generated
            int built = p.indexOf("/target/");
            if (built > 0) {   // a build output: there once its module is built, so the module must be there
                if (!Files.exists(root.resolve(p.substring(0, built)).resolve("pom.xml"))) {
                    out.add(name + ": names an output of a missing module `" + p + "`");
                }
            } else if (!Files.exists(root.resolve(p))) {
                out.add(name + ": names a missing path `" + p + "`");
            }
        }
        return out;
    }

    /** GitHub's anchors for the headings of a Markdown page. */
    static Set<String> anchors(String markdown) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = HEADING.matcher(markdown.replaceAll("(?s)```.*?```", ""));
        while (m.find()) {
            out.add(m.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
        }
        return out;
    }
}
