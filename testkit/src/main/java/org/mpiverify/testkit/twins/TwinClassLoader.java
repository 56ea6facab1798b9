package org.mpiverify.testkit.twins;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Runs a module's code with known-bad twins in place of their originals, where the code under test makes
 * the original itself ({@code new Endpoint(...)} deep inside a job) and a twin cannot be passed in. The
 * classes under the {@code isolated} package prefixes are loaded again, child-first, so that they link to
 * each other inside this loader; a class named in {@code twins} (or nested in one) is defined from its
 * twin's class file, renamed to the original's name ({@link #rename}). Everything else, the JDK, JUnit and
 * the {@code shared} prefixes, comes from the parent.
 *
 * <p>The twin is the class the build generated from its patch ({@link TwinGenerator}) and compiled under
 * its own name beside the original. A twin that keeps its original's name ({@link TwinPatch#keepsName()})
 * was compiled into a folder of its own by {@link TwinCompiler}: the classes in {@code classFolders} are read
 * before the parent's, as they are. Code that runs in this loader and
 * reports back to its caller must do so in the JDK's types ({@link #call}): the isolated classes are other
 * classes than the caller's of the same name.
 */
public final class TwinClassLoader extends ClassLoader {
    static {
        registerAsParallelCapable();
    }

    private final List<String> isolated;
    private final List<String> shared;
    /** Binary name of an original to the binary name of its twin. */
    private final Map<String, String> twins;
    /** Folders of classes compiled under their originals' names, read first. */
    private final List<Path> classFolders;

    /**
     * @param parent   where every class file is read from, and every class outside {@code isolated} loaded
     * @param isolated package prefixes ({@code "org.mpiverify."}) whose classes this loader defines itself
     * @param shared   prefixes under {@code isolated} left to the parent (test support with no state)
     * @param twins    original binary name to twin binary name ({@code org.mpiverify.mpi.Endpoint} to
     *                 {@code org.mpiverify.mpi.LeakyEndpoint}); may be empty: the isolated classes as they are
     */
    public TwinClassLoader(ClassLoader parent, List<String> isolated, List<String> shared, Map<String, String> twins) {
        this(parent, isolated, shared, twins, List.of());
    }

    /** As above, and the classes in {@code classFolders} (twins compiled under their originals' names) before all others. */
    public TwinClassLoader(ClassLoader parent, List<String> isolated, List<String> shared, Map<String, String> twins,
                           List<Path> classFolders) {
        super("twins " + twins.values() + classFolders, parent);
        this.isolated = List.copyOf(isolated);
        this.shared = List.copyOf(shared);
        this.twins = Map.copyOf(twins);
        this.classFolders = List.copyOf(classFolders);
    }

    private static boolean under(String name, List<String> prefixes) {
        for (String p : prefixes) if (name.startsWith(p)) return true;
        return false;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!under(name, isolated) || under(name, shared)) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] bytes = bytesOf(name);
                c = defineClass(name, bytes, 0, bytes.length);
            }
            if (resolve) resolveClass(c);
            return c;
        }
    }

    /** The class file that defines {@code name} here: its twin's, renamed, or its own. */
    private byte[] bytesOf(String name) throws ClassNotFoundException {
        for (Map.Entry<String, String> t : twins.entrySet()) {
            String original = t.getKey();
            if (name.equals(original) || name.startsWith(original + "$")) {
                String twin = t.getValue() + name.substring(original.length());
                return rename(read(twin), internal(t.getValue()), internal(original));
            }
        }
        return read(name);
    }

    private byte[] read(String binaryName) throws ClassNotFoundException {
        String file = internal(binaryName) + ".class";
        try {
            for (Path folder : classFolders) {
                Path f = folder.resolve(file);
                if (Files.isRegularFile(f)) return Files.readAllBytes(f);
            }
        } catch (IOException e) {
            throw new ClassNotFoundException(binaryName, e);
        }
        try (InputStream in = getParent().getResourceAsStream(file)) {
            if (in == null) throw new ClassNotFoundException(binaryName);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new ClassNotFoundException(binaryName, e);
        }
    }

    private static String internal(String binaryName) {
        return binaryName.replace('.', '/');
    }

    /**
     * Calls the public static method {@code method} of {@code className} as this loader defines it, with
     * no arguments, and returns its result (give it a JDK type). What the method throws is thrown as is.
     */
    public Object call(String className, String method) throws Throwable {
        Method m = Class.forName(className, true, this).getMethod(method);
        try {
            return m.invoke(null);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * A class file with the class {@code from} (an internal name, {@code org/mpiverify/mpi/LeakyEndpoint})
     * and the classes nested in it renamed to {@code to}: every reference to them in the constant pool,
     * in class entries, descriptors and signatures, is rewritten. Nothing outside the constant pool names a
     * class, so the rest of the file is copied as it is.
     */
    public static byte[] rename(byte[] classFile, String from, String to) {
        In in = new In(classFile);
        Out out = new Out(classFile.length + 256);
        out.bytes(in.bytes(8));                       // magic, minor, major
        int count = in.u2();
        out.u2(count);
        for (int i = 1; i < count; i++) {
            int tag = in.u1();
            out.u1(tag);
            switch (tag) {
                case 1 -> {                           // Utf8: names, descriptors, signatures, strings
                    byte[] utf = in.bytes(in.u2());
                    byte[] renamed = renameIn(utf, from, to);
                    out.u2(renamed.length);
                    out.bytes(renamed);
                }
                case 3, 4, 9, 10, 11, 12, 17, 18 -> out.bytes(in.bytes(4));
                case 5, 6 -> {                        // Long, Double: two slots
                    out.bytes(in.bytes(8));
                    i++;
                }
                case 7, 8, 16, 19, 20 -> out.bytes(in.bytes(2));
                case 15 -> out.bytes(in.bytes(3));
                default -> throw new IllegalArgumentException("constant pool tag " + tag + " at entry " + i);
            }
        }
        out.bytes(in.rest());
        return out.toByteArray();
    }

    /**
     * {@code from} replaced by {@code to} where it stands for the class or a class nested in it: at the start
     * or after the {@code L} of a descriptor, and followed by the end, {@code ;}, {@code <}, {@code $} or
     * {@code .}. Modified UTF-8 is read byte for byte (ISO-8859-1), so other characters pass unchanged.
     */
    static byte[] renameIn(byte[] utf, String from, String to) {
        String s = new String(utf, StandardCharsets.ISO_8859_1);
        if (!s.contains(from)) return utf;
        StringBuilder sb = new StringBuilder();
        int at = 0;
        for (int i = s.indexOf(from); i >= 0; i = s.indexOf(from, i + 1)) {
            int end = i + from.length();
            boolean starts = i == 0 || s.charAt(i - 1) == 'L';
            boolean ends = end == s.length() || ";<$.".indexOf(s.charAt(end)) >= 0;
            if (starts && ends) {
                sb.append(s, at, i).append(to);
                at = end;
            }
        }
        sb.append(s.substring(at));
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static final class In {
        private final byte[] b;
        private int p;

        In(byte[] b) {
            this.b = b;
        }

        int u1() {
            return b[p++] & 0xff;
        }

        int u2() {
            return (u1() << 8) | u1();
        }

        byte[] bytes(int n) {
            byte[] r = Arrays.copyOfRange(b, p, p + n);
            p += n;
            return r;
        }

        byte[] rest() {
            return bytes(b.length - p);
        }
    }

    private static final class Out extends ByteArrayOutputStream {
        Out(int size) {
            super(size);
        }

        void u1(int v) {
            write(v);
        }

        void u2(int v) {
            write(v >>> 8);
            write(v);
        }

        void bytes(byte[] b) {
            write(b, 0, b.length);
        }
    }
}
