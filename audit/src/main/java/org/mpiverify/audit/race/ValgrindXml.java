package org.mpiverify.audit.race;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Reads one Valgrind XML report ({@code --xml=yes --xml-file=...}, protocol 4) of Helgrind or DRD into races.
 *
 * <p>Helgrind's race ({@code <kind>Race</kind>}): {@code <xwhat>} and a stack for the racing access, {@code
 * <xauxwhat>} and a stack for the conflicting previous one, then {@code <auxwhat>} lines about the address (a data
 * symbol, a segment, or "a block of size N alloc'd" followed by the allocation stack). DRD's ({@code
 * ConflictingAccess}): {@code <what>} and a stack, {@code <auxwhat>} about the address, and the other segment's start
 * and end stacks, of which the start (where the conflicting thread's segment began) stands for the second access.
 * Other kinds of error (lock order, unlocking an unlocked lock) are counted, not read as races. Also read: how often
 * each suppression matched ({@code <suppcounts>}).
 */
public final class ValgrindXml {
    private static final Pattern THREAD = Pattern.compile("thread #?(\\d+)");

    private ValgrindXml() { }

    /** What one file held: its races, the count of other errors by kind, and the suppressions that matched. */
    public record Report(List<Race> races, Map<String, Integer> otherErrors, Map<String, Integer> suppressed, String problem) { }

    /** Parses {@code file}; a file the detector did not finish (a killed rank) gives its problem and no races. */
    public static Report read(Path file, String origin) {
        Element root;
        try {
            var f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setExpandEntityReferences(false);
            root = f.newDocumentBuilder().parse(file.toFile()).getDocumentElement();
        } catch (Exception e) {
            long size;
            try { size = Files.size(file); } catch (IOException io) { size = -1; }
            return new Report(List.of(), Map.of(), Map.of(), file.getFileName() + " (" + size + " bytes) is not a complete "
                    + "Valgrind report: " + e.getMessage());
        }
        String tool = text(child(root, "tool"));
        List<Race> races = new ArrayList<>();
        Map<String, Integer> other = new LinkedHashMap<>();
        for (Element e : children(root, "error")) {
            String kind = text(child(e, "kind"));
            if (kind.equals("Race") || kind.equals("ConflictingAccess")) races.add(race(tool, e, origin));
            else other.merge(kind, 1, Integer::sum);
        }
        Map<String, Integer> supp = new LinkedHashMap<>();
        Element sc = child(root, "suppcounts");
        if (sc != null) {
            for (Element p : children(sc, "pair")) supp.merge(text(child(p, "name")), Integer.parseInt(text(child(p, "count"))), Integer::sum);
        }
        return new Report(races, other, supp, null);
    }

    private static Race race(String tool, Element e, String origin) {
        Access first = null;
        Access second = null;
        List<String> variable = new ArrayList<>();
        String pendingWhat = null;
        int pendingThread = -1;
        int stage = 0; // 0 before the first stack, 1 before the second, 2 after both
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!(n instanceof Element c)) continue;
            switch (c.getTagName()) {
                case "what" -> { pendingWhat = text(c); pendingThread = thread(pendingWhat); }
                case "xwhat", "xauxwhat" -> {
                    pendingWhat = text(child(c, "text"));
                    String h = text(child(c, "hthreadid"));
                    pendingThread = h.isEmpty() ? thread(pendingWhat) : Integer.parseInt(h);
                }
                case "auxwhat" -> { variable.add(text(c)); pendingWhat = null; }
                case "stack" -> {
                    if (stage == 0 && pendingWhat != null) { first = new Access(pendingWhat, pendingThread, frames(c)); stage = 1; }
                    else if (stage == 1 && pendingWhat != null) { second = new Access(pendingWhat, pendingThread, frames(c)); stage = 2; }
                    else if (!variable.isEmpty()) variable.add("allocated at " + frames(c).stream().limit(6).map(Frame::describe).toList());
                    pendingWhat = null;
                }
                case "other_segment_start" -> {
                    Element s = child(c, "stack");
                    if (s != null && second == null) second = new Access("the conflicting segment starts", -1, frames(s));
                }
                default -> { }
            }
        }
        if (first == null) first = new Access(text(child(e, "kind")), -1, List.of());
        return new Race(tool, first, second, String.join("; ", variable), origin);
    }

    private static List<Frame> frames(Element stack) {
        List<Frame> l = new ArrayList<>();
        for (Element f : children(stack, "frame")) {
            String line = text(child(f, "line"));
            l.add(new Frame(text(child(f, "ip")), nullIfEmpty(text(child(f, "obj"))), nullIfEmpty(text(child(f, "fn"))),
                    nullIfEmpty(text(child(f, "file"))), line.isEmpty() ? 0 : Integer.parseInt(line)));
        }
        return l;
    }

    private static int thread(String what) {
        Matcher m = THREAD.matcher(what == null ? "" : what);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    private static String nullIfEmpty(String s) { return s.isEmpty() ? null : s; }

    private static Element child(Element e, String name) {
        if (e == null) return null;
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && c.getTagName().equals(name)) return c;
        }
        return null;
    }

    private static List<Element> children(Element e, String name) {
        List<Element> l = new ArrayList<>();
        NodeList nl = e.getChildNodes();
        for (int i = 0; i < nl.getLength(); i++) if (nl.item(i) instanceof Element c && c.getTagName().equals(name)) l.add(c);
        return l;
    }

    private static String text(Element e) {
        return e == null ? "" : e.getTextContent().strip();
    }
}
