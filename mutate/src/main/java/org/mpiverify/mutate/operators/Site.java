package org.mpiverify.mutate.operators;

import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.tree.InsnList;

/**
 * One mutant an operator can make in a method: where PIT registers it (the first instruction it
 * touches, so the rewrite can be applied while the method streams through), what it is called, and the
 * edits: code inserted before an instruction, and instructions replaced (by nothing, to delete them).
 */
public final class Site {
    final int registerAt;
    final String description;
    final Map<Integer, InsnList> before = new HashMap<>();
    final Map<Integer, InsnList> replace = new HashMap<>();

    public Site(int registerAt, String description) {
        this.registerAt = registerAt;
        this.description = description;
    }

    public Site insertBefore(int ordinal, InsnList code) {
        InsnList l = before.computeIfAbsent(ordinal, k -> new InsnList());
        l.add(code);
        return this;
    }

    public Site replace(int ordinal, InsnList code) {
        replace.put(ordinal, code);
        return this;
    }

    public Site delete(int ordinal) {
        return replace(ordinal, new InsnList());
    }

    /** The first ordinal any edit touches: registration must happen no later. */
    int firstEdit() {
        int m = Integer.MAX_VALUE;
        for (int k : before.keySet()) m = Math.min(m, k);
        for (int k : replace.keySet()) m = Math.min(m, k);
        return m;
    }
}
