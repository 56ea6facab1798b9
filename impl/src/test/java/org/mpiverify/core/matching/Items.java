package org.mpiverify.core.matching;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** Test envelopes and receives: identities, payloads and exactly-once bookkeeping. */
final class Items {
    private Items() {}

    /** A message: sender-local sequence number and a payload that the checksum adds up. */
    static final class Msg extends Envelope {
        final int seq;
        final long payload;
        /** How many times this message was handed to a receiver (matched or taken); must end at 1. */
        final AtomicInteger deliveries = new AtomicInteger();

        Msg(int context, int source, int tag, int seq) {
            super(context, source, tag);
            this.seq = seq;
            this.payload = ((long) source << 32) ^ (seq * 0x9E3779B97F4A7C15L) ^ tag;
        }

        @Override
        public String toString() { return super.toString() + "#" + seq; }
    }

    /** A receive: which thread posted it, in which position, and what it got. */
    static final class Recv extends PostedReceive {
        final int thread;
        final int index;
        final AtomicReference<Msg> matched = new AtomicReference<>();
        volatile boolean cancelled;

        Recv(int context, int source, int tag) {
            this(context, source, tag, -1, -1);
        }

        Recv(int context, int source, int tag, int thread, int index) {
            super(context, source, tag);
            this.thread = thread;
            this.index = index;
        }

        /** Records a match; false if this receive was already matched (a double match). */
        boolean complete(Msg m) {
            m.deliveries.incrementAndGet();
            return matched.compareAndSet(null, m);
        }

        @Override
        public String toString() { return super.toString() + "@t" + thread + "." + index; }
    }
}
