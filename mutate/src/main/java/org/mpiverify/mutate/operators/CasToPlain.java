package org.mpiverify.mutate.operators;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.mutate.runtime.PlainRmw;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * ConMAn-style atomicity violation: an atomic read-modify-write or compare-and-set (on a VarHandle or a
 * {@code java.util.concurrent.atomic} class) becomes a plain read followed by a plain write
 * ({@link PlainRmw}), so two threads can both read the old value and both act on it.
 */
public final class CasToPlain extends ConcurrencyOperator {
    static final String HELPER = Type.getInternalName(PlainRmw.class);

    @Override
    public String getName() {
        return "CAS_TO_PLAIN";
    }

    /** The helper method's name for an atomic method, or null if it is not a read-modify-write. */
    static String base(String name) {
        if (name.startsWith("weakCompareAndSet") || name.startsWith("compareAndSet")) return "compareAndSet";
        if (name.startsWith("compareAndExchange")) return "compareAndExchange";
        if (name.startsWith("getAndAdd")) return "getAndAdd";
        if (name.startsWith("getAndSet")) return "getAndSet";
        return switch (name) {
            case "getAndIncrement", "getAndDecrement", "incrementAndGet", "decrementAndGet", "addAndGet" -> name;
            default -> null;
        };
    }

    /** The helper's descriptor: the receiver first, references erased to Object (VarHandle coordinates too). */
    static String helperDesc(MethodInsnNode c) {
        StringBuilder d = new StringBuilder("(L").append(c.owner).append(';');
        for (Type t : Type.getArgumentTypes(c.desc)) d.append(erase(t));
        return d.append(')').append(erase(Type.getReturnType(c.desc))).toString();
    }

    private static String erase(Type t) {
        return t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY ? "Ljava/lang/Object;" : t.getDescriptor();
    }

    /** True if {@link PlainRmw} has the method: a site without one is not made (no mutant that fails to link). */
    static boolean helperExists(String name, String desc) {
        Type[] args = Type.getArgumentTypes(desc);
        for (Method m : PlainRmw.class.getMethods()) {
            if (!m.getName().equals(name) || m.getParameterCount() != args.length) continue;
            if (Type.getMethodDescriptor(m).equals(desc)) return true;
        }
        return false;
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        for (int k = 0; k < m.size(); k++) {
            AbstractInsnNode n = m.insns.get(k);
            if (!(n instanceof MethodInsnNode c) || c.getOpcode() == Opcodes.INVOKESTATIC) continue;
            if (!c.owner.equals(SharedAccess.VAR_HANDLE) && !SharedAccess.isAtomic(c.owner)) continue;
            String name = base(c.name);
            if (name == null) continue;
            String desc = helperDesc(c);
            if (!helperExists(name, desc)) continue;
            InsnList l = new InsnList();
            l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, HELPER, name, desc, false));
            Type ret = Type.getReturnType(c.desc);
            if (ret.getSort() == Type.OBJECT && !ret.getInternalName().equals("java/lang/Object")) {
                l.add(MethodAnalysis.checkcast(ret.getInternalName()));
            }
            Expr recv = m.expr(m.operand(k, Type.getArgumentTypes(c.desc).length));
            String on = recv == null ? c.owner.substring(c.owner.lastIndexOf('/') + 1) : m.describe(recv);
            sites.add(new Site(k, "replaced " + on + "." + c.name + " with a plain read and a plain write").replace(k, l));
        }
        return sites;
    }
}
