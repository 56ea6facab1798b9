package org.mpiverify.core.coll;

import static org.mpiverify.core.coll.CollectiveTags.ALLREDUCE;
import static org.mpiverify.core.coll.CollectiveTags.FOLD_IN;
import static org.mpiverify.core.coll.CollectiveTags.FOLD_OUT;
import static org.mpiverify.core.coll.CollectiveTags.round;
import static org.mpiverify.core.coll.CollectiveTags.tag;

import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.core.coll.PollingChannel.Transfer;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.mpi.MpiOp;

/**
 * {@code MPI_Iallreduce} on two or more ranks as a state machine of its own: the recursive doubling of
 * {@link Collectives#allreduce}, with the first {@code 2*rem} ranks folded pairwise for a size that is not
 * a power of two, step for step, with the same messages, tags and reduction order. It is every idup's
 * collective ({@code MaskIallreduce}), so it is built without the lists and lambdas of a
 * {@link StepSchedule}: as a step list, building it and running its one round on 2 ranks allocated about
 * fifteen objects per call besides the two buffers, and took a sixth of an iallreduce's CPU samples.
 *
 * <p>Invariants (under the busy flag of {@link Schedule}, which serializes {@link #advance()}): {@code t1}
 * and {@code t2} are the transfers of the current step, none finished yet, or null; {@code next} is what
 * happens once they are done; {@code acc} holds this rank's partial result from its first step on, and
 * {@code theirs} the partner's contribution of the current round. A step's sends read their buffers when
 * it starts, after every earlier computation; {@code acc} is overwritten only after its send completed.
 *
 * <p>Buffer ownership. A transfer owns the buffer it reads or writes from its start until its
 * {@link PollingChannel.Transfer#isDone()} is seen true: a rendezvous send's data stays in the buffer and
 * the partner's thread copies it out whenever the partner's receive matches (in the core, when the second of
 * the two is posted), so it may read the buffer until the send completes; a receive's buffer is written by
 * the sender's thread until the receive completes. Completion hands the buffer back: the completing thread
 * copies, then writes the transfer's done flag (volatile), so what it copied happens-before the schedule's
 * next look. Until then the schedule neither reads nor writes that buffer. Step by step:
 * <ul>
 *   <li>{@code mine} (the caller's send buffer, or {@code recv} in place) is only read: by {@code SEND_MINE}'s
 *       send (until it completes) or by {@code COPY_IN}'s copy into {@code acc}.</li>
 *   <li>{@code acc} and {@code theirs} are this schedule's own, allocated in {@code COPY_IN}. {@code COPY_IN} of
 *       an odd folded rank starts a receive into {@code theirs}; {@code FOLDED_IN} reduces into {@code acc}
 *       once it completed.</li>
 *   <li>{@code ROUND} starts a send that reads {@code acc} and a receive that writes {@code theirs}, and hands
 *       both buffers to them; {@code ROUND_DONE} takes them back only when <em>both</em> completed, then
 *       writes {@code acc} (the upper partner) or {@code theirs} and swaps them (the lower one, whose old
 *       {@code acc} becomes the next round's receive buffer). The partner's contribution having arrived
 *       says nothing of whether the partner has read ours yet.</li>
 *   <li>The last {@code ROUND} copies {@code acc} into {@code recv}; an odd folded rank then sends
 *       {@code acc} to its even partner, and the schedule finishes only once that send completed.
 *       {@code RECEIVE_RESULT} (an even folded rank) lends {@code recv} to its receive.</li>
 * </ul>
 * The caller's buffers belong to the schedule from the call until its request completes (MPI-3.1 §5.12);
 * the schedule's own completion hands {@code recv} back to the caller.
 */
final class AllreduceSchedule extends Schedule {
    private static final int SEND_MINE = 0, RECEIVE_RESULT = 1, FINISHED = 2, COPY_IN = 3, FOLDED_IN = 4,
            ROUND = 5, ROUND_DONE = 6;

    private final PollingChannel ch;
    private final Object mine, recv;
    private final int mineOff, roff, count, rank, rem, pow2;
    private final Datatype type;
    private final MpiOp op;
    private Object acc, theirs;
    /** A message of another length than the count: kept, raised once every step is made. */
    private final CountMismatch mismatch = new CountMismatch();
    private int newRank, mask = 1, next;
    private Transfer t1, t2;

    /** For {@code ch.size() >= 2} and {@code count > 0}; the arguments were checked by the caller. */
    AllreduceSchedule(PollingChannel ch, Object mine, int mineOff, Object recv, int roff, int count, Datatype type,
                      MpiOp op) {
        this.ch = ch;
        this.mine = mine;
        this.mineOff = mineOff;
        this.recv = recv;
        this.roff = roff;
        this.count = count;
        this.type = type;
        this.op = op;
        this.rank = ch.rank();
        this.pow2 = Integer.highestOneBit(ch.size());
        this.rem = ch.size() - pow2;
        this.next = rank < 2 * rem && rank % 2 == 0 ? SEND_MINE : COPY_IN;
    }

    @Override
    protected boolean advance() throws MpiException {
        while (true) {
            if (t1 != null && !t1.isDone()) {
                awaiting(t1);   // a spinning poller watches it (Schedule.awaited)
                return false;
            }
            if (t2 != null && !t2.isDone()) {
                awaiting(t2);
                return false;
            }
            finishTransfers();
            switch (next) {
                case SEND_MINE -> {   // an even rank of a folded pair: its odd partner reduces for it
                    t1 = ch.startSend(mine, mineOff, count, type, rank + 1, tag(ALLREDUCE, FOLD_IN));
                    next = RECEIVE_RESULT;
                }
                case RECEIVE_RESULT -> {
                    t1 = ch.startRecv(recv, roff, count, type, rank + 1, tag(ALLREDUCE, FOLD_OUT));
                    next = FINISHED;
                }
                case FINISHED -> {
                    mismatch.raise();   // after the last step: the partners got every message of this rank
                    return true;
                }
                case COPY_IN -> {
                    acc = Reductions.allocateLike(type, count);
                    theirs = Reductions.allocateLike(type, count);
                    Buffers.copy(type, mine, mineOff, acc, 0, count);
                    if (rank < 2 * rem) {
                        t1 = ch.startRecv(theirs, 0, count, type, rank - 1, tag(ALLREDUCE, FOLD_IN));
                        next = FOLDED_IN;
                    } else {
                        newRank = rank - rem;
                        next = ROUND;
                    }
                }
                case FOLDED_IN -> {
                    Reductions.apply(op, type, theirs, 0, acc, 0, count);   // acc = theirs (lower) op acc
                    newRank = rank / 2;
                    next = ROUND;
                }
                case ROUND -> {
                    if (mask < pow2) {
                        int tag = tag(ALLREDUCE, round(mask));
                        int partner = partner();
                        t1 = ch.startSend(acc, 0, count, type, partner, tag);
                        t2 = ch.startRecv(theirs, 0, count, type, partner, tag);
                        next = ROUND_DONE;
                    } else {
                        Buffers.copy(type, acc, 0, recv, roff, count);
                        if (rank < 2 * rem) {
                            t1 = ch.startSend(acc, 0, count, type, rank - 1, tag(ALLREDUCE, FOLD_OUT));
                        }
                        next = FINISHED;
                    }
                }
                case ROUND_DONE -> {   // both done: acc's send has completed, so acc may be overwritten
                    if ((newRank ^ mask) < newRank) {
                        Reductions.apply(op, type, theirs, 0, acc, 0, count);   // acc = theirs (lower) op acc
                    } else {
                        Reductions.apply(op, type, acc, 0, theirs, 0, count);   // theirs = acc (lower) op theirs
                        Object t = acc;
                        acc = theirs;
                        theirs = t;
                    }
                    mask <<= 1;
                    next = ROUND;
                }
                default -> throw new IllegalStateException("step " + next);
            }
        }
    }

    /** This round's partner, as a rank of the channel (a folded new rank is held by the odd rank of its pair). */
    private int partner() {
        int newPartner = newRank ^ mask;
        return newPartner < rem ? 2 * newPartner + 1 : newPartner + rem;
    }

    /**
     * Finishes both transfers of the step, keeping a count mismatch (the schedule goes on with its own count),
     * then raises the first other error (no resource is kept by an early throw).
     */
    private void finishTransfers() throws MpiException {
        Transfer a = t1, b = t2;
        t1 = null;
        t2 = null;
        MpiException first = StepSchedule.finish(b, StepSchedule.finish(a, null, mismatch), mismatch);
        if (first != null) throw first;
    }
}
