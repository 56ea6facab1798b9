package org.mpiverify.bench.kernel;

import java.util.List;

/**
 * A way for one thread to receive a message whose size it does not know (Hoefler et al. 2010), run by
 * {@link UnknownSize} on every implementation. The safe ones the figures plot are {@link ReceiveMethod};
 * the tests add known-bad ones.
 */
public interface UnknownSizeReceive {
    /** Identifier in facts and specs: {@code MPROBE}. */
    String name();

    /** The series name in the figures. */
    String label();

    /** The MPI functions a library must have for this method. */
    List<String> functions();

    /**
     * Receives one message from ({@code source}, {@code tag}) — the implementation's wildcards when the
     * block receives with them — on {@code block}'s communicator, into a buffer of the message's size.
     * A message longer than what was probed raises {@link KernelComm.Truncated}.
     */
    UnknownSize.Message receive(UnknownSize.Block block, int source, int tag) throws InterruptedException;

    /**
     * Whether a receive of this method can take a message another thread probed, and so name a stream
     * that is already empty and wait forever. {@link UnknownSize} then has every sender add fill messages
     * that end such waits; a safe method never needs them.
     */
    default boolean takesOthersMessages() {
        return false;
    }
}
