package org.mpiverify.specs.mutation;

/**
 * One textual change of a module: the text at {@code [start, end)} becomes {@code replacement}.
 *
 * @param module      the module's name
 * @param start       first offset replaced
 * @param end         offset after the last one replaced ({@code start} for an insertion)
 * @param replacement the new text
 */
public record Edit(String module, int start, int end, String replacement) {
    public Edit {
        if (start < 0 || end < start) throw new IllegalArgumentException("bad range " + start + ".." + end);
    }
}
