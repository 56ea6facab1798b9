package org.mpiverify.audit.race;

/**
 * One frame of a stack in a race detector's report: the instruction address, the object file, and, where symbols
 * exist, the function, source file and line ({@code null} when the object is stripped: Valgrind prints {@code ???}).
 */
public record Frame(String ip, String obj, String fn, String file, int line) {
    /** Whether the function is named (an exported symbol of a stripped library is; its internal functions are not). */
    public boolean named() {
        return fn != null;
    }

    /** The object file's name without its folder. */
    public String objName() {
        return obj == null ? "?" : obj.substring(obj.lastIndexOf('/') + 1);
    }

    /** {@code fn (file:line)}, {@code fn (obj)}, or {@code ??? (obj+ip)} when unnamed. */
    public String describe() {
        if (fn == null) return "??? (" + objName() + " " + ip + ")";
        return fn + " (" + (file != null ? file + ":" + line : objName()) + ")";
    }

    /**
     * The code location a race is keyed by: the function and line where named, else the object and address
     * (Valgrind maps a library at the same address in every process it starts, so the key is stable across ranks and
     * runs of one build).
     */
    public String location() {
        if (fn == null) return objName() + "@" + ip;
        return fn + (file != null ? " " + file + ":" + line : " " + objName());
    }

    /** An MPI entry point ({@code MPI_*}, {@code PMPI_*}, {@code MPIX_*}): the call a thread was in. */
    public boolean mpiEntry() {
        return fn != null && fn.matches("P?MPIX?_[A-Z][A-Za-z0-9_]*");
    }
}
