package org.mpiverify.mpi;

import java.util.concurrent.atomic.AtomicInteger;
import org.mpiverify.core.coll.CollectiveTags;
import org.mpiverify.core.coll.PollingChannel;
import org.mpiverify.core.coll.Schedule;

/**
 * The starts of one {@link Comm} handle's nonblocking collectives and idups: each gets a slot, and with it a
 * range of tags of the communicator's collective context that no other outstanding operation of the handle
 * uses, holds one of the communicator's references until its request is completed and released, and makes its
 * first step before the call returns; the rank's {@link ProgressEngine} moves it on from there.
 *
 * <p>Slots: the n-th operation started on a handle (every member starts them in the same order, MPI-3.1
 * §5.12) uses slot {@code n mod SLOTS}, the collective tags {@code TAG_BASE + slot * LIMIT + collective tag}
 * ({@code [2^20, 2^21)}: above the blocking collectives', below the createGroup channels'), and an idup the
 * context-id key tag of its slot ({@link CommunicatorCreation#idup}). A start whose slot an earlier operation
 * on this handle still holds (its request not completed, or its schedule not finished) is refused with
 * ERR_OTHER and changes nothing, so two outstanding operations never share a slot, and so never a tag or a
 * key; at most {@link #SLOTS} are outstanding at once.
 *
 * <p>Thread safety: threads that start operations on one handle at once each get a slot of their own; the
 * order must still be the same on every member (MPI's rule: only on COMM_SELF is any order one order).
 * A start's first step happens-before the return of its call; its completion happens-before the completing
 * wait or test returns (the request's).
 */
final class NonblockingStarts {
    /*
     * Implementation notes.
     *
     * State: next (the sequence number of the next operation to start) and held (bit i: slot i is held by an
     * operation whose request has not completed and been released), guarded by this object's monitor, held
     * for a few reads and writes only, never while anything waits. idupsRunning counts the idups whose
     * allocation has not finished (Comm.free refuses while there are any); atomic.
     *
     * Invariants:
     * - A slot is held by at most one operation; an operation holds exactly one slot from its take to the
     *   completion and release of its request (or to the failure of its start).
     * - A take checks the slot of the next sequence number and takes both, or neither: a refused start does
     *   not move the sequence, so the members still agree on it. (A check of the count before taking a
     *   place would let SLOTS + 1 and more start at once.)
     * - An operation holds one communicator reference exactly while it holds its slot.
     *
     * Linearization point of a start: its take, under the monitor. A collective's schedule is built (its
     * arguments checked) before the take, so a bad call takes no slot; an idup (no arguments) is built after
     * it, since its key needs its slot. Nothing is posted before the schedule starts, after the take.
     */

    /** How many nonblocking operations a handle may have outstanding at once; the slots of their tag ranges. */
    static final int SLOTS = 2048;
    private static final int TAG_BASE = 1 << 20;
    static {
        // the slots' tags must lie between the blocking collectives' [0, LIMIT) and the createGroup channels'
        if (TAG_BASE < CollectiveTags.LIMIT
                || TAG_BASE + SLOTS * CollectiveTags.LIMIT > CommunicatorCreation.CREATE_GROUP_TAG_BASE) {
            throw new AssertionError("nonblocking collective tags overlap another range");
        }
    }

    private final Comm comm;
    private final long[] held = new long[SLOTS / 64];
    private int next;
    private final AtomicInteger idupsRunning = new AtomicInteger();

    NonblockingStarts(Comm comm) {
        this.comm = comm;
    }

    /** Builds a nonblocking operation's schedule on its channel: checks the arguments, starts nothing. */
    @FunctionalInterface
    interface ScheduleBuilder {
        Schedule build(SlotChannel ch);
    }

    /** Starts a nonblocking collective, whose schedule {@code builder} builds (and whose arguments it checks). */
    Request start(ScheduleBuilder builder) {
        return start(builder, false);
    }

    /** Starts an idup, whose schedule {@code builder} builds once the idup has its slot. */
    Request startIdup(ScheduleBuilder builder) {
        return start(builder, true);
    }

    /** idups of this handle whose allocation has not finished. */
    int idupsRunning() {
        return idupsRunning.get();
    }

    /** The frame of every nonblocking collective and idup: a call on a live handle (see the class comment). */
    private Request start(ScheduleBuilder builder, boolean idup) {
        return comm.rank.call(comm, () -> {
            comm.checkLive();
            SlotChannel ch = new SlotChannel();
            Schedule s = idup ? null : builder.build(ch);
            comm.retainRef();
            int slot;
            try {
                slot = take();   // ERR_OTHER if an earlier operation holds it: nothing changed
            } catch (RuntimeException e) {
                comm.releaseRef();
                throw e;
            }
            try {
                ch.take(slot);
                if (idup) s = builder.build(ch);   // ERR_OTHER on every member if the algorithm has no idup
            } catch (RuntimeException e) {
                give(slot);
                comm.releaseRef();
                throw e;
            }
            if (idup) {
                idupsRunning.incrementAndGet();
                s.whenFinished(idupsRunning::decrementAndGet);
            }
            s.state().attach(() -> {
                give(slot);
                comm.releaseRef();
            });
            ch.own(s);
            comm.rank.progress.start(s);
            return Request.forSchedule(comm, s, idup);
        });
    }

    /** Takes the slot of the next sequence number and the number itself, or neither (ERR_OTHER). */
    private synchronized int take() {
        int slot = Math.floorMod(next, SLOTS);
        long bit = 1L << slot;
        if ((held[slot >>> 6] & bit) != 0) {
            throw new MpiException(ErrorClass.ERR_OTHER, "nonblocking operation " + next + " on " + comm
                    + " needs slot " + slot + ", still held by operation " + (next - SLOTS)
                    + " or earlier (at most " + SLOTS + " outstanding): complete it first");
        }
        held[slot >>> 6] |= bit;
        next++;
        return slot;
    }

    private synchronized void give(int slot) {
        held[slot >>> 6] &= ~(1L << slot);
    }

    /**
     * A nonblocking operation's channel on the communicator's collective context, in the tag range of its
     * slot. It posts nothing before {@link #take} has given it one.
     */
    final class SlotChannel implements PollingChannel {
        private EndpointChannel ch;
        private int slot = -1;

        /** Gives this operation slot {@code slot}; before the schedule starts. */
        private SlotChannel take(int slot) {
            this.slot = slot;
            ch = new EndpointChannel(new Endpoint(comm.rank, 2 * comm.contextId + 1, comm.group.rank(),
                    comm.p2p.peers, null), TAG_BASE + slot * CollectiveTags.LIMIT);
            return this;
        }

        /**
         * Makes {@code s} the schedule on this channel: its transfers tell the rank's progress engine about
         * its completion when they complete. Before it starts, so before any of its transfers can.
         */
        private void own(Schedule s) {
            ch.polledBy(comm.rank.progress, s.state());
        }

        /** This operation's slot: an idup's context-id key tag is chosen by it. */
        int slot() {
            return slot;
        }

        @Override
        public int rank() {
            return comm.group.rank();
        }

        @Override
        public int size() {
            return comm.group.size();
        }

        @Override
        public Transfer startSend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
            return ch.startSend(buf, offset, count, type, dest, tag);
        }

        @Override
        public Transfer startRecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
            return ch.startRecv(buf, offset, count, type, source, tag);
        }
    }
}
