package org.mpiverify.harness.mpj;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.mpiverify.harness.api.AuditException;

/**
 * Turns what MPJ Express throws into {@link AuditException}s. MPJ 0.44 has no error classes: every
 * failure is an {@code mpi.MPIException} (or the {@code mpjdev}/{@code xdev}/{@code mpjbuf}
 * exception it wraps) carrying only a message, for example
 * {@code "In Comm.isend(), requested destination 5 does not exist in communicator of size 2"}.
 * The class is therefore inferred from the message and the cause chain, and numbered as in MPICH's
 * {@code mpi.h} (MPI_ERR_RANK = 6, ...); anything not recognised is MPI_ERR_OTHER. The detail of
 * the exception keeps MPJ's own text, so a report never hides what MPJ said.
 */
final class MpjErrors {
    static final int ERR_BUFFER = 1, ERR_COUNT = 2, ERR_TYPE = 3, ERR_TAG = 4, ERR_COMM = 5, ERR_RANK = 6,
            ERR_ROOT = 7, ERR_GROUP = 8, ERR_OP = 9, ERR_ARG = 12, ERR_TRUNCATE = 14, ERR_OTHER = 15,
            ERR_REQUEST = 19;

    private MpjErrors() { }

    /** Whether {@code t} is one of MPJ's own exceptions (matched by name: the binding has no compile-time MPJ types). */
    static boolean isMpjException(Throwable t) {
        String n = t.getClass().getName();
        return n.equals("mpi.MPIException") || n.equals("mpjdev.MPJDevException") || n.equals("mpjdev.MPJException")
                || n.equals("xdev.XDevException") || n.startsWith("mpjbuf.");
    }

    /** The exception a scenario sees for {@code t}, thrown by MPJ in {@code call}. */
    static RuntimeException translate(String call, Throwable t) {
        if (t instanceof AuditException || t instanceof UnsupportedOperationException) return (RuntimeException) t;
        if (isMpjException(t)) {
            int cls = classify(t);
            return new AuditException(call, cls, name(cls), describe(t));
        }
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new IllegalStateException(call + ": unexpected checked exception from MPJ Express", t);
    }

    static int classify(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c.getClass().getName().equals("mpjbuf.BufferOverflowException")) return ERR_TRUNCATE;
        }
        String m = describe(t).toLowerCase(Locale.ROOT);
        // multicore: the calling thread is not in a rank's thread group (a virtual or pool thread);
        // MPI has no class for "not a thread of this process", so not MPI_ERR_GROUP despite the word
        if (m.contains("outside communicator group") || m.contains("outside mpj world")) return ERR_OTHER;
        if (m.contains("does not exist in communicator") || m.contains("invalid rank") || m.contains("rank out of")
                || m.contains("destination") || m.contains("invalid source")) return ERR_RANK;
        if (m.contains("truncat") || m.contains("overflow") || m.contains("too small")) return ERR_TRUNCATE;
        if (m.contains("tag")) return ERR_TAG;
        if (m.contains("count")) return ERR_COUNT;
        if (m.contains("root")) return ERR_ROOT;
        if (m.contains("group")) return ERR_GROUP;
        if (m.contains("request")) return ERR_REQUEST;
        return ERR_OTHER;
    }

    static String name(int cls) {
        return switch (cls) {
            case ERR_BUFFER -> "MPI_ERR_BUFFER";
            case ERR_COUNT -> "MPI_ERR_COUNT";
            case ERR_TYPE -> "MPI_ERR_TYPE";
            case ERR_TAG -> "MPI_ERR_TAG";
            case ERR_COMM -> "MPI_ERR_COMM";
            case ERR_RANK -> "MPI_ERR_RANK";
            case ERR_ROOT -> "MPI_ERR_ROOT";
            case ERR_GROUP -> "MPI_ERR_GROUP";
            case ERR_OP -> "MPI_ERR_OP";
            case ERR_ARG -> "MPI_ERR_ARG";
            case ERR_TRUNCATE -> "MPI_ERR_TRUNCATE";
            case ERR_REQUEST -> "MPI_ERR_REQUEST";
            default -> "MPI_ERR_OTHER";
        };
    }

    /**
     * The innermost message of the cause chain, with the chain's class names: MPJ wraps the
     * informative exception once or twice, each wrapper repeating it in its own message.
     */
    private static String describe(Throwable t) {
        List<String> classes = new ArrayList<>();
        String message = null;
        for (Throwable c = t; c != null && classes.size() < 10; c = c.getCause()) {
            classes.add(c.getClass().getName());
            if (c.getMessage() != null) message = c.getMessage();
            if (c.getCause() == c) break;
        }
        return String.join(" <- ", classes) + (message == null ? "" : ": " + message);
    }
}
