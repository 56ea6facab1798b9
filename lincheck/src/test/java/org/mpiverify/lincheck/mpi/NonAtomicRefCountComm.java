package org.mpiverify.lincheck.mpi;

import java.util.ArrayDeque;
import java.util.function.Function;

/**
 * Known-bad twin of {@code Comm}'s reference count: a copy of its protocol (count 1 for the handle;
 * irecv retains one for the request; the request's completion releases it; free marks the handle and
 * releases its reference; whoever drops the last returns the context id) with the count updated by
 * read-then-write instead of getAndAdd. Receives, sends and matching are modelled by a FIFO under a
 * lock: only the count is unsynchronized.
 */
public final class NonAtomicRefCountComm {
    private volatile int refs = 1;
    private volatile boolean freed;
    private volatile int idsReturned;

    void retain() {
        int r = refs;
        refs = r + 1; // DEFECT: was REFS.getAndAdd(this, 1)
    }

    void release() {
        int r = refs - 1;
        refs = r; // DEFECT: was REFS.getAndAdd(this, -1) - 1
        if (r == 0) idsReturned++;
    }

    /** The calls of {@link CommRefCountOperations} on the twin's protocol ({@link CommRefCountCalls} on the real one). */
    public static class Calls implements Function<String, String> {
        private static final class Req {
            boolean received;
        }

        private final NonAtomicRefCountComm comm = new NonAtomicRefCountComm();
        private final ArrayDeque<Req> requests = new ArrayDeque<>();
        private int unexpected;

        @Override
        public String apply(String call) {
            return switch (call) {
                case "irecv" -> irecv();
                case "send" -> send();
                case "free" -> free();
                case "complete" -> complete();
                case "validate" -> {
                    contextIdReturnedIffFreedAndIdle();
                    yield "valid";
                }
                default -> throw new IllegalArgumentException(call);
            };
        }

        private String irecv() {
            if (comm.freed) return "ERR_COMM";
            comm.retain();
            synchronized (this) {
                Req r = new Req();
                if (unexpected > 0) {
                    unexpected--;
                    r.received = true;
                }
                requests.add(r);
            }
            return "posted";
        }

        private String send() {
            if (comm.freed) return "ERR_COMM";
            synchronized (this) {
                for (Req r : requests) {
                    if (!r.received) {
                        r.received = true;
                        return "sent";
                    }
                }
                unexpected++;
            }
            return "sent";
        }

        private String free() {
            comm.freed = true;
            comm.release();
            return "freed";
        }

        private String complete() {
            Req r;
            synchronized (this) {
                r = requests.poll();
            }
            if (r == null) return "none";
            comm.release();
            return r.received ? "received" : "cancelled";
        }

        private void contextIdReturnedIffFreedAndIdle() {
            boolean idle;
            synchronized (this) {
                idle = requests.isEmpty();
            }
            boolean expect = comm.freed && idle;
            if ((comm.idsReturned == 1) != expect || comm.idsReturned > 1) {
                throw new IllegalStateException("context id returned " + comm.idsReturned + " times; freed=" + comm.freed + ", idle=" + idle);
            }
        }
    }
}
