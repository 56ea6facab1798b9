package org.mpiverify.mpi;

/**
 * The unpacking half of a receive into a derived datatype: the receive itself lands in {@code stage}, a
 * packet of the type's packed size, as a receive of bytes; the thread that delivers the message (the matching
 * thread, before it signals the receive complete) unpacks it into the user's buffer with the type's map. The
 * receive holds a use of the type ({@link DerivedDatatype#beginUse}) from its start until its request is
 * recycled ({@link RecvRequest#recycle}), so a free of the type while it is pending leaves the type map in
 * place until the data is unpacked (Gropp &amp; Thakur §4.1).
 *
 * <p>Thread safety: written by the posting thread before the receive is handed to the engine, read by the
 * delivering thread after the engine hands it over (the engine's synchronization publishes it), as the
 * receive's other fields; {@link #unpack} runs once, before the completion is signalled, so the completing
 * wait or test sees the unpacked data.
 */
final class DerivedReceive {
    final DerivedDatatype type;
    final byte[] stage;
    private final Object buf;
    private final int offset;
    private final int count;

    DerivedReceive(DerivedDatatype type, byte[] stage, Object buf, int offset, int count) {
        this.type = type;
        this.stage = stage;
        this.buf = buf;
        this.offset = offset;
        this.count = count;
    }

    /** Unpacks the first {@code bytes} bytes of the stage into the user's buffer; the receive holds its use. */
    void unpack(long bytes) {
        type.layout().unpack(stage, bytes, buf, offset, count);
    }

    /** The receive is recycled (or failed to start): its use of the type ends. */
    void endUse() {
        type.endUse();
    }
}
