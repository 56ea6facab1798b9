package org.mpiverify.mutate.operators;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.CheckClassAdapter;
import org.pitest.classinfo.ClassName;
import org.pitest.classpath.ClassloaderByteArraySource;
import org.pitest.mutationtest.EngineArguments;
import org.pitest.mutationtest.engine.Mutater;
import org.pitest.mutationtest.engine.MutationDetails;
import org.pitest.mutationtest.engine.gregor.config.GregorEngineFactory;

/**
 * An operator's mutants of a fixture class, through PIT's engine as a run makes them: found, their bytes
 * verified, and loaded on their own so that a directed input can run on the mutant and on the original.
 */
final class FixtureMutants {
    final Mutater mutater;
    final String className;
    final List<MutationDetails> all;

    FixtureMutants(String operator, Class<?> fixture) {
        this.mutater = new GregorEngineFactory().createEngine(EngineArguments.arguments().withMutators(List.of(operator)))
                .createMutator(ClassloaderByteArraySource.fromContext());
        this.className = fixture.getName();
        this.all = mutater.findMutations(ClassName.fromString(className));
    }

    /** The mutants in the method. */
    List<MutationDetails> in(String method) {
        List<MutationDetails> l = new ArrayList<>();
        for (MutationDetails d : all) if (d.getMethod().equals(method)) l.add(d);
        return l;
    }

    /** The mutant's class bytes, checked by ASM's verifier. */
    byte[] bytes(MutationDetails d) {
        byte[] b = mutater.getMutation(d.getId()).getBytes();
        StringWriter sw = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(b), getClass().getClassLoader(), false, new PrintWriter(sw));
        assertEquals("", sw.toString(), "the mutant does not verify: " + d);
        return b;
    }

    /** The original class's bytes. */
    byte[] original() {
        try (var in = getClass().getClassLoader().getResourceAsStream(className.replace('.', '/') + ".class")) {
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The method's real instructions, as ASM's textual opcodes with their operands, one a line. */
    static List<String> code(byte[] bytes, String method) {
        ClassNode c = new ClassNode();
        new ClassReader(bytes).accept(c, ClassReader.SKIP_FRAMES | ClassReader.SKIP_DEBUG);
        List<String> l = new ArrayList<>();
        for (MethodNode m : c.methods) {
            if (!m.name.equals(method)) continue;
            org.objectweb.asm.util.Textifier t = new org.objectweb.asm.util.Textifier();
            org.objectweb.asm.util.TraceMethodVisitor v = new org.objectweb.asm.util.TraceMethodVisitor(t);
            for (AbstractInsnNode n : m.instructions) {
                if (n.getOpcode() < 0) continue;
                n.accept(v);
            }
            for (Object o : t.getText()) l.add(o.toString().strip());
        }
        return l;
    }

    /** The index of the first line of {@code code} that contains {@code what}, or -1. */
    static int indexOf(List<String> code, String what) {
        for (int i = 0; i < code.size(); i++) if (code.get(i).contains(what)) return i;
        return -1;
    }

    /** A fresh instance of the class defined from {@code bytes} in a loader of its own. */
    @SuppressWarnings("unchecked")
    Function<String, String> load(byte[] bytes) {
        ClassLoader parent = getClass().getClassLoader();
        ClassLoader l = new ClassLoader(parent) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (!name.equals(className)) return super.loadClass(name, resolve);
                synchronized (getClassLoadingLock(name)) {
                    Class<?> c = findLoadedClass(name);
                    return c != null ? c : defineClass(name, bytes, 0, bytes.length);
                }
            }
        };
        try {
            return (Function<String, String>) l.loadClass(className).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
