package org.mpiverify.locks.runtime;

import java.util.List;

/**
 * How one thread once took {@code to} while holding {@code from}: a label of a lock-order edge in the
 * sense of GoodLock with gate locks (Havelund 2000; Bensalem &amp; Havelund 2005). A cycle of edges is a
 * potential deadlock only if its labels can be chosen from distinct threads whose gate sets share no
 * lock held in conflicting modes: a common gate lock serializes the acquisitions, so they cannot
 * interleave into a deadlock.
 *
 * @param threadId   {@link Thread#threadId()} of the acquiring thread
 * @param threadName its name then
 * @param fromMode   mode in which {@code from} was held ({@link LockNode#EXCLUSIVE}, {@code SHARED}, {@code PERMIT})
 * @param toMode     mode in which {@code to} was wanted
 * @param gates      ids of the other locks the thread held then (the gate locks), ascending
 * @param gateModes  their modes, index for index
 * @param fromSite   site where {@code from} had been acquired
 * @param toSite     site of the acquisition of {@code to}
 * @param callId     MPI call in progress on the thread, or {@link CallTable#OUTSIDE}
 * @param stack      the acquiring thread's stack when the label was first seen
 */
public record EdgeLabel(long threadId, String threadName, int fromMode, int toMode, int[] gates, int[] gateModes,
                        int fromSite, int toSite, int callId, List<String> stack) {
}
