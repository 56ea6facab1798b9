package org.mpiverify.locks.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;

/**
 * Which methods are MPI calls: a list of {@code Class#method} entries ({@code Class#*}: every public
 * method the class declares, but {@code finalize}, {@code toString}, {@code hashCode} and {@code equals}), or the presets {@code core} (the in-JVM core's {@code Comm}, {@code Request},
 * {@code Message} and {@code Mpi}) and {@code mpj} (MPJ Express's {@code mpi.Comm}, {@code mpi.Intracomm},
 * {@code mpi.Request} and {@code mpi.MPI}). A call is named after its declaring class and method,
 * {@code Comm.send}; overloads share the name.
 */
final class EntryPoints {
    static final List<String> CORE = List.of("org.mpiverify.mpi.Comm#*", "org.mpiverify.mpi.Request#*",
            "org.mpiverify.mpi.Message#*", "org.mpiverify.mpi.Mpi#*");
    static final List<String> MPJ = List.of("mpi.Comm#*", "mpi.Intracomm#*", "mpi.Request#*", "mpi.MPI#*");

    /** The core's hand-made locks: the match table's bucket lock (CAS, spin, yield, then a timed park). */
    static final List<String> CORE_SPIN_LOCKS = List.of("org.mpiverify.core.matching.MatchTable#lock");

    /** Methods of {@code Object} a library may override publicly; {@code Class#*} does not make them MPI calls. */
    private static final List<String> NOT_CALLS = List.of("finalize", "toString", "hashCode", "equals");

    /** Internal class name to the method names it declares as calls ("*" for all public ones). */
    private final Map<String, List<String>> byClass = new HashMap<>();

    EntryPoints(List<String> specs) {
        for (String spec : specs) {
            switch (spec) {
                case "core" -> CORE.forEach(this::add);
                case "mpj" -> MPJ.forEach(this::add);
                case "none", "" -> { }
                default -> add(spec);
            }
        }
    }

    /**
     * The methods that acquire a hand-made lock ({@code spinlocks=}): the same {@code Class#method} syntax,
     * with the preset {@code core} for the core's ({@link #CORE_SPIN_LOCKS}).
     */
    static EntryPoints spinLocks(List<String> specs) {
        EntryPoints e = new EntryPoints(List.of());
        for (String spec : specs) {
            switch (spec) {
                case "core" -> CORE_SPIN_LOCKS.forEach(e::add);
                case "none", "" -> { }
                default -> e.add(spec);
            }
        }
        return e;
    }

    private void add(String spec) {
        int hash = spec.indexOf('#');
        if (hash <= 0 || hash == spec.length() - 1) {
            throw new IllegalArgumentException("an MPI entry point is Class#method or Class#*, not '" + spec + "'");
        }
        byClass.computeIfAbsent(spec.substring(0, hash).replace('.', '/'), k -> new ArrayList<>())
                .add(spec.substring(hash + 1));
    }

    boolean hasClass(String internalName) {
        return byClass.containsKey(internalName);
    }

    /** True if method {@code name} with {@code access} flags of class {@code internalName} is an MPI call. */
    boolean isEntry(String internalName, String name, int access) {
        List<String> methods = byClass.get(internalName);
        if (methods == null || name.startsWith("<")
                || (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE | Opcodes.ACC_SYNTHETIC | Opcodes.ACC_BRIDGE)) != 0) {
            return false;
        }
        for (String m : methods) {
            if (m.equals(name) || (m.equals("*") && (access & Opcodes.ACC_PUBLIC) != 0 && !NOT_CALLS.contains(name))) {
                return true;
            }
        }
        return false;
    }

    /** {@code Comm.send} for method {@code send} of {@code org/foo/Comm}. */
    static String callName(String internalName, String method) {
        String simple = internalName.substring(internalName.lastIndexOf('/') + 1);
        return simple.substring(simple.lastIndexOf('$') + 1) + "." + method;
    }

    List<String> describe() {
        List<String> out = new ArrayList<>();
        byClass.forEach((c, ms) -> ms.forEach(m -> out.add(c.replace('/', '.') + "#" + m)));
        out.sort(null);
        return out;
    }
}
