package org.mpiverify.core.coll;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * Test harness: a communicator of {@code size} ranks inside one JVM, each rank a platform thread, with a
 * real blocking point-to-point transport behind {@link CollectiveChannel}.
 *
 * <p>Each destination rank has a mailbox: a list of unexpected messages and a list of posted receives,
 * both guarded by the mailbox lock. A send first looks for the earliest-posted matching receive, else
 * appends to the unexpected list; a receive looks for the earliest matching unexpected message, else
 * appends to the posted list. Matching is by exact (source, tag) and the datatype must agree. This gives
 * MPI's non-overtaking order per (sender, receiver). {@link Ordering#LIFO_BROKEN} instead takes the
 * latest matching unexpected message: the known-bad twin of the transport.
 *
 * <p>The send data is copied at the call (pack to native-order bytes with {@code java.nio} views, code
 * independent of the {@code Buffers} under test), so any two supported buffers of one datatype exchange
 * elements. {@link SendMode#EAGER} completes sends at once; {@link SendMode#SYNCHRONOUS} completes them
 * only when matched (a legal standard send), which exposes algorithms that rely on buffering.
 * A longer message than the receive raises ERR_TRUNCATE at the receiver and is consumed; a shorter one is
 * delivered and raises ERR_COUNT (a collective's receive always expects the message's length).
 *
 * <p>Every wait is bounded by {@code waitLimit}: a wait that outlives it throws {@link Stuck}, and
 * when any rank fails, every other wait is abandoned promptly, so a broken algorithm fails a test with a
 * thread dump instead of hanging it.
 *
 * <p>Memory consistency effects: the receiver's buffer is written either by the receiving thread or by
 * the matching sender, before the receive's latch is counted down; a completed {@code await} therefore
 * happens-after the write of the data, and after everything the sender did before posting the send.
 */
final class InMemoryChannels {
    enum SendMode { EAGER, SYNCHRONOUS }

    enum Ordering { FIFO, LIFO_BROKEN }

    /** A bounded wait ran out, or another rank failed: not an MPI error, so collectives do not catch it. */
    static final class Stuck extends AssertionError {
        Stuck(String message) { super(message); }
    }

    @FunctionalInterface
    interface RankBody<T> {
        T run(CollectiveChannel ch) throws Exception;
    }

    private final int size;
    private final SendMode mode;
    private final Ordering ordering;
    private final long waitLimitNanos;
    private final Mailbox[] mailboxes;
    private final AtomicLongArray messagesSent;
    private volatile String abortReason;

    InMemoryChannels(int size) { this(size, SendMode.EAGER, Ordering.FIFO, Duration.ofSeconds(20)); }

    InMemoryChannels(int size, SendMode mode) { this(size, mode, Ordering.FIFO, Duration.ofSeconds(20)); }

    InMemoryChannels(int size, SendMode mode, Ordering ordering, Duration waitLimit) {
        this.size = size;
        this.mode = mode;
        this.ordering = ordering;
        this.waitLimitNanos = waitLimit.toNanos();
        this.mailboxes = new Mailbox[size];
        for (int i = 0; i < size; i++) mailboxes[i] = new Mailbox();
        this.messagesSent = new AtomicLongArray(size);
    }

    int size() { return size; }

    CollectiveChannel channel(int rank) { return new Channel(rank); }

    /** Messages sent so far by {@code rank}, counted when a send or isend is posted. */
    long messagesSent(int rank) { return messagesSent.get(rank); }

    /** Unmatched messages plus unmatched posted receives over all ranks: zero between correct collectives. */
    int undelivered() {
        int n = 0;
        for (Mailbox m : mailboxes) {
            m.lock.lock();
            try {
                n += m.unexpected.size() + m.posted.size();
            } finally {
                m.lock.unlock();
            }
        }
        return n;
    }

    /**
     * Runs {@code body} on every rank, each in its own thread, and returns the results in rank order. If a
     * rank throws or a wait gets stuck, throws an AssertionError carrying the first failure and a thread
     * dump of the ranks.
     */
    <T> List<T> run(RankBody<T> body) {
        List<T> results = new ArrayList<>(Arrays.asList(newArray(size)));
        AtomicReference<Throwable> firstFailure = new AtomicReference<>();
        Thread[] threads = new Thread[size];
        for (int r = 0; r < size; r++) {
            int rank = r;
            threads[r] = Thread.ofPlatform().name("rank-" + r).unstarted(() -> {
                try {
                    results.set(rank, body.run(channel(rank)));
                } catch (Throwable t) {
                    if (firstFailure.compareAndSet(null, t)) abortReason = "rank " + rank + " failed: " + t;
                }
            });
        }
        for (Thread t : threads) t.start();
        long deadline = System.nanoTime() + waitLimitNanos + TimeUnit.SECONDS.toNanos(5);
        for (Thread t : threads) {
            try {
                long left = deadline - System.nanoTime();
                if (left > 0) t.join(Duration.ofNanos(left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        String dump = threadDump(threads);
        boolean allDone = Arrays.stream(threads).noneMatch(Thread::isAlive);
        if (!allDone) {
            abortReason = "run deadline passed";
            AssertionError e = new AssertionError("ranks did not finish in time\n" + dump);
            if (firstFailure.get() != null) e.addSuppressed(firstFailure.get());
            System.err.println(e.getMessage());
            throw e;
        }
        if (firstFailure.get() != null) {
            System.err.println("rank failure: " + firstFailure.get() + "\n" + dump);
            throw new AssertionError("rank failed: " + firstFailure.get() + "\n" + dump, firstFailure.get());
        }
        return results;
    }

    @SuppressWarnings("unchecked")
    private static <T> T[] newArray(int n) { return (T[]) new Object[n]; }

    private static String threadDump(Thread[] threads) {
        StringBuilder sb = new StringBuilder("--- thread dump of the ranks ---\n");
        Map<Thread, StackTraceElement[]> all = Thread.getAllStackTraces();
        for (Thread t : threads) {
            sb.append('"').append(t.getName()).append("\" ").append(t.getState()).append('\n');
            for (StackTraceElement e : all.getOrDefault(t, new StackTraceElement[0])) {
                sb.append("    at ").append(e).append('\n');
            }
        }
        return sb.toString();
    }

    /** A message in flight: packed data plus the sender's completion. */
    private record Message(int source, int tag, Datatype type, int count, byte[] data, Completion sent) {}

    /** A posted receive. */
    private record Receive(int source, int tag, Datatype type, Object buf, int offset, int count, Completion done) {}

    private static final class Mailbox {
        final ReentrantLock lock = new ReentrantLock();
        final List<Message> unexpected = new ArrayList<>();
        final List<Receive> posted = new ArrayList<>();
    }

    /** One-shot completion with a bounded, abort-aware wait. */
    private final class Completion implements CollectiveChannel.Pending {
        private final CountDownLatch latch = new CountDownLatch(1);
        private final String what;
        private volatile int count;
        private volatile MpiException error;

        Completion(String what) { this.what = what; }

        void complete(int n) { count = n; latch.countDown(); }

        void fail(MpiException e) { error = e; latch.countDown(); }

        @Override
        public int await() throws MpiException {
            long deadline = System.nanoTime() + waitLimitNanos;
            try {
                // Sliced so that a failure elsewhere (abortReason) releases this wait promptly.
                while (!latch.await(20, TimeUnit.MILLISECONDS)) {
                    String abort = abortReason;
                    if (abort != null) throw new Stuck(what + " abandoned: " + abort);
                    if (System.nanoTime() - deadline > 0) throw new Stuck(what + " still waiting after the wait limit");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Stuck(what + " interrupted");
            }
            if (error != null) throw error;
            return count;
        }
    }

    private final class Channel implements CollectiveChannel {
        private final int rank;

        Channel(int rank) { this.rank = rank; }

        @Override public int rank() { return rank; }

        @Override public int size() { return size; }

        @Override
        public void send(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MpiException {
            isend(buf, offset, count, type, dest, tag).await();
        }

        @Override
        public int recv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MpiException {
            return irecv(buf, offset, count, type, source, tag).await();
        }

        @Override
        public Pending isend(Object buf, int offset, int count, Datatype type, int dest, int tag) throws MpiException {
            checkPeer(dest);
            byte[] data = pack(buf, offset, count, type);
            Completion sent = new Completion("rank " + rank + " send to " + dest + " tag " + tag);
            Message m = new Message(rank, tag, type, count, data, sent);
            messagesSent.incrementAndGet(rank);
            Mailbox box = mailboxes[dest];
            Receive match = null;
            box.lock.lock();
            try {
                for (int i = 0; i < box.posted.size(); i++) {
                    Receive r = box.posted.get(i);
                    if (r.source == rank && r.tag == tag) {
                        match = box.posted.remove(i);
                        break;
                    }
                }
                if (match == null) box.unexpected.add(m);
            } finally {
                box.lock.unlock();
            }
            if (match != null) deliver(m, match);
            if (mode == SendMode.EAGER) sent.complete(count);
            return sent;
        }

        @Override
        public Pending irecv(Object buf, int offset, int count, Datatype type, int source, int tag) throws MpiException {
            checkPeer(source);
            if (count < 0) throw new MpiException(ErrorClass.ERR_COUNT, "negative count");
            if (count > 0 && (buf == null || !type.accepts(buf))) {
                throw new MpiException(ErrorClass.ERR_BUFFER, "receive buffer does not hold " + type);
            }
            Completion done = new Completion("rank " + rank + " receive from " + source + " tag " + tag);
            Receive r = new Receive(source, tag, type, buf, offset, count, done);
            Mailbox box = mailboxes[rank];
            Message match = null;
            box.lock.lock();
            try {
                int found = -1;
                for (int i = 0; i < box.unexpected.size(); i++) {
                    Message m = box.unexpected.get(i);
                    if (m.source == source && m.tag == tag) {
                        found = i;
                        if (ordering == Ordering.FIFO) break; // LIFO_BROKEN keeps looking for the latest
                    }
                }
                if (found >= 0) match = box.unexpected.remove(found);
                else box.posted.add(r);
            } finally {
                box.lock.unlock();
            }
            if (match != null) deliver(match, r);
            return done;
        }

        private void checkPeer(int peer) {
            if (peer < 0 || peer >= size) throw new MpiException(ErrorClass.ERR_RANK, "no rank " + peer);
        }
    }

    private void deliver(Message m, Receive r) {
        m.sent.complete(m.count); // the send completes when matched, even if the receive fails
        if (m.type != r.type) {
            r.done.fail(new MpiException(ErrorClass.ERR_TYPE, "message of " + m.type + " received as " + r.type));
        } else if (m.count > r.count) {
            r.done.fail(new MpiException(ErrorClass.ERR_TRUNCATE,
                    "message of " + m.count + " elements, receive of " + r.count));
        } else {
            try {
                unpack(m.data, m.count, m.type, r.buf, r.offset);
                if (m.count < r.count) {
                    r.done.fail(new MpiException(ErrorClass.ERR_COUNT,
                            "message of " + m.count + " elements, receive of " + r.count + ": the counts differ"));
                } else {
                    r.done.complete(m.count);
                }
            } catch (RuntimeException e) {
                r.done.fail(new MpiException(ErrorClass.ERR_BUFFER, "cannot store the message: " + e, e));
            }
        }
    }

    /** Copies {@code count} elements of {@code buf[offset..]} into native-order bytes. */
    static byte[] pack(Object buf, int offset, int count, Datatype type) {
        if (count < 0) throw new MpiException(ErrorClass.ERR_COUNT, "negative count");
        if (count == 0) return new byte[0];
        if (buf == null || !type.accepts(buf)) throw new MpiException(ErrorClass.ERR_BUFFER, "send buffer does not hold " + type);
        byte[] bytes = new byte[count * type.size()];
        ByteBuffer out = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
        try {
            switch (buf) {
                case ByteBuffer bb -> bb.get(offset * type.size(), bytes, 0, bytes.length);
                case byte[] a -> out.put(a, offset, count);
                case short[] a -> out.asShortBuffer().put(a, offset, count);
                case char[] a -> out.asCharBuffer().put(a, offset, count);
                case int[] a -> out.asIntBuffer().put(a, offset, count);
                case long[] a -> out.asLongBuffer().put(a, offset, count);
                case float[] a -> out.asFloatBuffer().put(a, offset, count);
                case double[] a -> out.asDoubleBuffer().put(a, offset, count);
                default -> throw new MpiException(ErrorClass.ERR_BUFFER, "not a buffer: " + buf.getClass());
            }
        } catch (IndexOutOfBoundsException e) {
            throw new MpiException(ErrorClass.ERR_BUFFER, "send region out of range: " + e.getMessage(), e);
        }
        return bytes;
    }

    /** Stores {@code count} elements from native-order bytes into {@code buf[offset..]}. */
    static void unpack(byte[] bytes, int count, Datatype type, Object buf, int offset) {
        if (count == 0) return;
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
        switch (buf) {
            case ByteBuffer bb -> bb.put(offset * type.size(), bytes, 0, count * type.size());
            case byte[] a -> in.get(a, offset, count);
            case short[] a -> in.asShortBuffer().get(a, offset, count);
            case char[] a -> in.asCharBuffer().get(a, offset, count);
            case int[] a -> in.asIntBuffer().get(a, offset, count);
            case long[] a -> in.asLongBuffer().get(a, offset, count);
            case float[] a -> in.asFloatBuffer().get(a, offset, count);
            case double[] a -> in.asDoubleBuffer().get(a, offset, count);
            default -> throw new IllegalArgumentException("not a buffer: " + buf.getClass());
        }
    }
}
