package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * ConMAn's "remove notify": a wake-up is dropped ({@code LockSupport.unpark}, {@code Object.notify} /
 * {@code notifyAll}, {@code Condition.signal} / {@code signalAll}), so a parked or waiting thread sleeps
 * until its own timeout, or forever.
 */
public final class RemoveWakeup extends ConcurrencyOperator {
    @Override
    public String getName() {
        return "REMOVE_WAKEUP";
    }

    static boolean isWakeup(MethodInsnNode c) {
        return (c.owner.equals("java/util/concurrent/locks/LockSupport") && c.name.equals("unpark"))
                || ((c.name.equals("notify") || c.name.equals("notifyAll")) && c.desc.equals("()V"))
                || (c.owner.equals("java/util/concurrent/locks/Condition") && c.name.startsWith("signal"));
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        for (int k = 0; k < m.size(); k++) {
            AbstractInsnNode n = m.insns.get(k);
            if (n instanceof MethodInsnNode c && isWakeup(c)) {
                sites.add(new Site(k, "removed the wake-up " + c.owner.substring(c.owner.lastIndexOf('/') + 1) + "." + c.name)
                        .replace(k, Locks.popOperands(m, k)));
            }
        }
        return sites;
    }
}
