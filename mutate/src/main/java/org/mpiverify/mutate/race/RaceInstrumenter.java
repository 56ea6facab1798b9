package org.mpiverify.mutate.race;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Rewrites a class so that {@link HappensBefore} sees its shared-memory accesses and its
 * synchronisation: field accesses, VarHandle and atomic calls, and a mutant's plain accesses
 * ({@code PlainAccess}'s {@code invokedynamic}) become calls of a synthetic static bridge
 * ({@code hb$N}) that makes the access between the detector's hooks; array loads and stores (plain, so
 * their order against the hook does not matter) are announced in line; monitor enter and exit (a
 * {@code synchronized} method's too, on entry and before each return or throw), calls
 * into {@code java.util.concurrent}, an {@code AbstractQueuedSynchronizer}'s state and
 * {@code Object.wait} are synchronisation; so are a thread's {@code start} and {@code join}, and a task
 * ({@code Runnable}, {@code Callable}) passed to {@code java.util.concurrent} or a thread builder, which goes in a
 * {@link HappensBefore#handOff(Runnable) hand-off} wrapper whose future's {@code get} waits for it. A bridge takes
 * and returns exactly what the instruction it replaces did, so the rewritten method's stack and frames are unchanged.
 *
 * <p>{@link #instrumentSynchronisation} rewrites only the synchronisation: for code around the core (a harness, a
 * scenario) whose own accesses are not under test but whose threads and hand-offs order the core's.
 */
public final class RaceInstrumenter {
    private RaceInstrumenter() {}

    private static final String HB = Type.getInternalName(HappensBefore.class);
    private static final String PLAIN_ACCESS = "org/mpiverify/mutate/runtime/PlainAccess";
    private static final String VH = "java/lang/invoke/VarHandle";
    private static final Set<String> AQS_METHODS = Set.of("getState()I", "setState(I)V", "compareAndSetState(II)Z",
            "acquire(I)V", "release(I)Z", "acquireInterruptibly(I)V", "tryAcquireNanos(IJ)Z", "acquireShared(I)V",
            "releaseShared(I)Z");
    private static final Set<String> NOT_SYNCHRONISERS = Set.of("java/util/concurrent/TimeUnit",
            "java/util/concurrent/ThreadLocalRandom", "java/util/concurrent/locks/LockSupport");

    public static byte[] instrument(byte[] bytes) {
        return rewrite(bytes, true);
    }

    /** Rewrites the synchronisation only (monitors, calls into synchronisers, threads, hand-offs), not the accesses. */
    public static byte[] instrumentSynchronisation(byte[] bytes) {
        return rewrite(bytes, false);
    }

    private static byte[] rewrite(byte[] bytes, boolean accesses) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        reader.accept(new Rewriter(writer, accesses), 0);
        return writer.toByteArray();
    }

    private static final String RUNNABLE = "Ljava/lang/Runnable;", CALLABLE = "Ljava/util/concurrent/Callable;";

    /** The methods that hand a task to another thread (not {@code remove} and the like, which compare it). */
    private static final Set<String> HAND_OFFS = Set.of("submit", "execute", "schedule", "scheduleAtFixedRate",
            "scheduleWithFixedDelay", "runAsync", "start", "unstarted", "newThread", "startVirtualThread");

    /** Whether {@code owner.called} passes its {@code Runnable} or {@code Callable} arguments on to another thread. */
    private static boolean handsOff(String owner, String called, String descriptor) {
        boolean taker = owner.startsWith("java/util/concurrent/") && !NOT_SYNCHRONISERS.contains(owner)
                || owner.equals("java/lang/Thread") || owner.startsWith("java/lang/Thread$Builder");
        return taker && HAND_OFFS.contains(called) && (descriptor.contains(RUNNABLE) || descriptor.contains(CALLABLE));
    }

    private static final class Rewriter extends ClassVisitor {
        private String name;
        private boolean isInterface;
        private final Set<String> finalFields = new HashSet<>();
        private final List<Consumer<ClassVisitor>> bridges = new ArrayList<>();
        /** Whether field, array and a mutant's plain accesses are rewritten too, or only the synchronisation. */
        private final boolean accesses;

        Rewriter(ClassVisitor next, boolean accesses) {
            super(Opcodes.ASM9, next);
            this.accesses = accesses;
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            this.name = name;
            this.isInterface = (access & Opcodes.ACC_INTERFACE) != 0;
            super.visit(version, access, name, signature, superName, interfaces);
        }

        @Override
        public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
            if ((access & Opcodes.ACC_FINAL) != 0) finalFields.add(name);
            return super.visitField(access, name, descriptor, signature, value);
        }

        @Override
        public MethodVisitor visitMethod(int access, String method, String descriptor, String signature, String[] exceptions) {
            MethodVisitor mv = super.visitMethod(access, method, descriptor, signature, exceptions);
            return new Accesses(mv, method, (access & Opcodes.ACC_SYNCHRONIZED) != 0, (access & Opcodes.ACC_STATIC) != 0);
        }

        @Override
        public void visitEnd() {
            for (Consumer<ClassVisitor> b : bridges) b.accept(cv);
            super.visitEnd();
        }

        /** Adds a bridge and returns its name. */
        private String bridge(String descriptor, BridgeBody body) {
            String bridge = "hb$" + bridges.size();
            bridges.add(cv -> {
                MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
                        bridge, descriptor, null, null);
                mv.visitCode();
                body.emit(mv, Type.getArgumentTypes(descriptor), Type.getReturnType(descriptor));
                mv.visitMaxs(0, 0);
                mv.visitEnd();
            });
            return bridge;
        }

        private void callBridge(MethodVisitor mv, String bridge, String descriptor) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, name, bridge, descriptor, isInterface);
        }

        private final class Accesses extends MethodVisitor {
            private final String method;
            /** A synchronized method: its monitor is taken on entry and let go on return, with no bytecode of its own. */
            private final boolean synchronizedMethod;
            private final boolean staticMethod;
            private int line;

            Accesses(MethodVisitor next, String method, boolean synchronizedMethod, boolean staticMethod) {
                super(Opcodes.ASM9, next);
                this.method = method;
                this.synchronizedMethod = synchronizedMethod;
                this.staticMethod = staticMethod;
            }

            @Override
            public void visitCode() {
                super.visitCode();
                if (synchronizedMethod) monitorHook("monitorEnter");
            }

            /** The hook of a synchronized method's monitor: {@code this}, or the class of a static method. */
            private void monitorHook(String hook) {
                if (staticMethod) mv.visitLdcInsn(Type.getObjectType(name));
                else mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HB, hook, "(Ljava/lang/Object;)V", false);
            }

            private int site(String what) {
                return HappensBefore.site(name.replace('/', '.'), method, line, what);
            }

            @Override
            public void visitLineNumber(int line, Label start) {
                this.line = line;
                super.visitLineNumber(line, start);
            }

            @Override
            public void visitFieldInsn(int opcode, String owner, String field, String descriptor) {
                boolean own = owner.equals(name);
                if (!accesses) {
                    super.visitFieldInsn(opcode, owner, field, descriptor);
                    return;
                }
                boolean write = opcode == Opcodes.PUTFIELD || opcode == Opcodes.PUTSTATIC;
                boolean isStatic = opcode == Opcodes.GETSTATIC || opcode == Opcodes.PUTSTATIC;
                if (own && (finalFields.contains(field) || method.equals("<init>") || method.equals("<clinit>"))) {
                    super.visitFieldInsn(opcode, owner, field, descriptor);
                    return;
                }
                int site = site((write ? "write " : "read ") + owner.substring(owner.lastIndexOf('/') + 1) + "." + field);
                Type t = Type.getType(descriptor);
                String desc = isStatic ? (write ? "(" + descriptor + ")V" : "()" + descriptor)
                        : (write ? "(L" + owner + ";" + descriptor + ")V" : "(L" + owner + ";)" + descriptor);
                String bridge = bridge(desc, (mv, args, ret) -> {
                    int result = slots(args);
                    if (write) fieldHook(mv, owner, field, isStatic, true, -1, site);
                    for (int i = 0, slot = 0; i < args.length; slot += args[i].getSize(), i++) {
                        mv.visitVarInsn(args[i].getOpcode(Opcodes.ILOAD), slot);
                    }
                    mv.visitFieldInsn(opcode, owner, field, descriptor);
                    if (!write) {
                        mv.visitVarInsn(t.getOpcode(Opcodes.ISTORE), result);
                        fieldHook(mv, owner, field, isStatic, false, -1, site);
                        mv.visitVarInsn(t.getOpcode(Opcodes.ILOAD), result);
                    }
                    mv.visitInsn(ret.getOpcode(Opcodes.IRETURN));
                });
                callBridge(mv, bridge, desc);
            }

            @Override
            public void visitInsn(int opcode) {
                // a static initialiser's array writes (an enum switch's table, a constant table) happen before every
                // other thread's use of the class, through its initialisation lock (JLS 12.4.2), which the detector
                // does not see: they are not announced, as its own fields' are not
                if (synchronizedMethod && (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN || opcode == Opcodes.ATHROW)) {
                    monitorHook("monitorExit"); // an exception a callee throws through leaves without it: fewer edges, never more
                }
                boolean initialiser = method.equals("<clinit>");
                if ((!accesses || initialiser) && opcode != Opcodes.MONITORENTER && opcode != Opcodes.MONITOREXIT) {
                    super.visitInsn(opcode);
                    return;
                }
                switch (opcode) {
                    case Opcodes.IALOAD, Opcodes.LALOAD, Opcodes.FALOAD, Opcodes.DALOAD, Opcodes.AALOAD, Opcodes.BALOAD,
                         Opcodes.CALOAD, Opcodes.SALOAD -> {
                        mv.visitInsn(Opcodes.DUP2);
                        arrayHook(false, site("read array element"));
                    }
                    case Opcodes.IASTORE, Opcodes.FASTORE, Opcodes.AASTORE, Opcodes.BASTORE, Opcodes.CASTORE,
                         Opcodes.SASTORE -> {
                        mv.visitInsn(Opcodes.DUP_X2);
                        mv.visitInsn(Opcodes.POP);
                        mv.visitInsn(Opcodes.DUP2_X1);
                        arrayHook(true, site("write array element"));
                    }
                    case Opcodes.LASTORE, Opcodes.DASTORE -> {
                        mv.visitInsn(Opcodes.DUP2_X2);
                        mv.visitInsn(Opcodes.POP2);
                        mv.visitInsn(Opcodes.DUP2_X2);
                        arrayHook(true, site("write array element"));
                    }
                    case Opcodes.MONITORENTER -> {
                        mv.visitInsn(Opcodes.DUP);
                        mv.visitInsn(Opcodes.MONITORENTER);
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HB, "monitorEnter", "(Ljava/lang/Object;)V", false);
                        return;
                    }
                    case Opcodes.MONITOREXIT -> {
                        mv.visitInsn(Opcodes.DUP);
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HB, "monitorExit", "(Ljava/lang/Object;)V", false);
                    }
                    default -> {
                    }
                }
                super.visitInsn(opcode);
            }

            private void arrayHook(boolean write, int site) {
                mv.visitInsn(write ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
                mv.visitLdcInsn(site);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HB, "array", "(Ljava/lang/Object;IZI)V", false);
            }

            @Override
            public void visitMethodInsn(int opcode, String owner, String called, String descriptor, boolean itf) {
                if (owner.equals("java/lang/invoke/MethodHandles$Lookup")
                        && (called.equals("findVarHandle") || called.equals("findStaticVarHandle"))) {
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, HB, called,
                            "(Ljava/lang/invoke/MethodHandles$Lookup;" + descriptor.substring(1), false);
                    return;
                }
                if (owner.equals("java/lang/invoke/MethodHandles") && called.equals("arrayElementVarHandle")) {
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, HB, called, descriptor, false);
                    return;
                }
                boolean instance = opcode == Opcodes.INVOKEVIRTUAL || opcode == Opcodes.INVOKEINTERFACE;
                String kind = null;
                if (owner.equals(VH) && opcode == Opcodes.INVOKEVIRTUAL) kind = "varHandle";
                else if (instance && owner.startsWith("java/util/concurrent/atomic/Atomic")
                        && !owner.contains("Array") && !owner.contains("FieldUpdater")) kind = "atomic";
                else if (instance && owner.startsWith("java/util/concurrent/") && !NOT_SYNCHRONISERS.contains(owner)) kind = "sync";
                else if (owner.equals("java/lang/Object") && called.equals("wait")) kind = "sync";
                else if (opcode == Opcodes.INVOKEVIRTUAL && !owner.startsWith("java/")
                        && AQS_METHODS.contains(called + descriptor)) kind = "aqs";
                else if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals("java/lang/Thread")
                        && (called.equals("join") || called.equals("isAlive") || called.equals("start") && descriptor.equals("()V"))) {
                    kind = "thread";
                }
                boolean handOff = opcode != Opcodes.INVOKESPECIAL && handsOff(owner, called, descriptor);
                if (kind == null && !handOff) {
                    super.visitMethodInsn(opcode, owner, called, descriptor, itf);
                    return;
                }
                String hookKind = kind;
                boolean isStatic = opcode == Opcodes.INVOKESTATIC;
                int site = site(called + " on " + owner.substring(owner.lastIndexOf('/') + 1));
                String desc = isStatic ? descriptor
                        : "(" + (owner.startsWith("[") ? owner : "L" + owner + ";") + descriptor.substring(1);
                String bridge = bridge(desc, (mv, args, ret) -> {
                    int result = slots(args);
                    if (handOff) wrapTasks(mv, args);
                    if (hookKind != null) callHook(mv, hookKind, args, ret, result, called, false, site);
                    for (int i = 0, slot = 0; i < args.length; slot += args[i].getSize(), i++) {
                        mv.visitVarInsn(args[i].getOpcode(Opcodes.ILOAD), slot);
                    }
                    mv.visitMethodInsn(opcode, owner, called, descriptor, itf);
                    if (ret.getSort() != Type.VOID) mv.visitVarInsn(ret.getOpcode(Opcodes.ISTORE), result);
                    if (hookKind != null) callHook(mv, hookKind, args, ret, result, called, true, site);
                    if (handOff) {
                        if (isStatic) mv.visitInsn(Opcodes.ACONST_NULL);
                        else mv.visitVarInsn(Opcodes.ALOAD, 0);
                        boolean object = ret.getSort() == Type.OBJECT || ret.getSort() == Type.ARRAY;
                        if (object) mv.visitVarInsn(Opcodes.ALOAD, result);
                        else mv.visitInsn(Opcodes.ACONST_NULL);
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HB, "handedOff", "(Ljava/lang/Object;Ljava/lang/Object;)V", false);
                    }
                    if (ret.getSort() != Type.VOID) mv.visitVarInsn(ret.getOpcode(Opcodes.ILOAD), result);
                    mv.visitInsn(ret.getOpcode(Opcodes.IRETURN));
                });
                callBridge(mv, bridge, desc);
            }

            @Override
            public void visitInvokeDynamicInsn(String indy, String descriptor, Handle bsm, Object... bsmArgs) {
                if (!accesses || !bsm.getOwner().equals(PLAIN_ACCESS)) {
                    super.visitInvokeDynamicInsn(indy, descriptor, bsm, bsmArgs);
                    return;
                }
                String owner = ((Type) bsmArgs[0]).getInternalName();
                boolean isStatic = ((Integer) bsmArgs[1]) == 1;
                boolean write = ((Integer) bsmArgs[2]) == 1;
                int site = site((write ? "plain write " : "plain read ") + owner.substring(owner.lastIndexOf('/') + 1) + "." + indy);
                String bridge = bridge(descriptor, (mv, args, ret) -> {
                    int result = slots(args);
                    if (write) fieldHook(mv, owner, indy, isStatic, true, HappensBefore.PLAIN, site);
                    for (int i = 0, slot = 0; i < args.length; slot += args[i].getSize(), i++) {
                        mv.visitVarInsn(args[i].getOpcode(Opcodes.ILOAD), slot);
                    }
                    mv.visitInvokeDynamicInsn(indy, descriptor, bsm, bsmArgs);
                    if (!write) {
                        mv.visitVarInsn(ret.getOpcode(Opcodes.ISTORE), result);
                        fieldHook(mv, owner, indy, isStatic, false, HappensBefore.PLAIN, site);
                        mv.visitVarInsn(ret.getOpcode(Opcodes.ILOAD), result);
                    }
                    mv.visitInsn(ret.getOpcode(Opcodes.IRETURN));
                });
                callBridge(mv, bridge, descriptor);
            }
        }
    }

    /** Replaces each {@code Runnable} and {@code Callable} argument of a bridge by its hand-off wrapper. */
    private static void wrapTasks(MethodVisitor mv, Type[] args) {
        for (int i = 0, slot = 0; i < args.length; slot += args[i].getSize(), i++) {
            String d = args[i].getDescriptor();
            if (!d.equals(RUNNABLE) && !d.equals(CALLABLE)) continue;
            mv.visitVarInsn(Opcodes.ALOAD, slot);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, HB, "handOff", "(" + d + ")" + d, false);
            mv.visitVarInsn(Opcodes.ASTORE, slot);
        }
    }

    /** Emits a bridge's body: its arguments are in slots 0.., its result goes after them. */
    private interface BridgeBody {
        void emit(MethodVisitor mv, Type[] args, Type ret);
    }

    private static int slots(Type[] args) {
        int n = 0;
        for (Type a : args) n += a.getSize();
        return n;
    }

    private static void fieldHook(MethodVisitor mv, String owner, String field, boolean isStatic, boolean write,
                                  int forcedMode, int site) {
        if (isStatic) mv.visitInsn(Opcodes.ACONST_NULL);
        else mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitLdcInsn(Type.getObjectType(owner));
        mv.visitLdcInsn(field);
        mv.visitInsn(write ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
        mv.visitLdcInsn(forcedMode);
        mv.visitLdcInsn(site);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HB, "field",
                "(Ljava/lang/Object;Ljava/lang/Class;Ljava/lang/String;ZII)V", false);
    }

    /**
     * Pushes whether a read-modify-write wrote: a compare-and-set's result, or for a compare-and-exchange
     * whether it returned what it expected (the argument before the new value); -1 when it always writes.
     */
    private static void outcome(MethodVisitor mv, Type[] args, Type ret, int result, String called, boolean after) {
        if (after && called.contains("ompareAndSet") && ret.getSort() == Type.BOOLEAN) {
            mv.visitVarInsn(Opcodes.ILOAD, result);
        } else if (after && called.startsWith("compareAndExchange") && args.length >= 3
                && ret.getSort() != Type.FLOAT && ret.getSort() != Type.DOUBLE) {
            int expectedSlot = 0;
            for (int i = 0; i < args.length - 2; i++) expectedSlot += args[i].getSize();
            Type expected = args[args.length - 2];
            mv.visitVarInsn(ret.getOpcode(Opcodes.ILOAD), result);
            mv.visitVarInsn(expected.getOpcode(Opcodes.ILOAD), expectedSlot);
            String t = switch (ret.getSort()) {
                case Type.OBJECT, Type.ARRAY -> "Ljava/lang/Object;";
                case Type.LONG -> "J";
                default -> "I";
            };
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, HB, "same", "(" + t + t + ")I", false);
        } else {
            mv.visitInsn(Opcodes.ICONST_M1);
        }
    }

    /** The hook of a bridged call; slot 0 is the receiver (the VarHandle, the atomic, the synchroniser). */
    private static void callHook(MethodVisitor mv, String kind, Type[] args, Type ret, int result, String called,
                                 boolean after, int site) {
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        switch (kind) {
            case "varHandle" -> {
                boolean refFirst = args.length > 1 && (args[1].getSort() == Type.OBJECT || args[1].getSort() == Type.ARRAY);
                if (refFirst) mv.visitVarInsn(Opcodes.ALOAD, 1);
                else mv.visitInsn(Opcodes.ACONST_NULL);
                int second = args.length > 1 ? 1 + args[1].getSize() : -1;
                if (args.length > 2 && args[2].getSort() == Type.INT) mv.visitVarInsn(Opcodes.ILOAD, second);
                else mv.visitInsn(Opcodes.ICONST_M1);
                mv.visitLdcInsn(called);
                mv.visitInsn(after ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
                outcome(mv, args, ret, result, called, after);
                mv.visitLdcInsn(site);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HB, "varHandle",
                        "(Ljava/lang/invoke/VarHandle;Ljava/lang/Object;ILjava/lang/String;ZII)V", false);
            }
            case "atomic" -> {
                mv.visitLdcInsn(called);
                mv.visitInsn(after ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
                outcome(mv, args, ret, result, called, after);
                mv.visitLdcInsn(site);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HB, "atomic", "(Ljava/lang/Object;Ljava/lang/String;ZII)V", false);
            }
            default -> {
                mv.visitLdcInsn(called);
                mv.visitInsn(after ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, HB, kind, "(Ljava/lang/Object;Ljava/lang/String;Z)V", false);
            }
        }
    }
}
