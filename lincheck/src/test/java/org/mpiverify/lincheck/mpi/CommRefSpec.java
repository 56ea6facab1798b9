package org.mpiverify.lincheck.mpi;

import java.util.ArrayDeque;

/**
 * Sequential specification of a communicator with pending receives (MPI_Comm_free semantics): after
 * free the handle is unusable (ERR_COMM) but operations already started still complete. Messages are
 * all alike (one source, one tag); receives match in posting order.
 */
public class CommRefSpec {
    private boolean freed;
    private final String[] slots = new String[8]; // null: none; "posted"; "received"
    private final ArrayDeque<Integer> postedOrder = new ArrayDeque<>();
    private int unexpected;

    public String irecv(int t) {
        if (slots[t] != null) return "busy";
        if (freed) return "ERR_COMM";
        if (unexpected > 0) {
            unexpected--;
            slots[t] = "received";
        } else {
            slots[t] = "posted";
            postedOrder.add(t);
        }
        return "posted";
    }

    public String send() {
        if (freed) return "ERR_COMM";
        Integer t = postedOrder.poll();
        if (t == null) unexpected++; else slots[t] = "received";
        return "sent";
    }

    public String complete(int t) {
        String s = slots[t];
        if (s == null) return "none";
        slots[t] = null;
        if (s.equals("posted")) {
            postedOrder.remove(t);
            return "cancelled";
        }
        return "received";
    }

    public String free() {
        if (freed) return "ERR_COMM";
        freed = true;
        return "freed";
    }
}
