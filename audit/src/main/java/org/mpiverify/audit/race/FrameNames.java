package org.mpiverify.audit.race;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How many frames of the races' stacks have no function name ({@code ???}), per object file: what a build with
 * symbols ({@code ./mpiverify audit build-lib}) is for, and the measure of whether every race names the functions on
 * both sides. Valgrind's own preload objects ({@code vgpreload_*}, its wrappers of the threading calls) are left out:
 * they are the detector's, not the library's.
 *
 * @param byObject         per object file's name: {@code [frames, unnamed frames]}
 * @param races            the races counted
 * @param racesWithUnnamed of them, those with an unnamed frame (outside Valgrind's preload) on either side
 */
public record FrameNames(Map<String, int[]> byObject, int races, int racesWithUnnamed) {
    /** Counts the frames of {@code races}. Thread safety: a pure function of its argument. */
    public static FrameNames of(List<Race> races) {
        Map<String, int[]> by = new TreeMap<>();
        int with = 0;
        for (Race r : races) {
            boolean unnamed = false;
            for (Access a : r.accesses()) {
                for (Frame f : a.stack()) {
                    if (f.objName().startsWith("vgpreload_")) continue;
                    int[] n = by.computeIfAbsent(f.objName(), k -> new int[2]);
                    n[0]++;
                    if (!f.named()) {
                        n[1]++;
                        unnamed = true;
                    }
                }
            }
            if (unnamed) with++;
        }
        return new FrameNames(by, races.size(), with);
    }

    /** One line per object with an unnamed frame, then the count of races with one: the report's paragraph. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append(racesWithUnnamed).append(" of ").append(races).append(" distinct races have a frame without a function name (`???`)");
        byObject.forEach((obj, n) -> {
            if (n[1] > 0) b.append("; ").append(obj).append(": ").append(n[1]).append(" of ").append(n[0]).append(" frames");
        });
        return b.append('.').toString();
    }
}
