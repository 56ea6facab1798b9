package org.mpiverify.audit.race;

import java.util.List;

/**
 * One side of a race: the detector's words for it ("Possible data race during write of size 8 at ... by thread #3",
 * "This conflicts with a previous read ..."), the detector's thread number, and the stack, innermost frame first.
 */
public record Access(String what, int thread, List<Frame> stack) {
    public Access {
        stack = List.copyOf(stack);
    }

    /**
     * The innermost frame of the program or a library, or null for an empty stack: the detector's own interception
     * frames ({@code vgpreload_*.so}, where Valgrind wraps {@code pthread_mutex_lock} and the like; {@code libtsan.so},
     * where ThreadSanitizer wraps {@code strncmp}, {@code memcpy}, ...) are skipped, so the race is placed at the caller.
     */
    public Frame top() {
        for (Frame f : stack) if (!f.objName().startsWith("vgpreload_") && !f.objName().startsWith("libtsan.so")) return f;
        return stack.isEmpty() ? null : stack.get(0);
    }

    /** The race's key location on this side: the innermost frame's. */
    public String location() {
        Frame f = top();
        return f == null ? "(no stack)" : f.location();
    }

    /**
     * The MPI call this thread was in: the outermost MPI entry point on its stack (an MPI function may call another
     * exported one inside); when there is none, {@link #USER_CODE} if the stack runs through the program (a frame of
     * an object that is no shared library: the user's thread, between MPI calls, e.g. reading a receive buffer), else
     * {@link #NO_MPI_CALL} (a progress or async thread the library started).
     */
    public String mpiCall() {
        for (int i = stack.size() - 1; i >= 0; i--) {
            if (stack.get(i).mpiEntry()) return stack.get(i).fn().replaceFirst("^PMPI", "MPI");
        }
        boolean program = stack.stream().anyMatch(f -> f.obj() != null && !f.objName().contains(".so"));
        return program ? USER_CODE : NO_MPI_CALL;
    }

    /** What {@link #mpiCall()} says for a thread of the library's own. */
    public static final String NO_MPI_CALL = "(no MPI call: a thread of the library's own)";
    /** What {@link #mpiCall()} says for the program's thread outside MPI. */
    public static final String USER_CODE = "(the program's code, in no MPI call)";

    /** Frames whose function is not named ({@code ???}). */
    public long unnamedFrames() {
        return stack.stream().filter(f -> !f.named()).count();
    }
}
