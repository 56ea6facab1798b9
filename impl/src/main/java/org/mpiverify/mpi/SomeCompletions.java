package org.mpiverify.mpi;

import java.util.Arrays;
import org.mpiverify.core.request.RequestState;

/**
 * {@code MPI_Waitsome} and {@code MPI_Testsome} (MPI-3.1 §3.7.5): complete every request of an array whose
 * operation is done, waiting (waitSome) until there is at least one.
 *
 * <p>Arguments: a null request array is ERR_ARG; handles of different ranks are ERR_REQUEST; {@code indices}
 * must hold at least one entry per request and {@code statuses}, if not null ({@code MPI_STATUSES_IGNORE}),
 * too (ERR_ARG); all checked before any request changes. Null entries are {@code MPI_REQUEST_NULL}. With no
 * active request the result is {@link Mpi#UNDEFINED}. A request whose operation failed (ERR_TRUNCATE, a failed
 * nonblocking collective, a generalized request's callback error) is completed and reported like the others
 * with its error in its status, and ERR_IN_STATUS is raised after the arrays are filled.
 *
 * <p>Threads: every request is completed by exactly one call. Several threads may call these on one array at
 * once (or wait on its requests in other calls, which MPI makes erroneous): a request another thread completed
 * first is not reported by this call (no ERR_REQUEST, unlike {@link Request#waitAny}), so across the threads
 * each completion is reported exactly once; a waitSome whose requests other threads have all completed
 * returns {@link Mpi#UNDEFINED}. The claim is each handle's completing CAS. waitSome waits through MPI's progress
 * rule ({@link ProgressRule#awaitAny}), holding no lock while parked.
 */
final class SomeCompletions {
    private SomeCompletions() {
    }

    static int waitSome(Request[] requests, int[] indices, Status[] statuses) {
        Request first = checked(requests, indices, statuses);
        if (first == null) {
            return Mpi.UNDEFINED;
        }
        RankContext rank = first.rankContext();
        return rank.call(first.comm(), () -> {
            while (true) {
                if (!anyActive(requests)) {
                    return Mpi.UNDEFINED;
                }
                rank.progress.test();
                int n = claimDone(requests, indices, statuses);
                if (n > 0) {
                    return n;
                }
                RequestState[] states = new RequestState[2 * requests.length];   // an isendrecv waits on two
                int[] generations = new int[states.length];
                int k = 0;
                for (Request r : requests) {
                    if (r != null) {
                        k = r.addPending(states, generations, k);
                    }
                }
                if (k > 0) {
                    rank.progress.awaitAny(Arrays.copyOf(states, k), Arrays.copyOf(generations, k), requests);
                }
            }
        });
    }

    static int testSome(Request[] requests, int[] indices, Status[] statuses) {
        Request first = checked(requests, indices, statuses);
        if (first == null) {
            return Mpi.UNDEFINED;
        }
        RankContext rank = first.rankContext();
        return rank.call(first.comm(), () -> {
            if (!anyActive(requests)) {
                return Mpi.UNDEFINED;
            }
            rank.progress.test();
            return claimDone(requests, indices, statuses);
        });
    }

    private static Request checked(Request[] requests, int[] indices, Status[] statuses) {
        Request first = Request.firstOf(requests);
        if (indices == null || indices.length < requests.length) {
            throw new MpiException(ErrorClass.ERR_ARG, "indices array " + (indices == null ? "is null"
                    : "of " + indices.length + " for " + requests.length + " requests"));
        }
        if (statuses != null && statuses.length < requests.length) {
            throw new MpiException(ErrorClass.ERR_ARG, "statuses array of " + statuses.length + " for "
                    + requests.length + " requests");
        }
        return first;
    }

    private static boolean anyActive(Request[] requests) {
        for (Request r : requests) {
            if (r != null && r.isActiveHandle()) {
                return true;
            }
        }
        return false;
    }

    /** Completes every done request this thread claims first; fills the arrays; ERR_IN_STATUS after, if any failed. */
    private static int claimDone(Request[] requests, int[] indices, Status[] statuses) {
        int n = 0;
        StringBuilder errors = null;
        for (int i = 0; i < requests.length; i++) {
            Request r = requests[i];
            if (r == null || !r.isActiveHandle() || !r.isDoneOrMovedOn()) {
                continue;
            }
            Status s = r.claimIfDone();   // null: another thread completed it first
            if (s == null) {
                continue;
            }
            indices[n] = i;
            if (statuses != null) {
                statuses[n] = s;
            }
            n++;
            if (s.error() != ErrorClass.SUCCESS) {
                errors = (errors == null ? new StringBuilder() : errors.append("; "))
                        .append("request ").append(i).append(": ").append(s.error());
            }
        }
        if (errors != null) {
            throw new MpiException(ErrorClass.ERR_IN_STATUS, n + " completed, failed: " + errors);
        }
        return n;
    }
}
