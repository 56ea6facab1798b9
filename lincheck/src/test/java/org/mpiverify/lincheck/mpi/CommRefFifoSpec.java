package org.mpiverify.lincheck.mpi;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * Sequential specification of a communicator with pending receives (MPI_Comm_free semantics): after
 * free the handle is unusable (ERR_COMM) but operations already started still complete. Messages are
 * all alike (one source, one tag); receives match in posting order; requests are completed (cancel,
 * then test until complete) oldest first, by any thread.
 */
public class CommRefFifoSpec {
    private static final class Req {
        boolean received;
    }

    private boolean freed;
    private final ArrayDeque<Req> requests = new ArrayDeque<>();
    private int unexpected;

    public String irecv() {
        if (freed) return "ERR_COMM";
        Req r = new Req();
        if (unexpected > 0) {
            unexpected--;
            r.received = true;
        }
        requests.add(r);
        return "posted";
    }

    public String send() {
        if (freed) return "ERR_COMM";
        for (Iterator<Req> it = requests.iterator(); it.hasNext(); ) {
            Req r = it.next();
            if (!r.received) {
                r.received = true;
                return "sent";
            }
        }
        unexpected++;
        return "sent";
    }

    public String complete() {
        Req r = requests.poll();
        if (r == null) return "none";
        return r.received ? "received" : "cancelled";
    }

    public String free() {
        if (freed) return "ERR_COMM";
        freed = true;
        return "freed";
    }
}
