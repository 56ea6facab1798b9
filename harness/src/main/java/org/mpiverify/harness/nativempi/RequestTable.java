package org.mpiverify.harness.nativempi;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.mpiverify.harness.api.AuditMpi;

/**
 * The nonblocking operations a {@link NativeMpi} has started and not yet seen complete, by the binding's own request
 * ids, and the memory of the ones freed before completing. Scenarios get these ids rather than the library's handle
 * values: MPICH 4.0 returns one shared built-in handle for every request it completes at once (small eager sends),
 * so several live requests of different threads can carry the same native value (measured: keyed by value, one
 * thread waited on another's memory while that thread freed it).
 *
 * <p>Thread safety: safe for use by any number of threads at {@code MPI_THREAD_MULTIPLE}; no lock. A request may be
 * waited for, tested or freed by any thread, and by several at once (an erroneous program, which the audit must
 * survive).
 *
 * <p>Memory consistency effects: actions of a thread before {@link #add} happen-before the actions of a thread that
 * gets the same record from {@link #live} or wins {@link #remove} for it (the map's publication).
 *
 * <p>Implementation notes. Invariants:
 * <ul>
 *   <li>Ids are unique for the life of the table ({@link #nextId} only grows; it starts at 1, so no id is
 *       {@link AuditMpi#REQUEST_NULL}), so a completed request's record is removed exactly once: by the one caller
 *       whose {@code remove(id, record)} succeeds, which is the linearization point of its completion.</li>
 *   <li>A record stays reachable while the library may touch its memory: in {@link #pending} from the call that
 *       started the operation to the call that completes it (for a persistent request, to its {@code
 *       MPI_Request_free}: a completion leaves it inactive, in the table), then in {@link #retired} when it was freed
 *       ({@code MPI_Request_free}, or by the library behind the binding's back) until {@code MPI_Finalize}
 *       ({@link #finalized}), since MPI gives no other point at which a freed request is known to be done.</li>
 * </ul>
 */
final class RequestTable {
    private final ConcurrentHashMap<Long, PendingRequest> pending = new ConcurrentHashMap<>();
    /** Next request id; starts at 1 so no id is {@code REQUEST_NULL} (0). */
    private final AtomicLong nextId = new AtomicLong(1);
    /** Memory of freed requests: kept reachable until MPI_Finalize, when the library can no longer write to it. */
    private final ConcurrentLinkedQueue<PendingRequest> retired = new ConcurrentLinkedQueue<>();
    private final String library;

    /** A table for the binding of {@code library} (named in errors). */
    RequestTable(String library) {
        this.library = library;
    }

    /** Registers an operation the library has started and not completed; its id. */
    long add(PendingRequest p) {
        long id = nextId.getAndIncrement();
        pending.put(id, p);
        return id;
    }

    /**
     * The record of a live request; {@code null} for {@code REQUEST_NULL}, which the library handles itself. An id
     * that is not live is an IllegalArgumentException: already completed or freed.
     */
    PendingRequest live(long request) {
        if (request == AuditMpi.REQUEST_NULL) return null;
        PendingRequest p = pending.get(request);
        if (p == null) {
            throw new IllegalArgumentException("request " + request + " is not live on " + library
                    + ": already completed or freed (MPI would have set the caller's handle to MPI_REQUEST_NULL)");
        }
        return p;
    }

    /** The live requests' records, {@code null} for REQUEST_NULL entries. */
    PendingRequest[] liveAll(long[] ids) {
        if (ids == null) throw new IllegalArgumentException("array of requests is null");
        PendingRequest[] ps = new PendingRequest[ids.length];
        for (int i = 0; i < ids.length; i++) ps[i] = live(ids[i]);
        return ps;
    }

    /** Removes the request if it is still {@code p}: true for exactly one caller, who completes it. */
    boolean remove(long request, PendingRequest p) {
        return pending.remove(request, p);
    }

    /** Removes a request the library may still write to (freed before it completed): its memory stays until finalize. */
    void retire(long request, PendingRequest p) {
        if (pending.remove(request, p)) retired.add(p);
    }

    /** {@code MPI_Finalize} returned: the library can no longer write the retired requests' memory. */
    void finalized() {
        retired.clear();
    }
}
