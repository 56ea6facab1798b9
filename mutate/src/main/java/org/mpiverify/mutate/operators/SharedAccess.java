package org.mpiverify.mutate.operators;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodInsnNode;

/** Which instructions read or write shared memory: fields, array elements, VarHandles, atomics. */
final class SharedAccess {
    static final String VAR_HANDLE = "java/lang/invoke/VarHandle";

    private SharedAccess() {}

    static boolean isAtomic(String owner) {
        return owner.startsWith("java/util/concurrent/atomic/Atomic");
    }

    /** A read of a mutable field, a VarHandle get, or an atomic's get: the result type, or null if not a read. */
    static Type read(AbstractInsnNode n) {
        if (n instanceof FieldInsnNode f && (f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.GETSTATIC)) {
            FieldNode decl = MethodAnalysis.field(f.owner, f.name);
            if (decl != null && (decl.access & Opcodes.ACC_FINAL) != 0) return null;
            return Type.getType(f.desc);
        }
        if (n instanceof MethodInsnNode c && (c.owner.equals(VAR_HANDLE) || isAtomic(c.owner))
                && c.name.startsWith("get") && !c.name.startsWith("getAnd")) {
            Type ret = Type.getReturnType(c.desc);
            return ret == Type.VOID_TYPE ? null : ret;
        }
        return null;
    }

    /** True for a write to a field or array element, a VarHandle set, an atomic's set or any read-modify-write. */
    static boolean isWriteOrRmw(AbstractInsnNode n) {
        int op = n.getOpcode();
        if (op == Opcodes.PUTFIELD || op == Opcodes.PUTSTATIC || (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE)) return true;
        return n instanceof MethodInsnNode c && (c.owner.equals(VAR_HANDLE) || isAtomic(c.owner))
                && !(c.name.startsWith("get") && !c.name.startsWith("getAnd"));
    }

    static boolean isAccess(AbstractInsnNode n) {
        int op = n.getOpcode();
        return read(n) != null || isWriteOrRmw(n) || (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD);
    }

    static int loadOpcode(Type t) {
        return t.getOpcode(Opcodes.ILOAD);
    }

    static int storeOpcode(Type t) {
        return t.getOpcode(Opcodes.ISTORE);
    }
}
