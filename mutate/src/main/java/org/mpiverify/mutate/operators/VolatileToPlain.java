package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.List;
import org.mpiverify.mutate.runtime.PlainAccess;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * ConMAn-style memory-model weakening: one volatile, acquire, release or opaque access becomes a plain
 * one. A VarHandle access mode is renamed to plain {@code get}/{@code set}, an atomic's
 * {@code get}/{@code set} to {@code getPlain}/{@code setPlain}, and a volatile field access becomes an
 * {@code invokedynamic} bound to the field's VarHandle in plain mode ({@link PlainAccess}).
 */
public final class VolatileToPlain extends ConcurrencyOperator {
    private static final Handle BOOTSTRAP = new Handle(Opcodes.H_INVOKESTATIC, Type.getInternalName(PlainAccess.class),
            "field", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/Class;II)Ljava/lang/invoke/CallSite;",
            false);

    @Override
    public String getName() {
        return "VOLATILE_TO_PLAIN";
    }

    static String plainName(MethodInsnNode c) {
        if (c.owner.equals(SharedAccess.VAR_HANDLE)) {
            return switch (c.name) {
                case "getVolatile", "getAcquire", "getOpaque" -> "get";
                case "setVolatile", "setRelease", "setOpaque" -> "set";
                default -> null;
            };
        }
        if (SharedAccess.isAtomic(c.owner) && !c.owner.endsWith("Array")) {
            return switch (c.name) {
                case "get", "getAcquire", "getOpaque" -> "getPlain";
                case "set", "setRelease", "setOpaque", "lazySet" -> "setPlain";
                default -> null;
            };
        }
        return null;
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        for (int k = 0; k < m.size(); k++) {
            AbstractInsnNode n = m.insns.get(k);
            if (n instanceof MethodInsnNode c && c.getOpcode() != Opcodes.INVOKESTATIC) {
                String plain = plainName(c);
                if (plain == null) continue;
                InsnList l = new InsnList();
                l.add(new MethodInsnNode(c.getOpcode(), c.owner, plain, c.desc, c.itf));
                Expr recv = m.expr(m.operand(k, Type.getArgumentTypes(c.desc).length));
                String on = recv == null ? c.owner.substring(c.owner.lastIndexOf('/') + 1) : m.describe(recv);
                sites.add(new Site(k, "replaced " + on + "." + c.name + " with plain " + plain).replace(k, l));
            } else if (n instanceof FieldInsnNode f) {
                FieldNode decl = MethodAnalysis.field(f.owner, f.name);
                if (decl == null || (decl.access & Opcodes.ACC_VOLATILE) == 0) continue;
                boolean isStatic = f.getOpcode() == Opcodes.GETSTATIC || f.getOpcode() == Opcodes.PUTSTATIC;
                boolean isSet = f.getOpcode() == Opcodes.PUTFIELD || f.getOpcode() == Opcodes.PUTSTATIC;
                String owner = "L" + f.owner + ";";
                String desc = isSet ? "(" + (isStatic ? "" : owner) + f.desc + ")V" : "(" + (isStatic ? "" : owner) + ")" + f.desc;
                InsnList l = new InsnList();
                l.add(new InvokeDynamicInsnNode(f.name, desc, BOOTSTRAP, Type.getObjectType(f.owner), isStatic ? 1 : 0, isSet ? 1 : 0));
                sites.add(new Site(k, (isSet ? "plain write of volatile " : "plain read of volatile ")
                        + f.owner.substring(f.owner.lastIndexOf('/') + 1).replace('$', '.') + "." + f.name).replace(k, l));
            }
        }
        return sites;
    }
}
