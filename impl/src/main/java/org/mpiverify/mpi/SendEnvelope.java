package org.mpiverify.mpi;

import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.core.buffer.PacketPool;
import org.mpiverify.core.matching.Envelope;
import org.mpiverify.core.matching.PostedReceive;
import org.mpiverify.core.request.RequestState;

/**
 * A message on its way to a receive, as the destination rank's matching engine holds it. Allocated fresh
 * for every send (all fields final), so a probe that reads an envelope the engine has just handed to
 * another thread still reads consistent values.
 *
 * <p>Eager (Dang, Snir &amp; Gropp Alg. 1 SEND-EAGER): {@code packet} holds a copy of the data and the send
 * has already completed. Rendezvous: {@code packet} is null; the data is still in the sender's buffer,
 * and {@code sender} completes when the matching thread has copied it straight into the receive buffer
 * (one copy, once matched). Synchronous sends always use rendezvous, so they complete only once matched.
 */
final class SendEnvelope extends Envelope {
    final long bytes;
    final byte[] packet;
    final PacketPool packetPool;
    final Object srcBuf;
    final int srcOffset;
    final Datatype srcType;
    final RequestState sender;

    private SendEnvelope(int context, int source, int tag, long bytes, byte[] packet, PacketPool pool,
                         Object srcBuf, int srcOffset, Datatype srcType, RequestState sender) {
        super(context, source, tag);
        this.bytes = bytes;
        this.packet = packet;
        this.packetPool = pool;
        this.srcBuf = srcBuf;
        this.srcOffset = srcOffset;
        this.srcType = srcType;
        this.sender = sender;
    }

    static SendEnvelope eager(int context, int source, int tag, long bytes, byte[] packet, PacketPool pool) {
        return new SendEnvelope(context, source, tag, bytes, packet, pool, null, 0, null, null);
    }

    static SendEnvelope rendezvous(int context, int source, int tag, long bytes, Object buf, int offset,
                                   Datatype type, RequestState sender) {
        return new SendEnvelope(context, source, tag, bytes, null, null, buf, offset, type, sender);
    }

    @Override
    public boolean longerThan(PostedReceive r) {
        return r instanceof RecvRequest q && bytes > q.capacityBytes;
    }

    /**
     * Moves this message into {@code r} and completes both sides (Alg. 1 lines 13-15 / Alg. 2 lines 5-8).
     * Called by whichever thread matched them, after the engine removed them, so it owns both. A message
     * longer than the receive buffer fills the buffer and completes the receive with ERR_TRUNCATE: the
     * message is consumed, never lost silently.
     */
    void deliverTo(RecvRequest r) {
        long n = Math.min(bytes, r.capacityBytes);
        // At most 8 bytes for a waiter that copies them itself (RecvRequest.inline): into the state, before
        // done, so that the receiver's buffer stays on the receiver's core.
        boolean inline = r.inline && packet != null;
        long word = 0;
        if (packet != null) {
            if (inline) {
                word = Buffers.word(packet, (int) n);
            } else {
                Buffers.unpack(packet, r.buf, r.offset, r.type, n);
            }
            packetPool.release(packet);
        } else {
            Buffers.copy(srcBuf, srcOffset, srcType, r.buf, r.offset, r.type, n);
        }
        DerivedReceive u = r.unpack;
        if (u != null) {
            u.unpack(n);     // before the signal: the completing wait sees the user's buffer filled
        }
        int err = longerThan(r) ? ErrorClass.ERR_TRUNCATE.code() : 0;
        if (inline) {
            r.st.signalInline(word, source(), tag(), n, err);
        } else {
            r.st.setStatus(source(), tag(), n, err, false);
            r.st.signal();
        }
        if (sender != null) {
            // The sender's buffer is no longer read: the send may complete.
            sender.setStatus(source(), tag(), bytes, 0, false);
            sender.signal();
            sender.release();
        }
        r.st.release();
    }
}
