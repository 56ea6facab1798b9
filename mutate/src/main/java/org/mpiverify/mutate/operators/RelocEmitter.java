package org.mpiverify.mutate.operators;

import java.util.IdentityHashMap;
import java.util.Map;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Emits code built with ASM's tree API (org.objectweb.asm, which the operators analyse with) into the
 * method visitor PIT streams the mutant through (its relocated copy of ASM, org.pitest.reloc.asm).
 */
final class RelocEmitter extends MethodVisitor {
    private final org.pitest.reloc.asm.MethodVisitor out;
    private final Map<Label, org.pitest.reloc.asm.Label> labels = new IdentityHashMap<>();

    RelocEmitter(org.pitest.reloc.asm.MethodVisitor out) {
        super(Opcodes.ASM9);
        this.out = out;
    }

    private org.pitest.reloc.asm.Label label(Label l) {
        return labels.computeIfAbsent(l, k -> new org.pitest.reloc.asm.Label());
    }

    private static Object constant(Object c) {
        if (c instanceof Type t) return org.pitest.reloc.asm.Type.getType(t.getDescriptor());
        if (c instanceof Handle h) return handle(h);
        return c;
    }

    private static org.pitest.reloc.asm.Handle handle(Handle h) {
        return new org.pitest.reloc.asm.Handle(h.getTag(), h.getOwner(), h.getName(), h.getDesc(), h.isInterface());
    }

    @Override public void visitInsn(int opcode) { out.visitInsn(opcode); }
    @Override public void visitIntInsn(int opcode, int operand) { out.visitIntInsn(opcode, operand); }
    @Override public void visitVarInsn(int opcode, int var) { out.visitVarInsn(opcode, var); }
    @Override public void visitTypeInsn(int opcode, String type) { out.visitTypeInsn(opcode, type); }
    @Override public void visitFieldInsn(int opcode, String owner, String name, String desc) { out.visitFieldInsn(opcode, owner, name, desc); }
    @Override public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) { out.visitMethodInsn(opcode, owner, name, desc, itf); }
    @Override public void visitJumpInsn(int opcode, Label label) { out.visitJumpInsn(opcode, label(label)); }
    @Override public void visitLabel(Label label) { out.visitLabel(label(label)); }
    @Override public void visitLdcInsn(Object value) { out.visitLdcInsn(constant(value)); }
    @Override public void visitIincInsn(int var, int increment) { out.visitIincInsn(var, increment); }

    @Override
    public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... args) {
        Object[] a = new Object[args.length];
        for (int i = 0; i < args.length; i++) a[i] = constant(args[i]);
        out.visitInvokeDynamicInsn(name, desc, handle(bsm), a);
    }
}
