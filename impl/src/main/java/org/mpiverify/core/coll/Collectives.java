package org.mpiverify.core.coll;

import static org.mpiverify.core.coll.CollectiveTags.ALLGATHER;
import static org.mpiverify.core.coll.CollectiveTags.ALLREDUCE;
import static org.mpiverify.core.coll.CollectiveTags.ALLTOALL;
import static org.mpiverify.core.coll.CollectiveTags.BARRIER;
import static org.mpiverify.core.coll.CollectiveTags.BCAST;
import static org.mpiverify.core.coll.CollectiveTags.FOLD_IN;
import static org.mpiverify.core.coll.CollectiveTags.FOLD_OUT;
import static org.mpiverify.core.coll.CollectiveTags.GATHER;
import static org.mpiverify.core.coll.CollectiveTags.LINEAR;
import static org.mpiverify.core.coll.CollectiveTags.REDUCE;
import static org.mpiverify.core.coll.CollectiveTags.REDUCE_TO_ROOT;
import static org.mpiverify.core.coll.CollectiveTags.RING;
import static org.mpiverify.core.coll.CollectiveTags.SCATTER;
import static org.mpiverify.core.coll.CollectiveTags.round;
import static org.mpiverify.core.coll.CollectiveTags.tag;

import java.util.ArrayList;
import java.util.List;

import org.mpiverify.core.coll.CollectiveChannel.Pending;
import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.mpi.MpiOp;

/**
 * The collective operations (MPI-3.1 chapter 5) over point-to-point messages on a communicator's
 * {@link CollectiveChannel}.
 *
 * <p>Algorithms (Thakur, Rabenseifner &amp; Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 2005, for the short-message cases):
 * <ul>
 *   <li>{@link #barrier}: dissemination (Hensgen, Finkel &amp; Manber), {@code ceil(log2 p)} rounds.
 *   <li>{@link #bcast}: binomial tree rooted at {@code root}.
 *   <li>{@link #reduce}: binomial tree rooted at rank 0 that combines in rank order, then one message to
 *       {@code root} if it is not 0; the result is the same, bit for bit, for every root.
 *   <li>{@link #allreduce}: recursive doubling; for a size that is not a power of two the first
 *       {@code 2r} ranks fold pairwise into {@code r} first and get the result back last.
 *   <li>{@link #gather}, {@link #gatherv}, {@link #scatter}, {@link #scatterv}: linear, with every
 *       transfer of the root posted at once (nonblocking) so they proceed in parallel.
 *   <li>{@link #allgather}: recursive doubling for power-of-two sizes, ring otherwise.
 *   <li>{@link #alltoall}: pairwise schedule ({@code r} receives from {@code r-s} and sends to
 *       {@code r+s}, step {@code s}); all receives, then all sends posted nonblocking, so no size deadlocks
 *       even when standard sends are synchronous.
 * </ul>
 * No algorithm relies on a standard send being buffered: every exchange between two ranks posts one side
 * nonblocking, and every tree sends only towards a rank that is already waiting or will wait for it.
 *
 * <p>Reductions combine in rank order ({@code lower op higher}), as MPI requires for non-commutative
 * operations. For {@link #allreduce} every rank ends with the same bits: in each round two partners
 * hold the two partial results and both compute {@code lower op higher} from the same operands in the same
 * order, so by induction every rank of a block of {@code 2^k} new ranks holds identical bits after round
 * {@code k}; folded ranks receive a copy.
 *
 * <p>Error checking: every argument that is significant on the calling rank is checked before any message
 * is sent or received, so a bad call throws {@link MpiException} (ERR_TYPE, ERR_OP, ERR_COUNT, ERR_ROOT,
 * ERR_BUFFER, ERR_ARG) on the rank that made it and leaves the channel as it was. Mismatched counts between
 * ranks (erroneous in MPI) surface as the channel's ERR_TRUNCATE (a longer message than this rank's count)
 * or ERR_COUNT (a shorter one) on the rank where such a message arrives; the collective still makes every
 * step with its own count, forwarding and combining what it holds, so that no rank waits for a message that
 * is never sent, and raises that error at its end ({@link CountMismatch}). (A rank whose count is 0 where the
 * others' are not sends and receives nothing, as the zero-count rule below says: its partners wait.) Tags: see
 * {@link CollectiveTags}.
 *
 * <p>When every rank's count is zero (for the uniform-count collectives one rank's zero count implies
 * this, as the type signatures must match) the collective sends nothing; v-collectives skip the blocks of
 * zero length on both sides.
 *
 * <p>Memory consistency effects: as for the channel's messages. Everything a rank did before sending
 * its contribution happens-before the actions of a rank after it received a message that depends on that
 * contribution (a collective is not a barrier unless it is {@link #barrier}).
 */
public final class Collectives {
    private Collectives() {}

    /**
     * {@code MPI_IN_PLACE}: the send buffer argument of {@link #allreduce}, {@link #allgather}, and at the root
     * of {@link #reduce}, {@link #gather} and {@link #gatherv}; the receive buffer argument at the root of
     * {@link #scatter} and {@link #scatterv}. Anywhere else it is ERR_BUFFER.
     */
    public static final Object IN_PLACE = new Object() {
        @Override
        public String toString() { return "IN_PLACE"; }
    };

    private static final byte[] NOTHING = new byte[0];

    /** Blocks until every rank has entered the barrier. Dissemination: round {@code k} signals {@code r + 2^k}. */
    public static void barrier(CollectiveChannel ch) throws MpiException {
        int n = ch.size(), r = ch.rank();
        for (int dist = 1; dist < n; dist <<= 1) {
            int tag = tag(BARRIER, round(dist));
            Pending signal = ch.isend(NOTHING, 0, 0, Datatype.BYTE, mod(r + (long) dist, n), tag);
            ch.recv(NOTHING, 0, 0, Datatype.BYTE, mod(r - (long) dist, n), tag);
            signal.await();
        }
    }

    /** Copies {@code buf[offset .. offset+count)} of {@code root} to the same region of every rank. Binomial tree. */
    public static void bcast(CollectiveChannel ch, Object buf, int offset, int count, Datatype type, int root)
            throws MpiException {
        int n = ch.size(), r = ch.rank();
        CollectiveArgs.type(type, "bcast");
        CollectiveArgs.count(count, "bcast");
        CollectiveArgs.root(root, n);
        CollectiveArgs.region("bcast buffer", buf, offset, count, type, r != root);
        if (n == 1 || count == 0) return;

        int vr = mod(r - (long) root, n); // rank relative to the root, which is 0
        CountMismatch mismatch = new CountMismatch();   // forwards what it holds even then: its subtree waits for it
        int mask = 1;
        for (; mask < n; mask <<= 1) {
            if ((vr & mask) != 0) {
                mismatch.recv(ch, buf, offset, count, type, mod(r - (long) mask, n), tag(BCAST, round(mask)));
                break;
            }
        }
        // Children are vr + m for the powers of two m below the bit we received on: largest subtree first.
        List<Pending> sends = new ArrayList<>();
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (vr + mask < n) {
                sends.add(ch.isend(buf, offset, count, type, mod(r + (long) mask, n), tag(BCAST, round(mask))));
            }
        }
        awaitAll(sends);
        mismatch.raise();
    }

    /**
     * Combines {@code send[soff .. soff+count)} of every rank with {@code op} in rank order into
     * {@code recv[roff..]} of {@code root}. {@code send} may be {@link #IN_PLACE} at the root: its
     * contribution is then read from {@code recv}. {@code recv} is significant only at the root.
     */
    public static void reduce(CollectiveChannel ch, Object send, int soff, Object recv, int roff, int count,
                              Datatype type, MpiOp op, int root) throws MpiException {
        int n = ch.size(), r = ch.rank();
        Reductions.check(op, type);
        CollectiveArgs.count(count, "reduce");
        CollectiveArgs.root(root, n);
        boolean inPlace = send == IN_PLACE;
        if (inPlace && r != root) {
            throw new MpiException(ErrorClass.ERR_BUFFER, "reduce: IN_PLACE is allowed only at the root");
        }
        if (!inPlace) CollectiveArgs.region("reduce send buffer", send, soff, count, type, false);
        if (r == root) CollectiveArgs.region("reduce receive buffer", recv, roff, count, type, true);
        if (count == 0) return;
        Object mine = inPlace ? recv : send;
        int mineOff = inPlace ? roff : soff;
        if (n == 1) {
            if (!inPlace) Buffers.copy(type, send, soff, recv, roff, count);
            return;
        }

        // Binomial tree towards rank 0: after the round at distance mask, acc holds ranks [r, r + 2*mask).
        CountMismatch mismatch = new CountMismatch();   // combines and sends on even then: the ranks above wait for it
        Object acc = mine;
        int accOff = mineOff;
        Object spare = null;
        for (int mask = 1; mask < n; mask <<= 1) {
            int tag = tag(REDUCE, round(mask));
            if ((r & mask) != 0) {
                ch.send(acc, accOff, count, type, r - mask, tag);
                break;
            }
            int child = r + mask;
            if (child < n) {
                Object theirs = spare != null ? spare : Reductions.allocateLike(type, count);
                mismatch.recv(ch, theirs, 0, count, type, child, tag);
                Reductions.apply(op, type, acc, accOff, theirs, 0, count); // theirs = acc (lower) op theirs
                spare = acc == mine ? null : acc;  // never write into the caller's send buffer
                acc = theirs;
                accOff = 0;
            }
        }
        if (r == 0) {
            if (root == 0) {
                Buffers.copy(type, acc, accOff, recv, roff, count);
            } else {
                ch.send(acc, accOff, count, type, root, tag(REDUCE, REDUCE_TO_ROOT));
            }
        } else if (r == root) {
            // The root's own contribution (possibly in recv, if IN_PLACE) was sent up the tree above.
            mismatch.recv(ch, recv, roff, count, type, 0, tag(REDUCE, REDUCE_TO_ROOT));
        }
        mismatch.raise();
    }

    /**
     * Combines {@code send[soff .. soff+count)} of every rank with {@code op} in rank order into
     * {@code recv[roff..]} of every rank; every rank gets the same bits. {@code send} may be
     * {@link #IN_PLACE}: the contribution is then read from {@code recv}.
     */
    public static void allreduce(CollectiveChannel ch, Object send, int soff, Object recv, int roff, int count,
                                 Datatype type, MpiOp op) throws MpiException {
        int n = ch.size(), r = ch.rank();
        Reductions.check(op, type);
        CollectiveArgs.count(count, "allreduce");
        boolean inPlace = send == IN_PLACE;
        if (!inPlace) CollectiveArgs.region("allreduce send buffer", send, soff, count, type, false);
        CollectiveArgs.region("allreduce receive buffer", recv, roff, count, type, true);
        if (count == 0) return;
        Object mine = inPlace ? recv : send;
        int mineOff = inPlace ? roff : soff;
        if (n == 1) {
            if (!inPlace) Buffers.copy(type, send, soff, recv, roff, count);
            return;
        }

        // Fold: with p the largest power of two <= n and rem = n - p, ranks 2i and 2i+1 (i < rem) become new
        // rank i, held by the odd one; rank j >= 2*rem becomes new rank j - rem. New ranks keep rank order.
        int p = Integer.highestOneBit(n), rem = n - p;
        CountMismatch mismatch = new CountMismatch();   // every round is made even then: its partners wait for it
        if (r < 2 * rem && r % 2 == 0) {
            ch.send(mine, mineOff, count, type, r + 1, tag(ALLREDUCE, FOLD_IN));
            mismatch.recv(ch, recv, roff, count, type, r + 1, tag(ALLREDUCE, FOLD_OUT));
            mismatch.raise();
            return;
        }
        Object acc = Reductions.allocateLike(type, count);
        Object theirs = Reductions.allocateLike(type, count);
        Buffers.copy(type, mine, mineOff, acc, 0, count);
        int newRank;
        if (r < 2 * rem) {
            mismatch.recv(ch, theirs, 0, count, type, r - 1, tag(ALLREDUCE, FOLD_IN));
            Reductions.apply(op, type, theirs, 0, acc, 0, count); // acc = theirs (lower) op acc
            newRank = r / 2;
        } else {
            newRank = r - rem;
        }

        for (int mask = 1; mask < p; mask <<= 1) {
            int newPartner = newRank ^ mask;
            int partner = newPartner < rem ? 2 * newPartner + 1 : newPartner + rem;
            int tag = tag(ALLREDUCE, round(mask));
            Pending sent = ch.isend(acc, 0, count, type, partner, tag);
            mismatch.recv(ch, theirs, 0, count, type, partner, tag);
            sent.await(); // acc may be overwritten only after the send completed
            if (newPartner < newRank) {
                Reductions.apply(op, type, theirs, 0, acc, 0, count);  // acc = theirs (lower) op acc
            } else {
                Reductions.apply(op, type, acc, 0, theirs, 0, count);  // theirs = acc (lower) op theirs
                Object t = acc;
                acc = theirs;
                theirs = t;
            }
        }

        if (r < 2 * rem) ch.send(acc, 0, count, type, r - 1, tag(ALLREDUCE, FOLD_OUT));
        Buffers.copy(type, acc, 0, recv, roff, count);
        mismatch.raise();
    }

    /**
     * Concatenates {@code scount} elements from every rank, in rank order, into {@code recv[roff..]} of
     * {@code root}; rank {@code i}'s block starts at {@code roff + i*rcount}. The receive arguments are
     * significant only at the root. At the root {@code send} may be {@link #IN_PLACE}: its block is then
     * already in place in {@code recv} and the send count and type are ignored. Linear.
     */
    public static void gather(CollectiveChannel ch, Object send, int soff, int scount, Datatype stype,
                              Object recv, int roff, int rcount, Datatype rtype, int root) throws MpiException {
        int n = ch.size(), r = ch.rank();
        boolean inPlace = checkGather(ArgNames.GATHER, n, r, send, soff, scount, stype, recv, roff, rcount, rtype, root);
        int tag = tag(GATHER, LINEAR);
        if (r != root) {
            if (scount > 0) ch.send(send, soff, scount, stype, root, tag);
            return;
        }
        if (rcount == 0) return;
        List<Pending> recvs = new ArrayList<>(n - 1);
        for (int i = 0; i < n; i++) {
            if (i != root) recvs.add(ch.irecv(recv, roff + i * rcount, rcount, rtype, i, tag));
        }
        if (!inPlace) Buffers.copy(stype, send, soff, recv, roff + root * rcount, scount);
        awaitAll(recvs);
    }

    /** Checks {@link #gather}'s arguments on rank {@code r} of {@code n} (errors named by {@code name}); returns whether it is in place. */
    static boolean checkGather(ArgNames name, int n, int r, Object send, int soff, int scount, Datatype stype,
                               Object recv, int roff, int rcount, Datatype rtype, int root) throws MpiException {
        CollectiveArgs.root(root, n);
        boolean inPlace = r == root && send == IN_PLACE;
        if (!inPlace) {
            CollectiveArgs.type(stype, name.send());
            CollectiveArgs.count(scount, name.send());
            CollectiveArgs.region(name.sendBuffer(), send, soff, scount, stype, false);
        }
        if (r == root) {
            CollectiveArgs.type(rtype, name.receive());
            CollectiveArgs.count(rcount, name.receive());
            if (!inPlace) CollectiveArgs.sameSignature(stype, scount, rtype, rcount);
            CollectiveArgs.region(name.receiveBuffer(), recv, roff, (long) n * rcount, rtype, true);
        }
        return inPlace;
    }

    /**
     * Like {@link #gather}, with {@code rcounts[i]} elements from rank {@code i} placed at
     * {@code recv[roff + displs[i]]}. The receive arguments are significant only at the root, where
     * {@code send} may be {@link #IN_PLACE} as for {@link #gather}. Linear.
     */
    public static void gatherv(CollectiveChannel ch, Object send, int soff, int scount, Datatype stype,
                               Object recv, int roff, int[] rcounts, int[] displs, Datatype rtype, int root)
            throws MpiException {
        int n = ch.size(), r = ch.rank();
        boolean inPlace = checkGatherv(ArgNames.GATHERV, n, r, send, soff, scount, stype, recv, roff, rcounts, displs, rtype,
                root);
        int tag = tag(GATHER, LINEAR);
        if (r != root) {
            if (scount > 0) ch.send(send, soff, scount, stype, root, tag);
            return;
        }
        List<Pending> recvs = new ArrayList<>(n - 1);
        for (int i = 0; i < n; i++) {
            if (i != root && rcounts[i] > 0) recvs.add(ch.irecv(recv, roff + displs[i], rcounts[i], rtype, i, tag));
        }
        if (!inPlace) Buffers.copy(stype, send, soff, recv, roff + displs[root], scount);
        awaitAll(recvs);
    }

    /** Checks {@link #gatherv}'s arguments, as {@link #checkGather}. */
    static boolean checkGatherv(ArgNames name, int n, int r, Object send, int soff, int scount, Datatype stype,
                                Object recv, int roff, int[] rcounts, int[] displs, Datatype rtype, int root)
            throws MpiException {
        CollectiveArgs.root(root, n);
        boolean inPlace = r == root && send == IN_PLACE;
        if (!inPlace) {
            CollectiveArgs.type(stype, name.send());
            CollectiveArgs.count(scount, name.send());
            CollectiveArgs.region(name.sendBuffer(), send, soff, scount, stype, false);
        }
        if (r == root) {
            CollectiveArgs.type(rtype, name.receive());
            CollectiveArgs.vector(rcounts, displs, n, recv, roff, rtype, true, name.receive());
            if (!inPlace) CollectiveArgs.sameSignature(stype, scount, rtype, rcounts[root]);
        }
        return inPlace;
    }

    /**
     * Sends block {@code i} ({@code scount} elements at {@code send[soff + i*scount]}) of {@code root} to
     * rank {@code i}'s {@code recv[roff..]}. The send arguments are significant only at the root. At the
     * root {@code recv} may be {@link #IN_PLACE}: the root's own block then stays where it is in
     * {@code send} and the receive count and type are ignored. Linear.
     */
    public static void scatter(CollectiveChannel ch, Object send, int soff, int scount, Datatype stype,
                               Object recv, int roff, int rcount, Datatype rtype, int root) throws MpiException {
        int n = ch.size(), r = ch.rank();
        boolean inPlace = checkScatter(ArgNames.SCATTER, n, r, send, soff, scount, stype, recv, roff, rcount, rtype, root);
        int tag = tag(SCATTER, LINEAR);
        if (r != root) {
            if (rcount > 0) ch.recv(recv, roff, rcount, rtype, root, tag);
            return;
        }
        if (scount == 0) return;
        List<Pending> sends = new ArrayList<>(n - 1);
        for (int i = 0; i < n; i++) {
            if (i != root) sends.add(ch.isend(send, soff + i * scount, scount, stype, i, tag));
        }
        if (!inPlace) Buffers.copy(stype, send, soff + root * scount, recv, roff, rcount);
        awaitAll(sends);
    }

    /** Checks {@link #scatter}'s arguments, as {@link #checkGather}; returns whether it is in place. */
    static boolean checkScatter(ArgNames name, int n, int r, Object send, int soff, int scount, Datatype stype,
                                Object recv, int roff, int rcount, Datatype rtype, int root) throws MpiException {
        CollectiveArgs.root(root, n);
        boolean inPlace = r == root && recv == IN_PLACE;
        if (!inPlace) {
            CollectiveArgs.type(rtype, name.receive());
            CollectiveArgs.count(rcount, name.receive());
            CollectiveArgs.region(name.receiveBuffer(), recv, roff, rcount, rtype, true);
        }
        if (r == root) {
            CollectiveArgs.type(stype, name.send());
            CollectiveArgs.count(scount, name.send());
            if (!inPlace) CollectiveArgs.sameSignature(stype, scount, rtype, rcount);
            CollectiveArgs.region(name.sendBuffer(), send, soff, (long) n * scount, stype, false);
        }
        return inPlace;
    }

    /**
     * Like {@link #scatter}, with {@code scounts[i]} elements at {@code send[soff + displs[i]]} going to
     * rank {@code i}. The send arguments are significant only at the root, where {@code recv} may be
     * {@link #IN_PLACE} as for {@link #scatter}. Linear.
     */
    public static void scatterv(CollectiveChannel ch, Object send, int soff, int[] scounts, int[] displs,
                                Datatype stype, Object recv, int roff, int rcount, Datatype rtype, int root)
            throws MpiException {
        int n = ch.size(), r = ch.rank();
        boolean inPlace = checkScatterv(ArgNames.SCATTERV, n, r, send, soff, scounts, displs, stype, recv, roff, rcount, rtype,
                root);
        int tag = tag(SCATTER, LINEAR);
        if (r != root) {
            if (rcount > 0) ch.recv(recv, roff, rcount, rtype, root, tag);
            return;
        }
        List<Pending> sends = new ArrayList<>(n - 1);
        for (int i = 0; i < n; i++) {
            if (i != root && scounts[i] > 0) sends.add(ch.isend(send, soff + displs[i], scounts[i], stype, i, tag));
        }
        if (!inPlace) Buffers.copy(stype, send, soff + displs[root], recv, roff, rcount);
        awaitAll(sends);
    }

    /** Checks {@link #scatterv}'s arguments, as {@link #checkGather}. */
    static boolean checkScatterv(ArgNames name, int n, int r, Object send, int soff, int[] scounts, int[] displs,
                                 Datatype stype, Object recv, int roff, int rcount, Datatype rtype, int root)
            throws MpiException {
        CollectiveArgs.root(root, n);
        boolean inPlace = r == root && recv == IN_PLACE;
        if (!inPlace) {
            CollectiveArgs.type(rtype, name.receive());
            CollectiveArgs.count(rcount, name.receive());
            CollectiveArgs.region(name.receiveBuffer(), recv, roff, rcount, rtype, true);
        }
        if (r == root) {
            CollectiveArgs.type(stype, name.send());
            CollectiveArgs.vector(scounts, displs, n, send, soff, stype, false, name.send());
            if (!inPlace) CollectiveArgs.sameSignature(stype, scounts[root], rtype, rcount);
        }
        return inPlace;
    }

    /**
     * Concatenates {@code scount} elements from every rank, in rank order, into {@code recv[roff..]} of
     * every rank. {@code send} may be {@link #IN_PLACE}: each rank's block is then already in place in
     * {@code recv} and the send count and type are ignored. Recursive doubling for power-of-two sizes
     * ({@code log2 p} rounds), ring otherwise.
     */
    public static void allgather(CollectiveChannel ch, Object send, int soff, int scount, Datatype stype,
                                 Object recv, int roff, int rcount, Datatype rtype) throws MpiException {
        int n = ch.size(), r = ch.rank();
        boolean inPlace = checkAllgather(ArgNames.ALLGATHER, n, send, soff, scount, stype, recv, roff, rcount, rtype);
        if (rcount == 0) return;
        if (!inPlace) Buffers.copy(stype, send, soff, recv, roff + r * rcount, rcount);
        CountMismatch mismatch = new CountMismatch();   // every round is made even then: its partners wait for it

        if (Integer.bitCount(n) == 1) {
            // Before the round at distance mask, r holds the mask blocks of its aligned group; the partner
            // holds the neighbouring group. After it, r holds 2*mask blocks.
            for (int mask = 1; mask < n; mask <<= 1) {
                int partner = r ^ mask;
                int mine = r & -mask, theirs = partner & -mask;
                int tag = tag(ALLGATHER, round(mask));
                Pending sent = ch.isend(recv, roff + mine * rcount, mask * rcount, rtype, partner, tag);
                mismatch.recv(ch, recv, roff + theirs * rcount, mask * rcount, rtype, partner, tag);
                sent.await();
            }
        } else {
            // Step s: pass block r - s to the right, take block r - s - 1 from the left. One tag for all steps:
            // the left neighbour sends its blocks in step order and we receive them in step order.
            int right = mod(r + 1L, n), left = mod(r - 1L, n), tag = tag(ALLGATHER, RING);
            for (int s = 0; s < n - 1; s++) {
                int out = mod((long) r - s, n), in = mod((long) r - s - 1, n);
                Pending sent = ch.isend(recv, roff + out * rcount, rcount, rtype, right, tag);
                mismatch.recv(ch, recv, roff + in * rcount, rcount, rtype, left, tag);
                sent.await();
            }
        }
        mismatch.raise();
    }

    /** Checks {@link #allgather}'s arguments on a communicator of {@code n}; returns whether it is in place. */
    static boolean checkAllgather(ArgNames name, int n, Object send, int soff, int scount, Datatype stype,
                                  Object recv, int roff, int rcount, Datatype rtype) throws MpiException {
        boolean inPlace = send == IN_PLACE;
        CollectiveArgs.type(rtype, name.receive());
        CollectiveArgs.count(rcount, name.receive());
        if (!inPlace) {
            CollectiveArgs.type(stype, name.send());
            CollectiveArgs.count(scount, name.send());
            CollectiveArgs.sameSignature(stype, scount, rtype, rcount);
            CollectiveArgs.region(name.sendBuffer(), send, soff, scount, stype, false);
        }
        CollectiveArgs.region(name.receiveBuffer(), recv, roff, (long) n * rcount, rtype, true);
        return inPlace;
    }

    /**
     * Sends block {@code j} of rank {@code i}'s {@code send} (at {@code soff + j*scount}) to block {@code i}
     * of rank {@code j}'s {@code recv} (at {@code roff + i*rcount}). Pairwise schedule, all transfers
     * nonblocking.
     */
    public static void alltoall(CollectiveChannel ch, Object send, int soff, int scount, Datatype stype,
                                Object recv, int roff, int rcount, Datatype rtype) throws MpiException {
        int n = ch.size(), r = ch.rank();
        checkAlltoall(ArgNames.ALLTOALL, n, send, soff, scount, stype, recv, roff, rcount, rtype);
        if (rcount == 0) return;
        int tag = tag(ALLTOALL, LINEAR);
        List<Pending> transfers = new ArrayList<>(2 * (n - 1));
        // Receives first, so that a transport that delivers into posted receives needs no buffering.
        for (int s = 1; s < n; s++) {
            int from = mod((long) r - s, n);
            transfers.add(ch.irecv(recv, roff + from * rcount, rcount, rtype, from, tag));
        }
        for (int s = 1; s < n; s++) {
            int to = mod((long) r + s, n);
            transfers.add(ch.isend(send, soff + to * scount, scount, stype, to, tag));
        }
        Buffers.copy(stype, send, soff + r * scount, recv, roff + r * rcount, rcount);
        awaitAll(transfers);
    }

    /** Checks {@link #alltoall}'s arguments on a communicator of {@code n}. */
    static void checkAlltoall(ArgNames name, int n, Object send, int soff, int scount, Datatype stype,
                              Object recv, int roff, int rcount, Datatype rtype) throws MpiException {
        CollectiveArgs.type(stype, name.send());
        CollectiveArgs.type(rtype, name.receive());
        CollectiveArgs.count(scount, name.send());
        CollectiveArgs.count(rcount, name.receive());
        CollectiveArgs.sameSignature(stype, scount, rtype, rcount);
        CollectiveArgs.region(name.sendBuffer(), send, soff, (long) n * scount, stype, false);
        CollectiveArgs.region(name.receiveBuffer(), recv, roff, (long) n * rcount, rtype, true);
    }

    /** Waits for all; if some fail, still waits for the others (their buffers stay in use) and throws the first error. */
    private static void awaitAll(List<Pending> pending) throws MpiException {
        MpiException first = null;
        for (Pending p : pending) {
            try {
                p.await();
            } catch (MpiException e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw first;
    }

    private static int mod(long x, int n) {
        return (int) Math.floorMod(x, (long) n);
    }
}
