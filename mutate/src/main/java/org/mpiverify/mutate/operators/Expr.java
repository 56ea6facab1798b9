package org.mpiverify.mutate.operators;

import java.util.Map;
import java.util.Objects;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * A simple expression that produced an operand: a local, a constant, a static field, or a field of a
 * simple expression ({@code c}, {@code this.lock}, {@code Bucket.LOCK}). Two lock operations on equal
 * expressions are on the same lock; an expression can be loaded again elsewhere ({@link #load}) as long
 * as its locals have not changed in between.
 */
public record Expr(Expr base, int local, int loadOpcode, FieldInsnNode field, int constant) {
    static Expr local(int var, int opcode) {
        return new Expr(null, var, opcode, null, -1);
    }

    static Expr field(Expr base, FieldInsnNode f) {
        return new Expr(base, -1, -1, (FieldInsnNode) f.clone(Map.of()), -1);
    }

    static Expr constant(int opcode) {
        return new Expr(null, -1, -1, null, opcode);
    }

    /** The instructions that load this expression's value. */
    public InsnList load() {
        InsnList l = new InsnList();
        if (constant >= 0) {
            l.add(new InsnNode(constant));
        } else if (field == null) {
            l.add(new VarInsnNode(loadOpcode, local));
        } else {
            if (base != null) l.add(base.load());
            l.add(field.clone(Map.of()));
        }
        return l;
    }

    public boolean readsLocal(int var) {
        if (field == null) return constant < 0 && local == var;
        return base != null && base.readsLocal(var);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Expr e && e.toString().equals(toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    @Override
    public String toString() {
        if (constant >= 0) return "const" + constant;
        if (field == null) return "local" + local;
        return (base == null ? field.owner : base.toString()) + "." + field.name;
    }

    static boolean isStaticField(Expr e) {
        return e.field != null && e.field.getOpcode() == Opcodes.GETSTATIC && Objects.isNull(e.base);
    }
}
