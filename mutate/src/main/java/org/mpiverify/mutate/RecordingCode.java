package org.mpiverify.mutate;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.util.Printer;

/**
 * The cut for mutants of the trace recorder's hooks: a mutant that changes only code that runs while a
 * {@value #RECORDER} exists goes only to the tests that can create one; no other test can run the code it changed.
 * Both halves are read from bytecode, not from a list of methods:
 *
 * <ul>
 * <li>{@link #changesOnlyRecordingCode}: the mutant and the original class are the same on every path that a run
 * without a recorder can take. Such a path never takes the non-null branch of a test of a recorder-typed value read
 * from a field ({@code if (trace != null)}, {@code trace == null ? a : b}): with no recorder every such field is
 * null. So each method's code reachable from its entry with those branches cut, as a control-flow graph with its
 * instructions, must be identical in the two classes; a private method called only from cut-off code (or from
 * such methods, or never), such as {@code Completion.signalRecorded}, is left out, provided the same holds in the
 * mutant and no nest mate calls it. Fields and the class's header must be identical too.</li>
 * <li>{@link #attachesRecorder}: a test can create a recorder if a class its bytecode reaches ({@link
 * SuiteTests#reachable}, the static over-approximation the forked stages already use) calls a method of the
 * recorder's class that allocates one (its factories, found by their {@code NEW}) or its constructor.</li>
 * </ul>
 *
 * <p>What it assumes: no recorder is made by reflection, deserialization or {@code Unsafe} (the core's recorder has
 * a private constructor and static factories), and a test reaches what it runs through the names in its class files
 * (the assumption of {@link SuiteTests#reachable}). Thread safety: the caches are concurrent maps; the analysis is pure.
 */
final class RecordingCode {
    /** The recorder type: a value of it read from a field is null in any run that never created one. */
    static final String RECORDER = "org/mpiverify/core/trace/TraceRecorder";
    private static final Map<String, Boolean> ATTACHES = new ConcurrentHashMap<>();
    /** Per class of ours: whether its own code creates a recorder (tests share most of their reach). */
    private static final Map<String, Boolean> CREATES = new ConcurrentHashMap<>();
    private static volatile Set<String> creators;
    private static final Map<Bytes, Shape> ORIGINALS = new ConcurrentHashMap<>();
    private static final Map<String, Set<String>> NEST_MATE_CALLS = new ConcurrentHashMap<>();

    private RecordingCode() {}

    /**
     * True if {@code mutant} behaves as {@code original} in every run that never creates a recorder: it changed
     * only code that runs with one.
     */
    static boolean changesOnlyRecordingCode(byte[] original, byte[] mutant) {
        ClassNode m = node(mutant);
        Shape o = ORIGINALS.computeIfAbsent(new Bytes(original), b -> shape(node(b.b())));
        return o.equals(shape(m));
    }

    /** A class's header, fields and recorder-free method forms: equal shapes behave alike without a recorder. */
    private record Shape(String header, Set<String> fields, Map<String, String> forms) {
    }

    private static Shape shape(ClassNode c) {
        return new Shape(header(c), fields(c), recorderFreeForms(c));
    }

    /** Class bytes as a map key (each original is analysed once for all its mutants). */
    private record Bytes(byte[] b) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes x && java.util.Arrays.equals(b, x.b);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(b);
        }
    }

    /** True if the test class (or a class its bytecode reaches) can create a recorder. */
    static boolean attachesRecorder(String testClass) {
        return ATTACHES.computeIfAbsent(testClass, t -> {
            for (String c : SuiteTests.reachable(t)) {
                String internal = c.replace('.', '/');
                if (!internal.equals(RECORDER) && CREATES.computeIfAbsent(internal, RecordingCode::createsRecorder)) return true;
            }
            return false;
        });
    }

    /** The test class of a JUnit unique id ({@code [engine:...]/[class:C]/...}) or of a plain class name. */
    static String testClassOf(String test) {
        int c = test.indexOf("[class:");
        return c < 0 ? test : test.substring(c + "[class:".length(), test.indexOf(']', c));
    }

    /** The tests of {@code tests} (unique ids or class names) that can create a recorder. */
    static List<String> attaching(List<String> tests) {
        return tests.stream().filter(t -> attachesRecorder(testClassOf(t))).toList();
    }

    private static boolean createsRecorder(String internalName) {
        byte[] b = bytes(internalName);
        // a class whose constant pool does not name the recorder cannot call it: most of a test's reach
        if (b == null || !new String(b, java.nio.charset.StandardCharsets.ISO_8859_1).contains(RECORDER)) return false;
        ClassNode c = node(b);
        Set<String> made = creators();
        for (MethodNode m : c.methods) {
            for (AbstractInsnNode n : m.instructions) {
                if (n instanceof MethodInsnNode mi && mi.owner.equals(RECORDER)
                        && (mi.name.equals("<init>") || made.contains(mi.name + mi.desc))) return true;
                if (n instanceof InvokeDynamicInsnNode d) {
                    for (Object a : d.bsmArgs) {
                        if (a instanceof Handle h && h.getOwner().equals(RECORDER)
                                && (h.getName().equals("<init>") || made.contains(h.getName() + h.getDesc()))) return true;
                    }
                }
                if (n instanceof TypeInsnNode t && t.getOpcode() == Opcodes.NEW && t.desc.equals(RECORDER)) return true;
            }
        }
        return false;
    }

    /** The recorder's methods that allocate one ({@code NEW} of its type); a class initializer among them counts for any use. */
    private static Set<String> creators() {
        Set<String> s = creators;
        if (s != null) return s;
        s = new HashSet<>();
        byte[] b = bytes(RECORDER);
        if (b == null) throw new IllegalStateException("the recorder's class " + RECORDER + " is not on the class path");
        for (MethodNode m : node(b).methods) {
            for (AbstractInsnNode n : m.instructions) {
                if (n instanceof TypeInsnNode t && t.getOpcode() == Opcodes.NEW && t.desc.equals(RECORDER)) s.add(m.name + m.desc);
            }
        }
        if (s.stream().anyMatch(x -> x.startsWith("<clinit>"))) {
            throw new IllegalStateException(RECORDER + " makes an instance when loaded: every run that loads it has one");
        }
        creators = s = Set.copyOf(s);
        return s;
    }

    private static String header(ClassNode c) {
        return c.access + " " + c.name + " " + c.superName + " " + c.interfaces + " " + c.nestHostClass + " " + c.nestMembers;
    }

    private static Set<String> fields(ClassNode c) {
        Set<String> s = new HashSet<>();
        for (FieldNode f : c.fields) s.add(f.access + " " + f.name + " " + f.desc + " " + f.value);
        return s;
    }

    /**
     * Per method ({@code name+desc}): its recorder-free control-flow graph as text, or {@code "recording only"} for
     * a private method that no recorder-free path calls.
     */
    static Map<String, String> recorderFreeForms(ClassNode c) {
        Map<MethodNode, boolean[]> live = new IdentityHashMap<>();
        for (MethodNode m : c.methods) live.put(m, recorderFreeReach(m));
        Set<String> calledByNestMates = calledByNestMates(c);
        Set<MethodNode> recordingOnly = new HashSet<>();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (MethodNode m : c.methods) {
                if (recordingOnly.contains(m) || (m.access & Opcodes.ACC_PRIVATE) == 0 || m.name.startsWith("<")
                        || calledByNestMates.contains(m.name + m.desc)) continue;
                if (!calledOnRecorderFreePath(c, m, live, recordingOnly)) {
                    recordingOnly.add(m);
                    changed = true;
                }
            }
        }
        Map<String, String> forms = new HashMap<>();
        for (MethodNode m : c.methods) {
            forms.put(m.name + m.desc, recordingOnly.contains(m) ? "recording only" : form(m));
        }
        return forms;
    }

    private static boolean calledOnRecorderFreePath(ClassNode c, MethodNode callee, Map<MethodNode, boolean[]> live,
                                                    Set<MethodNode> recordingOnly) {
        for (MethodNode m : c.methods) {
            if (recordingOnly.contains(m)) continue;
            boolean[] reach = live.get(m);
            for (int i = 0; i < m.instructions.size(); i++) {
                if (reach[i] && calls(m.instructions.get(i), c.name, callee.name, callee.desc)) return true;
            }
        }
        return false;
    }

    private static boolean calls(AbstractInsnNode n, String owner, String name, String desc) {
        if (n instanceof MethodInsnNode mi) return mi.owner.equals(owner) && mi.name.equals(name) && mi.desc.equals(desc);
        if (n instanceof InvokeDynamicInsnNode d) {
            for (Object a : d.bsmArgs) {
                if (a instanceof Handle h && h.getOwner().equals(owner) && h.getName().equals(name) && h.getDesc().equals(desc)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The methods of {@code c} that its nest mates call or take a handle of (they could call a private method). */
    private static Set<String> calledByNestMates(ClassNode c) {
        Set<String> s = new HashSet<>();
        List<String> mates = new ArrayList<>();
        if (c.nestMembers != null) mates.addAll(c.nestMembers);
        if (c.nestHostClass != null) mates.add(c.nestHostClass);
        for (String mate : mates) s.addAll(NEST_MATE_CALLS.computeIfAbsent(mate + " " + c.name, k -> callsInto(mate, c.name)));
        return s;
    }

    /** The methods of {@code owner} that class {@code mate} calls or takes a handle of. */
    private static Set<String> callsInto(String mate, String owner) {
        byte[] b = bytes(mate);
        if (b == null) throw new IllegalStateException("nest mate " + mate + " of " + owner + " is not on the class path");
        Set<String> s = new HashSet<>();
        for (MethodNode m : node(b).methods) {
            for (AbstractInsnNode n : m.instructions) {
                if (n instanceof MethodInsnNode mi && mi.owner.equals(owner)) s.add(mi.name + mi.desc);
                if (n instanceof InvokeDynamicInsnNode d) {
                    for (Object a : d.bsmArgs) {
                        if (a instanceof Handle h && h.getOwner().equals(owner)) s.add(h.getName() + h.getDesc());
                    }
                }
            }
        }
        return Set.copyOf(s);
    }

    /** Which instructions a run without a recorder can reach: from the entry, with the non-null branch of each recorder guard cut. */
    private static boolean[] recorderFreeReach(MethodNode m) {
        int size = m.instructions.size();
        boolean[] reach = new boolean[size];
        if (size == 0) return reach;
        ArrayDeque<Integer> todo = new ArrayDeque<>(List.of(0));
        while (!todo.isEmpty()) {
            int i = todo.poll();
            if (reach[i]) continue;
            reach[i] = true;
            for (int s : successors(m, i)) if (s >= 0 && !reach[s]) todo.add(s);
            for (TryCatchBlockNode t : m.tryCatchBlocks) {
                int h = m.instructions.indexOf(t.handler);
                if (covers(m, t, i) && !reach[h]) todo.add(h);
            }
        }
        return reach;
    }

    private static boolean covers(MethodNode m, TryCatchBlockNode t, int i) {
        return m.instructions.get(i).getOpcode() >= 0
                && m.instructions.indexOf(t.start) <= i && i < m.instructions.indexOf(t.end);
    }

    /** Normal successors in a fixed order (fall-through first); a cut branch is -1. */
    private static int[] successors(MethodNode m, int i) {
        AbstractInsnNode n = m.instructions.get(i);
        int next = i + 1 < m.instructions.size() ? i + 1 : -1;
        int op = n.getOpcode();
        if (n instanceof JumpInsnNode j) {
            int target = m.instructions.indexOf(j.label);
            if (op == Opcodes.GOTO) return new int[] {target};
            if (op == Opcodes.IFNULL && recorderGuard(m, i)) return new int[] {-1, target};       // fall-through: not null
            if (op == Opcodes.IFNONNULL && recorderGuard(m, i)) return new int[] {next, -1};       // jump: not null
            return new int[] {next, target};
        }
        if (n instanceof TableSwitchInsnNode t) return targets(m, t.dflt, t.labels);
        if (n instanceof LookupSwitchInsnNode l) return targets(m, l.dflt, l.labels);
        if ((op >= Opcodes.IRETURN && op <= Opcodes.RETURN) || op == Opcodes.ATHROW) return new int[0];
        return new int[] {next};
    }

    private static int[] targets(MethodNode m, LabelNode dflt, List<LabelNode> labels) {
        int[] t = new int[labels.size() + 1];
        t[0] = m.instructions.indexOf(dflt);
        for (int k = 0; k < labels.size(); k++) t[k + 1] = m.instructions.indexOf(labels.get(k));
        return t;
    }

    /** True if the null test at {@code i} tests a recorder just read from a field. */
    private static boolean recorderGuard(MethodNode m, int i) {
        AbstractInsnNode p = m.instructions.get(i).getPrevious();
        while (p != null && p.getOpcode() < 0) p = p.getPrevious();
        return p instanceof FieldInsnNode f && (f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.GETSTATIC)
                && f.desc.equals("L" + RECORDER + ";");
    }

    /**
     * The recorder-free graph as text: its real instructions numbered in breadth-first order from the entry
     * (labels, line numbers and frames skipped), each with its operands and its successors' numbers; equal texts
     * mean the same code on every recorder-free path.
     */
    private static String form(MethodNode m) {
        if (m.instructions.size() == 0) return "no code";
        Map<Integer, Integer> id = new HashMap<>();
        List<Integer> order = new ArrayList<>();
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        int entry = real(m, 0);
        if (entry < 0) return "no code";
        todo.add(entry);
        id.put(entry, 0);
        StringBuilder sb = new StringBuilder();
        while (!todo.isEmpty()) {
            int i = todo.poll();
            order.add(i);
            List<Integer> out = new ArrayList<>();
            for (int s : successors(m, i)) out.add(s < 0 ? -1 : real(m, s));
            for (TryCatchBlockNode t : m.tryCatchBlocks) {
                if (covers(m, t, i)) out.add(real(m, m.instructions.indexOf(t.handler)));
            }
            StringBuilder line = new StringBuilder(text(m.instructions.get(i))).append(" ->");
            for (int s : out) {
                if (s < 0) {
                    line.append(" cut");
                    continue;
                }
                if (!id.containsKey(s)) {
                    id.put(s, id.size());
                    todo.add(s);
                }
                line.append(' ').append(id.get(s));
            }
            for (TryCatchBlockNode t : m.tryCatchBlocks) if (covers(m, t, i)) line.append(" catch ").append(t.type);
            sb.append(id.get(i)).append(": ").append(line).append('\n');
        }
        return sb.toString();
    }

    /** The first real instruction at or after {@code i} (labels, lines and frames fall through), or -1. */
    private static int real(MethodNode m, int i) {
        while (i < m.instructions.size() && m.instructions.get(i).getOpcode() < 0) i++;
        return i < m.instructions.size() ? i : -1;
    }

    /** An instruction with its operands (a jump's or a switch's targets are the graph's edges, not text). */
    private static String text(AbstractInsnNode n) {
        String op = Printer.OPCODES[n.getOpcode()];
        return switch (n) {
            case FieldInsnNode f -> op + " " + f.owner + "." + f.name + " " + f.desc;
            case MethodInsnNode m -> op + " " + m.owner + "." + m.name + m.desc + (m.itf ? " itf" : "");
            case VarInsnNode v -> op + " " + v.var;
            case IntInsnNode i -> op + " " + i.operand;
            case LdcInsnNode l -> op + " " + l.cst.getClass().getSimpleName() + " " + l.cst;
            case TypeInsnNode t -> op + " " + t.desc;
            case IincInsnNode i -> op + " " + i.var + " " + i.incr;
            case MultiANewArrayInsnNode a -> op + " " + a.desc + " " + a.dims;
            case InvokeDynamicInsnNode d -> op + " " + d.name + d.desc + " " + d.bsm + " " + java.util.Arrays.deepToString(d.bsmArgs);
            case TableSwitchInsnNode t -> op + " " + t.min + " " + t.max;
            case LookupSwitchInsnNode l -> op + " " + l.keys;
            default -> op;
        };
    }

    private static ClassNode node(byte[] b) {
        ClassNode c = new ClassNode();
        new ClassReader(b).accept(c, ClassReader.SKIP_FRAMES);
        return c;
    }

    private static byte[] bytes(String internalName) {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
