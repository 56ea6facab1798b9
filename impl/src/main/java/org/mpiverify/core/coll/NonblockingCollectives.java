package org.mpiverify.core.coll;

import static org.mpiverify.core.coll.CollectiveTags.ALLGATHER;
import static org.mpiverify.core.coll.CollectiveTags.ALLTOALL;
import static org.mpiverify.core.coll.CollectiveTags.BARRIER;
import static org.mpiverify.core.coll.CollectiveTags.BCAST;
import static org.mpiverify.core.coll.CollectiveTags.GATHER;
import static org.mpiverify.core.coll.CollectiveTags.LINEAR;
import static org.mpiverify.core.coll.CollectiveTags.REDUCE;
import static org.mpiverify.core.coll.CollectiveTags.REDUCE_TO_ROOT;
import static org.mpiverify.core.coll.CollectiveTags.RING;
import static org.mpiverify.core.coll.CollectiveTags.SCATTER;
import static org.mpiverify.core.coll.CollectiveTags.round;
import static org.mpiverify.core.coll.CollectiveTags.tag;

import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.mpi.MpiOp;

/**
 * The nonblocking collectives ({@code MPI_Ibarrier}, {@code MPI_Ibcast}, {@code MPI_Ireduce},
 * {@code MPI_Iallreduce}, {@code MPI_Igather}, {@code MPI_Igatherv}, {@code MPI_Iscatter},
 * {@code MPI_Iscatterv}, {@code MPI_Iallgather}, {@code MPI_Ialltoall}, MPI-3.1 §5.12) as {@link StepSchedule}s
 * (and the iallreduce of two or more ranks, every idup's collective, as an {@link AllreduceSchedule}) over a
 * {@link PollingChannel}: the
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
 *
 * <p>Buffer ownership per collective (a step's transfers own their regions until they complete; see
 * {@link StepSchedule}): {@code barrier} sends and receives nothing (zero bytes). {@code bcast}: a non-root
 * receives into {@code buf} in one step and sends {@code buf} to its children in the next, after the receive
 * completed; the root only sends it. {@code reduce}: {@code acc} is the schedule's own (a copy of the
 * contribution); each round lends a fresh {@code theirs} to a receive, then reduces {@code theirs = acc op
 * theirs} and copies it into {@code acc}; the last step lends {@code acc} to the send to the parent (or to the
 * root), after which nothing writes it. {@code allreduce} on two or more ranks: {@link AllreduceSchedule}.
 * {@code gather(v)}: the root's receives write disjoint blocks of {@code recv}, its own block copied first
 * by a computation; a non-root lends {@code send} to one send. {@code scatter(v)}: the root's sends read
 * disjoint blocks of {@code send}; a non-root lends {@code recv} to one receive. {@code allgather}: recursive
 * doubling lends, in round {@code k}, the ranks' own {@code 2^k} blocks of {@code recv} to the send and the
 * partner's to the receive (disjoint), and the next round sends the union once both completed; the ring
 * sends block {@code out} and receives block {@code out - 1} in each step, and sends the block it received
 * in the next. {@code alltoall}: one step whose receives write disjoint blocks of {@code recv} and whose sends
 * read disjoint blocks of {@code send}, the own block copied first.
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
                                  Datatype type, MpiOp op, int root) throws MpiException {
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
     * first {@code 2*rem} ranks folded pairwise for a size that is not a power of two ({@link AllreduceSchedule}
     * on two or more ranks). {@code send} may be {@link Collectives#IN_PLACE}.
     */
    public static Schedule allreduce(PollingChannel ch, Object send, int soff, Object recv, int roff, int count,
                                     Datatype type, MpiOp op) throws MpiException {
        int n = ch.size();
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
        return new AllreduceSchedule(ch, mine, mineOff, recv, roff, count, type, op);
    }

    /** Linear gather to {@code root}, as {@link Collectives#gather}; {@code send} may be IN_PLACE at the root. */
    public static Schedule gather(PollingChannel ch, Object send, int soff, int scount, Datatype stype,
                                  Object recv, int roff, int rcount, Datatype rtype, int root) throws MpiException {
        int n = ch.size(), r = ch.rank();
        boolean inPlace = Collectives.checkGather(ArgNames.IGATHER, n, r, send, soff, scount, stype, recv, roff, rcount, rtype,
                root);
        StepSchedule s = new StepSchedule();
        int tag = tag(GATHER, LINEAR);
        if (r != root) {
            if (scount > 0) s.step(out -> out.add(ch.startSend(send, soff, scount, stype, root, tag)), null);
            return s;
        }
        if (rcount == 0) return s;
        if (!inPlace) s.compute(() -> Buffers.copy(stype, send, soff, recv, roff + root * rcount, scount));
        return s.step(out -> {
            for (int i = 0; i < n; i++) {
                if (i != root) out.add(ch.startRecv(recv, roff + i * rcount, rcount, rtype, i, tag));
            }
        }, null);
    }

    /** Linear gather of {@code rcounts[i]} elements from rank {@code i}, as {@link Collectives#gatherv}. */
    public static Schedule gatherv(PollingChannel ch, Object send, int soff, int scount, Datatype stype,
                                   Object recv, int roff, int[] rcounts, int[] displs, Datatype rtype, int root)
            throws MpiException {
        int n = ch.size(), r = ch.rank();
        boolean inPlace = Collectives.checkGatherv(ArgNames.IGATHERV, n, r, send, soff, scount, stype, recv, roff, rcounts,
                displs, rtype, root);
        StepSchedule s = new StepSchedule();
        int tag = tag(GATHER, LINEAR);
        if (r != root) {
            if (scount > 0) s.step(out -> out.add(ch.startSend(send, soff, scount, stype, root, tag)), null);
            return s;
        }
        int[] counts = rcounts.clone(), at = displs.clone();   // MPI lets the caller reuse the arrays at once
        if (!inPlace) s.compute(() -> Buffers.copy(stype, send, soff, recv, roff + at[root], scount));
        return s.step(out -> {
            for (int i = 0; i < n; i++) {
                if (i != root && counts[i] > 0) out.add(ch.startRecv(recv, roff + at[i], counts[i], rtype, i, tag));
            }
        }, null);
    }

    /** Linear scatter from {@code root}, as {@link Collectives#scatter}; {@code recv} may be IN_PLACE at the root. */
    public static Schedule scatter(PollingChannel ch, Object send, int soff, int scount, Datatype stype,
                                   Object recv, int roff, int rcount, Datatype rtype, int root) throws MpiException {
        int n = ch.size(), r = ch.rank();
        boolean inPlace = Collectives.checkScatter(ArgNames.ISCATTER, n, r, send, soff, scount, stype, recv, roff, rcount,
                rtype, root);
        StepSchedule s = new StepSchedule();
        int tag = tag(SCATTER, LINEAR);
        if (r != root) {
            if (rcount > 0) s.step(out -> out.add(ch.startRecv(recv, roff, rcount, rtype, root, tag)), null);
            return s;
        }
        if (scount == 0) return s;
        if (!inPlace) s.compute(() -> Buffers.copy(stype, send, soff + root * scount, recv, roff, rcount));
        return s.step(out -> {
            for (int i = 0; i < n; i++) {
                if (i != root) out.add(ch.startSend(send, soff + i * scount, scount, stype, i, tag));
            }
        }, null);
    }

    /** Linear scatter of {@code scounts[i]} elements to rank {@code i}, as {@link Collectives#scatterv}. */
    public static Schedule scatterv(PollingChannel ch, Object send, int soff, int[] scounts, int[] displs,
                                    Datatype stype, Object recv, int roff, int rcount, Datatype rtype, int root)
            throws MpiException {
        int n = ch.size(), r = ch.rank();
        boolean inPlace = Collectives.checkScatterv(ArgNames.ISCATTERV, n, r, send, soff, scounts, displs, stype, recv, roff,
                rcount, rtype, root);
        StepSchedule s = new StepSchedule();
        int tag = tag(SCATTER, LINEAR);
        if (r != root) {
            if (rcount > 0) s.step(out -> out.add(ch.startRecv(recv, roff, rcount, rtype, root, tag)), null);
            return s;
        }
        int[] counts = scounts.clone(), at = displs.clone();
        if (!inPlace) s.compute(() -> Buffers.copy(stype, send, soff + at[root], recv, roff, rcount));
        return s.step(out -> {
            for (int i = 0; i < n; i++) {
                if (i != root && counts[i] > 0) out.add(ch.startSend(send, soff + at[i], counts[i], stype, i, tag));
            }
        }, null);
    }

    /**
     * Allgather, as {@link Collectives#allgather}: recursive doubling for power-of-two sizes (a step per
     * round, its send and receive together), ring otherwise (a step per block: every transfer of a step is
     * done before the next starts, so the ring's one tag still pairs the blocks in order).
     */
    public static Schedule allgather(PollingChannel ch, Object send, int soff, int scount, Datatype stype,
                                     Object recv, int roff, int rcount, Datatype rtype) throws MpiException {
        int n = ch.size(), r = ch.rank();
        boolean inPlace = Collectives.checkAllgather(ArgNames.IALLGATHER, n, send, soff, scount, stype, recv, roff, rcount,
                rtype);
        StepSchedule s = new StepSchedule();
        if (rcount == 0) return s;
        if (!inPlace) s.compute(() -> Buffers.copy(stype, send, soff, recv, roff + r * rcount, rcount));
        if (Integer.bitCount(n) == 1) {
            for (int mask = 1; mask < n; mask <<= 1) {
                int partner = r ^ mask, blocks = mask * rcount;
                int mine = (r & -mask) * rcount, theirs = (partner & -mask) * rcount;
                int tag = tag(ALLGATHER, round(mask));
                s.step(out -> {
                    out.add(ch.startSend(recv, roff + mine, blocks, rtype, partner, tag));
                    out.add(ch.startRecv(recv, roff + theirs, blocks, rtype, partner, tag));
                }, null);
            }
        } else {
            int right = mod(r + 1L, n), left = mod(r - 1L, n), tag = tag(ALLGATHER, RING);
            for (int step = 0; step < n - 1; step++) {
                int out = mod((long) r - step, n) * rcount, in = mod((long) r - step - 1, n) * rcount;
                s.step(ts -> {
                    ts.add(ch.startSend(recv, roff + out, rcount, rtype, right, tag));
                    ts.add(ch.startRecv(recv, roff + in, rcount, rtype, left, tag));
                }, null);
            }
        }
        return s;
    }

    /** Alltoall, as {@link Collectives#alltoall}: every receive and send in one step, the own block copied first. */
    public static Schedule alltoall(PollingChannel ch, Object send, int soff, int scount, Datatype stype,
                                    Object recv, int roff, int rcount, Datatype rtype) throws MpiException {
        int n = ch.size(), r = ch.rank();
        Collectives.checkAlltoall(ArgNames.IALLTOALL, n, send, soff, scount, stype, recv, roff, rcount, rtype);
        StepSchedule s = new StepSchedule();
        if (rcount == 0) return s;
        int tag = tag(ALLTOALL, LINEAR);
        s.compute(() -> Buffers.copy(stype, send, soff + r * scount, recv, roff + r * rcount, rcount));
        return s.step(out -> {
            for (int k = 1; k < n; k++) {   // receives first, as the blocking version
                int from = mod((long) r - k, n);
                out.add(ch.startRecv(recv, roff + from * rcount, rcount, rtype, from, tag));
            }
            for (int k = 1; k < n; k++) {
                int to = mod((long) r + k, n);
                out.add(ch.startSend(send, soff + to * scount, scount, stype, to, tag));
            }
        }, null);
    }

    private static int mod(long x, int n) {
        return (int) Math.floorMod(x, (long) n);
    }
}
