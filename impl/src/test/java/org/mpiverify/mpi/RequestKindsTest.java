package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * The request kinds MPICH's threaded tests use, at THREAD_MULTIPLE on every granularity and matching engine:
 * {@code isendrecv} and {@code sendrecvReplace} (MPI-4.0 §3.10), {@code waitSome}/{@code testSome} (MPI-3.1
 * §3.7.5), persistent requests (§3.9) and generalized requests (§12.2), each alone, from several threads, and
 * mixed in the array calls.
 */
@ExtendWith(ThreadDumpOnFailure.class)
class RequestKindsTest {
    static Stream<JobConfig> twoRanks() {
        return Jobs.configs(2);
    }

    /** At four ranks, one matching engine per configuration in turn (all of them under -Pfull): a few seconds. */
    static Stream<JobConfig> fourRanks() {
        List<JobConfig> all = Jobs.configs(4).toList();
        return Jobs.FULL ? all.stream() : java.util.stream.IntStream.range(0, all.size()).filter(i -> i % 2 == 0)
                .mapToObj(all::get);
    }

    /** Every rank's threads each exchange with both neighbours of a ring, by isendrecv, isendrecvReplace and sendrecvReplace. */
    @ParameterizedTest
    @MethodSource({"twoRanks", "fourRanks"})
    void sendrecvKindsAroundARingFromSeveralThreads(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            int n = w.size();
            int right = (me + 1) % n;
            int left = (me + n - 1) % n;
            Jobs.threads(2, false, t -> {
                for (int i = 0; i < 6; i++) {
                    int tag = t * 1000 + i;
                    int[] got = new int[2];
                    Request r = w.isendrecv(new int[] {me, tag}, 0, 2, Datatype.INT, right, tag, got, 0, 2,
                            Datatype.INT, left, tag);
                    Status s = r.waitFor();
                    assertArrayEquals(new int[] {left, tag}, got);
                    assertEquals(left, s.source());
                    assertEquals(8, s.bytes());
                    assertTrue(r.isInactive());
                    assertSame(Status.EMPTY, r.waitFor(), "a completed isendrecv is like REQUEST_NULL");

                    long[] buf = {me, tag, -1};
                    Request q = w.isendrecvReplace(buf, 0, 2, Datatype.LONG, left, tag + 500, right, tag + 500);
                    if (i == 0) {
                        while (q.test() == null) {
                            Thread.onSpinWait();
                        }
                    } else {
                        q.waitFor();
                    }
                    assertArrayEquals(new long[] {right, tag, -1}, buf, "the message received replaces the one sent");

                    double[] d = {me + 0.5};
                    Status sr = w.sendrecvReplace(d, 0, 1, Datatype.DOUBLE, right, tag + 700, left, tag + 700);
                    assertEquals(left + 0.5, d[0]);
                    assertEquals(tag + 700, sr.tag());
                }
            });
            mpi.finalizeMpi();
        });
    }

    /** Persistent requests as MPICH's mt_*_pers tests use them: each thread its own pair, started and completed many times. */
    @ParameterizedTest
    @MethodSource({"twoRanks", "fourRanks"})
    void persistentRequestsRestartedFromSeveralThreads(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            int n = w.size();
            Jobs.threads(2, false, t -> {
                int[] out = new int[1];
                int[] in = new int[1];
                Request send = (t == 0 ? w.sendInit(out, 0, 1, Datatype.INT, (me + 1) % n, t)
                        : w.ssendInit(out, 0, 1, Datatype.INT, (me + 1) % n, t));
                Request recv = w.recvInit(in, 0, 1, Datatype.INT, (me + n - 1) % n, t);
                assertTrue(send.isInactive(), "a persistent request is made inactive");
                assertSame(Status.EMPTY, recv.waitFor(), "waiting on an inactive persistent request returns at once");
                for (int i = 0; i < 12; i++) {
                    out[0] = me * 100_000 + t * 1000 + i;
                    if (i % 2 == 0) {
                        Request.startAll(recv, send);
                    } else {
                        recv.start();
                        send.start();
                    }
                    int[] idx = new int[2];
                    int done = 0;
                    while (done < 2) {
                        int k = i % 3 == 0 ? Request.waitSome(new Request[] {recv, send}, idx, null)
                                : Request.waitAny(recv, send) == Mpi.UNDEFINED ? Mpi.UNDEFINED : 1;
                        assertFalse(k == Mpi.UNDEFINED, "both were active");
                        done += k;
                    }
                    assertEquals(((me + n - 1) % n) * 100_000 + t * 1000 + i, in[0]);
                    assertEquals(t, recv.status().tag());
                    assertTrue(recv.isInactive() && send.isInactive(), "completed, inactive, not freed");
                }
                send.free();
                recv.free();
                assertEquals(ErrorClass.ERR_REQUEST, assertThrows(MpiException.class, send::start).errorClass());
            });
            mpi.finalizeMpi();
        });
    }

    /** Starting an active persistent request, a freed one, or an ordinary one is ERR_REQUEST; the operation started stays intact. */
    @ParameterizedTest
    @MethodSource("twoRanks")
    void badStartsAreRefusedWithStateIntact(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm d = w.dup();
            Request onFreed = d.sendInit(new int[1], 0, 1, Datatype.INT, 1 - w.rank(), 0);
            d.free();
            assertEquals(ErrorClass.ERR_COMM, assertThrows(MpiException.class, onFreed::start).errorClass(),
                    "starting on a freed communicator");
            assertTrue(onFreed.isInactive(), "a refused start leaves the request inactive");
            onFreed.free();
            if (w.rank() == 0) {
                int[] in = new int[1];
                Request r = w.recvInit(in, 0, 1, Datatype.INT, 1, 5);
                r.start();
                assertEquals(ErrorClass.ERR_REQUEST, assertThrows(MpiException.class, r::start).errorClass());
                Request other = w.recvInit(new int[1], 0, 1, Datatype.INT, 1, 6);
                Request ordinary = w.irecv(new int[1], 0, 1, Datatype.INT, 1, 7);
                assertEquals(ErrorClass.ERR_REQUEST, assertThrows(MpiException.class, ordinary::start).errorClass());
                MpiException e = assertThrows(MpiException.class, () -> Request.startAll(other, r));
                assertEquals(ErrorClass.ERR_REQUEST, e.errorClass());
                assertTrue(other.isInactive(), "startAll with an active request starts none: " + e.getMessage());
                assertEquals(ErrorClass.ERR_REQUEST,
                        assertThrows(MpiException.class, () -> Request.startAll(other, other)).errorClass());
                assertTrue(other.isInactive());
                // two threads start one inactive request at once: exactly one starts it
                AtomicInteger refused = new AtomicInteger();
                CountDownLatch go = new CountDownLatch(1);
                Jobs.threads(2, false, t -> {
                    go.countDown();
                    go.await();
                    try {
                        other.start();
                    } catch (MpiException x) {
                        assertEquals(ErrorClass.ERR_REQUEST, x.errorClass());
                        refused.incrementAndGet();
                    }
                });
                assertEquals(1, refused.get(), "exactly one of two concurrent starts is refused");
                w.send(new int[0], 0, 0, Datatype.INT, 1, 0);                 // go
                assertEquals(5, r.waitFor().tag(), "the refused start left the started receive intact");
                assertEquals(42, in[0]);
                assertEquals(6, other.waitFor().tag());
                assertEquals(7, ordinary.waitFor().tag());
                assertTrue(r.isInactive());
                r.free();
                assertEquals(ErrorClass.ERR_REQUEST, assertThrows(MpiException.class, r::free).errorClass());
                assertEquals(ErrorClass.ERR_REQUEST, assertThrows(MpiException.class, r::start).errorClass());
                assertEquals(ErrorClass.ERR_REQUEST, assertThrows(MpiException.class, r::waitFor).errorClass());
                assertEquals(ErrorClass.ERR_REQUEST, assertThrows(MpiException.class, other::cancel).errorClass(),
                        "an inactive persistent request has nothing to cancel");
                // an active persistent request may be freed: its operation still completes
                int[] late = new int[1];
                Request f = w.recvInit(late, 0, 1, Datatype.INT, 1, 8);
                f.start();
                f.free();
                w.send(new int[0], 0, 0, Datatype.INT, 1, 0);
                w.recv(new int[0], 0, 0, Datatype.INT, 1, 9);                 // rank 1: tag 8 sent
                assertEquals(88, late[0]);
                // bad arguments at init: as the send's and receive's
                assertEquals(ErrorClass.ERR_RANK, assertThrows(MpiException.class,
                        () -> w.sendInit(new int[1], 0, 1, Datatype.INT, 2, 0)).errorClass());
                assertEquals(ErrorClass.ERR_TAG, assertThrows(MpiException.class,
                        () -> w.recvInit(new int[1], 0, 1, Datatype.INT, 1, -5)).errorClass());
                assertEquals(ErrorClass.ERR_BUFFER, assertThrows(MpiException.class,
                        () -> w.ssendInit(new int[1], 0, 2, Datatype.INT, 1, 0)).errorClass());
                assertEquals(ErrorClass.ERR_RANK, assertThrows(MpiException.class, () -> w.isendrecv(new int[1], 0, 1,
                        Datatype.INT, 1, 0, new int[1], 0, 1, Datatype.INT, 7, 0)).errorClass());
                assertEquals(0, w.pendingMatches(), "a refused isendrecv posted nothing");
            } else {
                w.recv(new int[0], 0, 0, Datatype.INT, 0, 0);
                w.send(new int[] {42}, 0, 1, Datatype.INT, 0, 5);
                w.send(new int[] {43}, 0, 1, Datatype.INT, 0, 6);
                w.send(new int[] {44}, 0, 1, Datatype.INT, 0, 7);
                w.recv(new int[0], 0, 0, Datatype.INT, 0, 0);
                w.send(new int[] {88}, 0, 1, Datatype.INT, 0, 8);
                w.send(new int[0], 0, 0, Datatype.INT, 0, 9);
            }
            mpi.finalizeMpi();
        });
    }

    /**
     * Generalized requests as MPICH's greq_wait and greq_test use them: completed by another thread while one
     * waits or tests; query then free run once, in the call that completes the handle; a handle freed first has
     * its free callback run by the completion; cancel is told whether the request completed.
     */
    @ParameterizedTest
    @MethodSource("twoRanks")
    void generalizedRequestsCallTheirCallbacksWhenTheStandardSays(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            List<String> log = java.util.Collections.synchronizedList(new ArrayList<>());
            Grequest.QueryFunction query = x -> {
                log.add("query " + x + " " + Thread.currentThread().getName());
                return Grequest.status(3, 4, 12, false);
            };
            Grequest.FreeFunction free = x -> log.add("free " + x + " " + Thread.currentThread().getName());
            Grequest.CancelFunction cancel = (x, complete) -> log.add("cancel " + x + " " + complete);

            // wait in this thread while another completes
            Request g = mpi.grequestStart(query, free, cancel, "a");
            assertNull(g.test(), "not complete before grequestComplete");
            assertTrue(log.isEmpty(), "no callback before completion: " + log);
            Thread completer = Thread.ofPlatform().name("completer").start(g::grequestComplete);
            Status s = g.waitFor();
            completer.join();
            String me = Thread.currentThread().getName();
            assertEquals(List.of("query a " + me, "free a " + me), log, "query then free, by the waiting call");
            assertEquals(3, s.source());
            assertEquals(12, s.bytes());
            assertSame(Status.EMPTY, g.waitFor(), "inactive afterwards");
            assertEquals(ErrorClass.ERR_REQUEST, assertThrows(MpiException.class, g::grequestComplete).errorClass());
            log.clear();

            // any thread may wait: a thread of its own waits while this one completes; the callbacks run in the waiter
            Request any = mpi.grequestStart(query, free, cancel, "w");
            Status[] got = new Status[1];
            Thread waiter = Thread.ofPlatform().name("waiter").start(() -> got[0] = any.waitFor());
            any.grequestComplete();
            waiter.join();
            assertEquals(List.of("query w waiter", "free w waiter"), log);
            assertEquals(4, got[0].tag());
            log.clear();

            // test loop until another thread completes it
            Request h = mpi.grequestStart(query, free, cancel, "b");
            Thread.ofPlatform().name("completer").start(h::grequestComplete).join();
            Status t = null;
            while (t == null) {
                t = h.test();
            }
            assertEquals(List.of("query b " + me, "free b " + me), log);
            log.clear();

            // freed before it completes: free callback in grequestComplete, no query
            Request f = mpi.grequestStart(query, free, cancel, "c");
            f.cancel();
            f.free();
            assertEquals(List.of("cancel c false"), log);
            Thread.ofPlatform().name("late").start(f::grequestComplete).join();
            assertEquals(List.of("cancel c false", "free c late"), log);
            log.clear();

            // cancel after complete is told so
            Request k = mpi.grequestStart(query, free, cancel, "d");
            k.grequestComplete();
            k.cancel();
            k.waitFor();
            assertEquals(List.of("cancel d true", "query d " + me, "free d " + me), log);
            log.clear();

            // an error of the query callback is raised by the wait, after the handle completed and free ran
            Request e = mpi.grequestStart(x -> {
                throw new MpiException(ErrorClass.ERR_OTHER, "query failed");
            }, free, cancel, "e");
            e.grequestComplete();
            assertEquals(ErrorClass.ERR_OTHER, assertThrows(MpiException.class, e::waitFor).errorClass());
            assertTrue(e.isInactive());
            assertEquals(List.of("free e " + me), log);
            assertEquals(ErrorClass.ERR_ARG, assertThrows(MpiException.class,
                    () -> mpi.grequestStart(null, free, cancel, null)).errorClass());
            assertEquals(ErrorClass.ERR_REQUEST, assertThrows(MpiException.class,
                    () -> mpi.commWorld().irecv(new int[1], 0, 1, Datatype.INT, Mpi.PROC_NULL, 0).grequestComplete())
                    .errorClass());
            mpi.finalizeMpi();
        });
    }

    /** Every kind in one array: waitAll, waitAny, waitSome and testSome complete generalized, persistent, isendrecv and plain requests. */
    @ParameterizedTest
    @MethodSource("twoRanks")
    void everyKindMixesInTheArrayCalls(JobConfig c) {
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int peer = 1 - w.rank();
            AtomicInteger frees = new AtomicInteger();
            for (int round = 0; round < 3; round++) {
                Request g = mpi.grequestStart(x -> Grequest.status(Mpi.ANY_SOURCE, 77, 0, false),
                        x -> frees.incrementAndGet(), (x, done) -> { }, null);
                int[] pin = new int[1];
                Request p = w.recvInit(pin, 0, 1, Datatype.INT, peer, 1);
                p.start();
                int[] sr = new int[1];
                Request x = w.isendrecv(new int[] {w.rank()}, 0, 1, Datatype.INT, peer, 2, sr, 0, 1, Datatype.INT,
                        peer, 2);
                int[] plain = new int[1];
                Request o = w.irecv(plain, 0, 1, Datatype.INT, peer, 3);
                Request[] all = {g, null, p, x, o};
                int[] idx = new int[all.length];
                Status[] st = new Status[all.length];
                w.send(new int[] {10}, 0, 1, Datatype.INT, peer, 1);
                w.send(new int[] {30}, 0, 1, Datatype.INT, peer, 3);
                Thread completer = Thread.ofPlatform().start(g::grequestComplete);
                if (round == 0) {
                    Status[] s = Request.waitAll(all);
                    assertEquals(77, s[0].tag());
                    assertEquals(1, s[2].tag());
                } else if (round == 1) {
                    int got = 0;
                    while (Request.waitAny(all) != Mpi.UNDEFINED) {
                        got++;
                    }
                    assertEquals(4, got);
                } else {
                    boolean[] seen = new boolean[all.length];
                    int k;
                    assertEquals(0 + 0, 0);
                    while ((k = Request.waitSome(all, idx, st)) != Mpi.UNDEFINED) {
                        for (int i = 0; i < k; i++) {
                            assertFalse(seen[idx[i]], "index " + idx[i] + " reported twice");
                            seen[idx[i]] = true;
                            assertSame(all[idx[i]].status(), st[i]);
                        }
                    }
                    assertArrayEquals(new boolean[] {true, false, true, true, true}, seen);
                    assertEquals(Mpi.UNDEFINED, Request.testSome(all, idx, st), "no active request");
                }
                completer.join();
                assertEquals(10, pin[0]);
                assertEquals(peer, sr[0]);
                assertEquals(30, plain[0]);
                assertEquals(round + 1, frees.get(), "the free callback ran once per completed generalized request");
                p.free();
            }
            Request r = w.irecv(new int[1], 0, 1, Datatype.INT, peer, 9);
            assertEquals(0, Request.testSome(new Request[] {r}, new int[1], null), "active, not done");
            w.barrier();                                       // the peer sends tag 9 only after this look
            assertEquals(ErrorClass.ERR_ARG, assertThrows(MpiException.class,
                    () -> Request.testSome(new Request[] {r, null}, new int[1], null)).errorClass());
            assertEquals(ErrorClass.ERR_ARG, assertThrows(MpiException.class,
                    () -> Request.waitSome(new Request[] {r}, new int[1], new Status[0])).errorClass());
            assertEquals(ErrorClass.ERR_ARG, assertThrows(MpiException.class,
                    () -> Request.waitSome(null, new int[1], null)).errorClass());
            assertEquals(Mpi.UNDEFINED, Request.waitSome(new Request[] {null}, new int[1], null));
            w.send(new int[1], 0, 1, Datatype.INT, peer, 9);
            r.waitFor();
            mpi.finalizeMpi();
        });
    }

    /** One of {@link Request#waitSome} or a twin of it. */
    interface WaitSome {
        int waitSome(Request[] requests, int[] indices, Status[] statuses);
    }

    /**
     * Threads that call waitSome on one array at once report each completion exactly once between them. Every
     * request is done before the threads start, so each thread sees all of them done and active.
     */
    static void eachCompletionReportedOnce(WaitSome call) {
        Jobs.ok(JobConfig.of(2).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int n = 16;
            if (w.rank() == 0) {
                Request[] rs = new Request[n];
                for (int i = 0; i < n; i++) {
                    rs[i] = w.irecv(new int[1], 0, 1, Datatype.INT, 1, i);
                }
                w.barrier();                                   // every message sent (and matched: eager)
                AtomicIntegerArray reports = new AtomicIntegerArray(n);
                Jobs.threads(4, false, t -> {
                    int[] idx = new int[n];
                    int k;
                    while ((k = call.waitSome(rs, idx, null)) != Mpi.UNDEFINED) {
                        for (int i = 0; i < k; i++) {
                            reports.incrementAndGet(idx[i]);
                        }
                    }
                });
                for (int i = 0; i < n; i++) {
                    assertEquals(1, reports.get(i), "completion of request " + i + " reported " + reports.get(i)
                            + " times across the threads");
                }
            } else {
                for (int i = 0; i < n; i++) {
                    w.send(new int[] {i}, 0, 1, Datatype.INT, 0, i);
                }
                w.barrier();
            }
            mpi.finalizeMpi();
        });
    }

    @Test
    @Timeout(120)
    void waitSomeFromSeveralThreadsReportsEachCompletionOnce() {
        for (int i = 0; i < 5; i++) {
            eachCompletionReportedOnce(Request::waitSome);
        }
    }

    @TwinTest
    @Timeout(120)
    @LeavesOutstanding(value = "the twin's job fails on rank 0 before its finalize, with rank 1's finalize message unexpected there",
            invariants = {Quiescence.Invariant.UNEXPECTED_BUDGET, Quiescence.Invariant.MATCHING, Quiescence.Invariant.POOLS})
    void waitSomeThatReportsWhatItDidNotClaimIsRejected() {
        CountDownLatch both = new CountDownLatch(2);
        ReportUnclaimedSomeCompletions.between = () -> {   // hold the first two racers until both have looked
            both.countDown();
            try {
                both.await(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        try {
            Throwable e = KnownBad.assertRejected("ReportUnclaimedSomeCompletions",
                    () -> eachCompletionReportedOnce(ReportUnclaimedSomeCompletions::waitSome));
            assertTrue(String.valueOf(e.getMessage()).contains("reported 2 times")
                    || String.valueOf(e.getCause()).contains("reported"), String.valueOf(e));
        } finally {
            ReportUnclaimedSomeCompletions.between = () -> { };
        }
    }
}
