package org.mpiverify.core.coll;

import static org.mpiverify.core.coll.CollectiveTags.ALLREDUCE;
import static org.mpiverify.core.coll.CollectiveTags.BARRIER;
import static org.mpiverify.core.coll.CollectiveTags.BCAST;
import static org.mpiverify.core.coll.CollectiveTags.FOLD_IN;
import static org.mpiverify.core.coll.CollectiveTags.FOLD_OUT;
import static org.mpiverify.core.coll.CollectiveTags.REDUCE;
import static org.mpiverify.core.coll.CollectiveTags.REDUCE_TO_ROOT;
import static org.mpiverify.core.coll.CollectiveTags.round;
import static org.mpiverify.core.coll.CollectiveTags.tag;

import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.mpi.Op;

/**
 * The nonblocking collectives ({@code MPI_Ibarrier}, {@code MPI_Ibcast}, {@code MPI_Ireduce},
 * {@code MPI_Iallreduce}, MPI-3.1 §5.12) as {@link StepSchedule}s over a {@link PollingChannel}: the
 * algorithms of {@link Collectives}, step for step, with the same tags. The caller gives each nonblocking
 * collective a channel with a tag range of its own (the communicator's sequence of nonblocking
 * collectives, started in the same order on every member), so its messages never match those of a
 * blocking collective or of another nonblocking one outstanding at the same time.
 *
 * <p>Every argument is checked when the schedule is built, before anything is sent, with the blocking
 * versions' checks and error classes; a bad call therefore throws on the calling rank and starts nothing.
 * The schedule posts nothing until its first {@link Schedule#progress()}. Buffers follow MPI's rule for
 * nonblocking collectives: the caller may not touch them until the request completes; a contribution is
 * read when the step that sends it starts.
 */
public final class NonblockingCollectives {
    private NonblockingCollectives() {}

    private static final byte[] NOTHING = new byte[0];

    /** Dissemination barrier: round {@code k} signals {@code r + 2^k} and waits for {@code r - 2^k}. */
    public static Schedule barrier(PollingChannel ch) {
        int n = ch.size(), r = ch.rank();
        StepSchedule s = new StepSchedule();
        for (int dist = 1; dist < n; dist <<= 1) {
            int tag = tag(BARRIER, round(dist)), to = mod(r + (long) dist, n), from = mod(r - (long) dist, n);
            s.step(out -> {
                out.add(ch.startSend(NOTHING, 0, 0, Datatype.BYTE, to, tag));
                out.add(ch.startRecv(NOTHING, 0, 0, Datatype.BYTE, from, tag));
            }, null);
        }
        return s;
    }

    /** Binomial-tree broadcast from {@code root}, as {@link Collectives#bcast}. */
    public static Schedule bcast(PollingChannel ch, Object buf, int offset, int count, Datatype type, int root)
            throws MpiException {
        int n = ch.size(), r = ch.rank();
        CollectiveArgs.type(type, "ibcast");
        CollectiveArgs.count(count, "ibcast");
        CollectiveArgs.root(root, n);
        CollectiveArgs.region("ibcast buffer", buf, offset, count, type, r != root);
        StepSchedule s = new StepSchedule();
        if (n == 1 || count == 0) return s;
        int vr = mod(r - (long) root, n);
        int mask = 1;
        for (; mask < n; mask <<= 1) {
            if ((vr & mask) != 0) {
                int from = mod(r - (long) mask, n), tag = tag(BCAST, round(mask));
                s.step(out -> out.add(ch.startRecv(buf, offset, count, type, from, tag)), null);
                break;
            }
        }
        int top = mask >> 1;
        s.step(out -> {
            for (int m = top; m > 0; m >>= 1) {
                if (vr + m < n) out.add(ch.startSend(buf, offset, count, type, mod(r + (long) m, n), tag(BCAST, round(m))));
            }
        }, null);
        return s;
    }

    /**
     * Reduction in rank order to {@code root}, as {@link Collectives#reduce}: a binomial tree towards rank 0,
     * then one message to the root. {@code send} may be {@link Collectives#IN_PLACE} at the root.
     */
    public static Schedule reduce(PollingChannel ch, Object send, int soff, Object recv, int roff, int count,
                                  Datatype type, Op op, int root) throws MpiException {
        int n = ch.size(), r = ch.rank();
        Reductions.check(op, type);
        CollectiveArgs.count(count, "ireduce");
        CollectiveArgs.root(root, n);
        boolean inPlace = send == Collectives.IN_PLACE;
        if (inPlace && r != root) {
            throw new MpiException(ErrorClass.ERR_BUFFER, "ireduce: IN_PLACE is allowed only at the root");
        }
        if (!inPlace) CollectiveArgs.region("ireduce send buffer", send, soff, count, type, false);
        if (r == root) CollectiveArgs.region("ireduce receive buffer", recv, roff, count, type, true);
        StepSchedule s = new StepSchedule();
        if (count == 0) return s;
        Object mine = inPlace ? recv : send;
        int mineOff = inPlace ? roff : soff;
        if (n == 1) {
            return inPlace ? s : s.compute(() -> Buffers.copy(type, send, soff, recv, roff, count));
        }
        // acc holds the partial result of ranks [r, r + 2*mask) after the round at distance mask.
        Object acc = Reductions.allocateLike(type, count);
        s.compute(() -> Buffers.copy(type, mine, mineOff, acc, 0, count));
        for (int mask = 1; mask < n; mask <<= 1) {
            int tag = tag(REDUCE, round(mask));
            if ((r & mask) != 0) {
                int parent = r - mask;
                s.step(out -> out.add(ch.startSend(acc, 0, count, type, parent, tag)), null);
                break;
            }
            int child = r + mask;
            if (child < n) {
                Object theirs = Reductions.allocateLike(type, count);
                s.step(out -> out.add(ch.startRecv(theirs, 0, count, type, child, tag)), () -> {
                    Reductions.apply(op, type, acc, 0, theirs, 0, count);   // theirs = acc (lower) op theirs
                    Buffers.copy(type, theirs, 0, acc, 0, count);
                });
            }
        }
        if (r == 0) {
            if (root == 0) {
                s.compute(() -> Buffers.copy(type, acc, 0, recv, roff, count));
            } else {
                s.step(out -> out.add(ch.startSend(acc, 0, count, type, root, tag(REDUCE, REDUCE_TO_ROOT))), null);
            }
        } else if (r == root) {
            s.step(out -> out.add(ch.startRecv(recv, roff, count, type, 0, tag(REDUCE, REDUCE_TO_ROOT))), null);
        }
        return s;
    }

    /**
     * Reduction in rank order to every rank, as {@link Collectives#allreduce}: recursive doubling, with the
     * first {@code 2*rem} ranks folded pairwise for a size that is not a power of two. {@code send} may be
     * {@link Collectives#IN_PLACE}.
     */
    public static Schedule allreduce(PollingChannel ch, Object send, int soff, Object recv, int roff, int count,
                                     Datatype type, Op op) throws MpiException {
        int n = ch.size(), r = ch.rank();
        Reductions.check(op, type);
        CollectiveArgs.count(count, "iallreduce");
        boolean inPlace = send == Collectives.IN_PLACE;
        if (!inPlace) CollectiveArgs.region("iallreduce send buffer", send, soff, count, type, false);
        CollectiveArgs.region("iallreduce receive buffer", recv, roff, count, type, true);
        StepSchedule s = new StepSchedule();
        if (count == 0) return s;
        Object mine = inPlace ? recv : send;
        int mineOff = inPlace ? roff : soff;
        if (n == 1) {
            return inPlace ? s : s.compute(() -> Buffers.copy(type, send, soff, recv, roff, count));
        }
        int p = Integer.highestOneBit(n), rem = n - p;
        if (r < 2 * rem && r % 2 == 0) {
            s.step(out -> out.add(ch.startSend(mine, mineOff, count, type, r + 1, tag(ALLREDUCE, FOLD_IN))), null);
            s.step(out -> out.add(ch.startRecv(recv, roff, count, type, r + 1, tag(ALLREDUCE, FOLD_OUT))), null);
            return s;
        }
        Object acc = Reductions.allocateLike(type, count);
        Object theirs = Reductions.allocateLike(type, count);
        s.compute(() -> Buffers.copy(type, mine, mineOff, acc, 0, count));
        int newRank;
        if (r < 2 * rem) {
            s.step(out -> out.add(ch.startRecv(theirs, 0, count, type, r - 1, tag(ALLREDUCE, FOLD_IN))),
                    () -> Reductions.apply(op, type, theirs, 0, acc, 0, count));   // acc = theirs (lower) op acc
            newRank = r / 2;
        } else {
            newRank = r - rem;
        }
        for (int mask = 1; mask < p; mask <<= 1) {
            int newPartner = newRank ^ mask;
            int partner = newPartner < rem ? 2 * newPartner + 1 : newPartner + rem;
            int tag = tag(ALLREDUCE, round(mask));
            boolean lower = newPartner < newRank;
            s.step(out -> {
                out.add(ch.startSend(acc, 0, count, type, partner, tag));
                out.add(ch.startRecv(theirs, 0, count, type, partner, tag));
            }, () -> {   // both done: acc's send has completed, so acc may be overwritten
                if (lower) {
                    Reductions.apply(op, type, theirs, 0, acc, 0, count);   // acc = theirs (lower) op acc
                } else {
                    Reductions.apply(op, type, acc, 0, theirs, 0, count);   // theirs = acc (lower) op theirs
                    Buffers.copy(type, theirs, 0, acc, 0, count);
                }
            });
        }
        s.compute(() -> Buffers.copy(type, acc, 0, recv, roff, count));
        if (r < 2 * rem) {
            s.step(out -> out.add(ch.startSend(acc, 0, count, type, r - 1, tag(ALLREDUCE, FOLD_OUT))), null);
        }
        return s;
    }

    private static int mod(long x, int n) {
        return (int) Math.floorMod(x, (long) n);
    }
}
