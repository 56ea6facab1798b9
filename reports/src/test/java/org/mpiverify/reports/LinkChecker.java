package org.mpiverify.reports;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

/**
 * Checks a dashboard as a reader would meet it, in a real browser: starting from its summary page it
 * opens every page of the dashboard folder that a link reaches, and on each page checks that
 * <ul>
 *   <li>every link ({@code a[href]}, {@code link[href]}) resolves: the file exists and, for
 *       {@code #fragment}, the target page has an element with that id;</li>
 *   <li>every image loaded ({@code complete} and {@code naturalWidth > 0}), every
 *       {@code object}/{@code embed}/{@code iframe} file exists;</li>
 *   <li>nothing points off the machine (the dashboard must read offline).</li>
 * </ul>
 * Pages copied from elsewhere (under {@code assets/}) are checked to exist, not crawled.
 */
final class LinkChecker {
    private static final String COLLECT = """
            const abs = (e, a) => e.getAttribute(a) === null ? null : new URL(e.getAttribute(a), document.baseURI).href;
            return {
              links: Array.from(document.querySelectorAll('a[href], link[href]')).map(e => abs(e, 'href')),
              images: Array.from(document.images).map(i => [abs(i, 'src'), i.complete && i.naturalWidth > 0]),
              embeds: Array.from(document.querySelectorAll('object[data], embed[src], iframe[src]'))
                        .map(e => abs(e, e.tagName === 'OBJECT' ? 'data' : 'src')),
              ids: Array.from(document.querySelectorAll('[id]')).map(e => e.id)
            };""";

    private final WebDriver driver;

    LinkChecker(WebDriver driver) {
        this.driver = driver;
    }

    /** Every broken link and image found from {@code index}, as "page: problem" lines; empty when sound. */
    @SuppressWarnings("unchecked")
    List<String> check(Path index) {
        Path root = index.toAbsolutePath().getParent();
        List<String> problems = new ArrayList<>();
        Map<Path, Set<String>> ids = new HashMap<>();
        List<String[]> fragments = new ArrayList<>(); // page, target file, fragment
        Deque<Path> todo = new ArrayDeque<>(List.of(index.toAbsolutePath()));
        Set<Path> seen = new HashSet<>(todo);
        while (!todo.isEmpty()) {
            Path page = todo.poll();
            String name = root.relativize(page).toString();
            driver.get(page.toUri().toString());
            Map<String, Object> found = (Map<String, Object>) ((JavascriptExecutor) driver).executeScript(COLLECT);
            ids.put(page, new HashSet<>((List<String>) found.get("ids")));
            for (String link : (List<String>) found.get("links")) {
                Path target = local(link, name, problems);
                if (target == null) continue;
                if (!Files.exists(target)) {
                    problems.add(name + ": link to a missing file " + root.relativize(target));
                    continue;
                }
                String fragment = URI.create(link).getFragment();
                if (fragment != null && !fragment.isEmpty()) fragments.add(new String[] {name, target.toString(), fragment});
                boolean ownPage = target.startsWith(root) && !root.relativize(target).startsWith("assets")
                        && target.toString().endsWith(".html");
                if (ownPage && seen.add(target)) todo.add(target);
            }
            for (List<Object> img : (List<List<Object>>) found.get("images")) {
                if (!Boolean.TRUE.equals(img.get(1))) problems.add(name + ": image did not load: " + img.get(0));
            }
            for (String e : (List<String>) found.get("embeds")) {
                Path target = local(e, name, problems);
                if (target != null && !Files.isRegularFile(target)) problems.add(name + ": embedded file missing: " + e);
            }
        }
        for (String[] f : fragments) {
            Path target = Path.of(f[1]);
            Set<String> targetIds = ids.get(target);
            if (targetIds == null) continue; // a copied page (assets/): its existence was checked
            if (!targetIds.contains(f[2])) {
                problems.add(f[0] + ": link to " + root.relativize(target) + "#" + f[2] + ", which has no such anchor");
            }
        }
        return problems;
    }

    /** The local file a URL points at, or null (with a problem noted) for anything not on disk. */
    private static Path local(String url, String page, List<String> problems) {
        if (url == null) return null;
        URI u = URI.create(url);
        if (!"file".equals(u.getScheme())) {
            problems.add(page + ": link leaves the machine: " + url);
            return null;
        }
        return Path.of(URI.create(u.getScheme() + "://" + (u.getRawAuthority() == null ? "" : u.getRawAuthority())
                + u.getRawPath())).toAbsolutePath().normalize();
    }
}
