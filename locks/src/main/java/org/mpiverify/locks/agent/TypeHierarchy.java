package org.mpiverify.locks.agent;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;

/**
 * Answers "is class X a subtype of Y" for the rewriter without loading classes (loading a class from
 * inside a transformer can deadlock or define it too early): it reads the class files' headers through
 * the defining loader's resources, falling back to the system loader (which finds the JDK's classes).
 * Direct supertypes are cached by internal name. A class whose file cannot be found is treated as having
 * no supertypes, so its call sites are left alone.
 */
final class TypeHierarchy {
    private static final String[] NONE = new String[0];
    private final ConcurrentHashMap<String, String[]> supers = new ConcurrentHashMap<>();

    /** Records the supertypes of a class from its bytes (the class being rewritten may not be a resource). */
    void learn(ClassReader reader) {
        supers.putIfAbsent(reader.getClassName(), direct(reader));
    }

    boolean isSubtype(String type, String target, ClassLoader loader) {
        if (type.equals(target) || target.equals("java/lang/Object")) {
            return true;
        }
        if (type.startsWith("[")) {
            return false;
        }
        ArrayDeque<String> todo = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        todo.add(type);
        while (!todo.isEmpty()) {
            String t = todo.poll();
            if (!seen.add(t)) {
                continue;
            }
            if (t.equals(target)) {
                return true;
            }
            for (String s : supersOf(t, loader)) {
                todo.add(s);
            }
        }
        return false;
    }

    private String[] supersOf(String type, ClassLoader loader) {
        String[] s = supers.get(type);
        if (s == null) {
            s = read(type, loader);
            supers.putIfAbsent(type, s);
        }
        return s;
    }

    private static String[] read(String type, ClassLoader loader) {
        String resource = type + ".class";
        try (InputStream in = open(resource, loader)) {
            if (in == null) {
                return NONE;
            }
            return direct(new ClassReader(in));
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }

    private static InputStream open(String resource, ClassLoader loader) {
        InputStream in = loader == null ? null : loader.getResourceAsStream(resource);
        return in != null ? in : ClassLoader.getSystemResourceAsStream(resource);
    }

    private static String[] direct(ClassReader r) {
        String sup = r.getSuperName();
        String[] itfs = r.getInterfaces();
        String[] out = new String[itfs.length + (sup == null ? 0 : 1)];
        System.arraycopy(itfs, 0, out, 0, itfs.length);
        if (sup != null) {
            out[itfs.length] = sup;
        }
        return out;
    }
}
