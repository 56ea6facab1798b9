package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.mpiverify.core.request.RequestState;
import org.mpiverify.core.sync.Granularity;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;
import org.openjdk.jol.vm.VM;

/**
 * Where the objects of one 8-byte message sit in memory: the field offsets and sizes (JOL) of every class whose
 * lines the two threads of a ping-pong share, and the addresses of a live rank's objects after 20,000 round
 * trips, for the cache-line table of {@code docs/design.md} ("The lines one message moves"). A probe, not part of
 * the quick suite (its name is not a test's): run it with
 * {@code mvn -B -ntp -pl impl -am test -Dtest=MessagePathLayoutProbe -Dsurefire.failIfNoSpecifiedTests=false}.
 * It prints the layouts and addresses, and fails if a layout fact the table counts on no longer holds.
 */
class MessagePathLayoutProbe {
    static final int LINE = 64;
    static final String[] CLASSES = {
        "org.mpiverify.mpi.RecvRequest", "org.mpiverify.core.request.RequestState",
        "org.mpiverify.core.matching.ContextQueues",
        "org.mpiverify.core.matching.MatchNode", "org.mpiverify.core.matching.HashMatchingEngine$Context",
        "org.mpiverify.core.matching.MatchTable$Bucket", "org.mpiverify.mpi.SendEnvelope", "org.mpiverify.mpi.Comm",
        "org.mpiverify.mpi.Status", "org.mpiverify.core.buffer.UnexpectedBudget", "java.util.concurrent.atomic.AtomicLong",
        "org.mpiverify.mpi.RankContext", "org.mpiverify.mpi.ProgressEngine",
    };

    @Test
    void layoutsAndAddresses() throws Exception {
        for (String c : CLASSES) {
            System.out.println(ClassLayout.parseClass(Class.forName(c)).toPrintable());
        }
        // What the completer writes in a receive's state (status, flag, count) spans more than a line, so it is two
        // lines wherever the object starts.
        Map<String, Long> st = offsets(RequestState.class);
        long first = Math.min(st.get("done"), st.get("refs"));
        long last = Math.max(st.get("errorCode"), Math.max(st.get("source"), st.get("tag")));
        assertTrue(last + 4 - first > LINE, "RequestState's completer-written fields fit in one line now: " + st
                + "; update docs/design.md's line table");
        // A blocking recv of at most 8 bytes is completed inline: the payload word lies among the status fields the
        // completer writes anyway (within a line's span of each), so it adds no line to the ones the message moves.
        for (String f : new String[] {"bytes", "source", "tag", "errorCode"}) {
            assertTrue(Math.abs(st.get("payload") - st.get(f)) < LINE, "RequestState's payload word is a line or more"
                    + " from its " + f + " now: " + st + "; update docs/design.md's line table");
        }
        // A receive and its state are allocated together (RecvRequest's constructor): more than two lines.
        long pair = ClassLayout.parseClass(RecvRequest.class).instanceSize()
                + ClassLayout.parseClass(RequestState.class).instanceSize();
        assertTrue(pair > 2 * LINE, "RecvRequest and RequestState fit in two lines now (" + pair + " bytes)");
        // QUEUES: the context's lock word and its posted FIFO's heads are one object (no separate lock object holds
        // the queues), of at most 56 bytes (one line at 2 of the 8 starts HotSpot may give it, two at the others).
        Class<?> cq = Class.forName("org.mpiverify.core.matching.ContextQueues");
        assertTrue(java.util.concurrent.locks.AbstractQueuedSynchronizer.class.isAssignableFrom(cq),
                "ContextQueues is no longer its own lock: " + cq.getSuperclass() + "; update docs/design.md's line table");
        long queuesSize = ClassLayout.parseClass(cq).instanceSize();
        assertTrue(queuesSize <= LINE - 8, "ContextQueues (lock word and heads) is " + queuesSize
                + " bytes now, over one line at every start but 0; update docs/design.md's line table");
        // A bucket's lock, keys and values lie within one line's span (one line when the bucket starts early in one).
        Map<String, Long> b = offsets(Class.forName("org.mpiverify.core.matching.MatchTable$Bucket"));
        assertTrue(b.get("v2") + 4 - b.get("lock") <= LINE, "a bucket's lock..v2 span more than a line: " + b);

        for (MatchingKind kind : MatchingKind.values()) {
            Job.run(JobConfig.of(2).withGranularity(Granularity.LOCK_FREE).withMatching(kind), mpi -> {
                mpi.initThread(ThreadLevel.MULTIPLE);
                Comm w = mpi.commWorld();
                int[] buf = new int[2];
                for (int i = 0; i < 20_000; i++) {
                    if (w.rank() == 0) {
                        w.send(buf, 0, 2, Datatype.INT, 1, 0);
                        w.recv(buf, 0, 2, Datatype.INT, 1, 0);
                    } else {
                        w.recv(buf, 0, 2, Datatype.INT, 0, 0);
                        w.send(buf, 0, 2, Datatype.INT, 0, 0);
                    }
                }
                w.barrier();
                if (w.rank() == 1) {
                    System.out.print(addresses(kind, w, buf));
                }
                mpi.finalizeMpi();
            }, Duration.ofSeconds(120)).orThrow();
        }
    }

    private static String addresses(MatchingKind kind, Comm w, int[] buf) throws Exception {
        RankContext rc = w.rank;
        StringBuilder sb = new StringBuilder("== " + kind + ", rank 1, after 20,000 round trips ==\n");
        RecvRequest r = rc.recvPool.acquire();   // the receive the next recv would use
        sb.append(at("RecvRequest (the next recv's)", r)).append(at("  its RequestState", r.st));
        rc.recvPool.release(r);
        sb.append(at("user buffer int[2]", buf)).append(at("Comm (world)", w))
                .append(at("UnexpectedBudget", rc.unexpected)).append(at("  its AtomicLong", field(rc.unexpected, "bytes")))
                .append(at("ProgressEngine.outstanding", field(rc.progress, "outstanding")));
        Object dir = field(rc.engine, "contexts");
        Method get = dir.getClass().getDeclaredMethod("get", int.class);
        get.setAccessible(true);
        Object ctx = get.invoke(dir, w.p2p.context);
        sb.append(at(kind == MatchingKind.QUEUES ? "engine's context (lock and queues)" : "engine's context", ctx));
        if (kind != MatchingKind.QUEUES) {
            Object[] buckets = (Object[]) field(field(field(rc.engine, "table"), "table"), "buckets");
            for (int i = 0; i < Math.min(4, buckets.length); i++) sb.append(at("bucket " + i + " of " + buckets.length, buckets[i]));
        }
        return sb.toString();
    }

    private static Map<String, Long> offsets(Class<?> c) {
        return ClassLayout.parseClass(c).fields().stream().collect(Collectors.toMap(FieldLayout::name, FieldLayout::offset));
    }

    private static Object field(Object o, String name) throws Exception {
        for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f.get(o);
            } catch (NoSuchFieldException e) {
                // declared higher up
            }
        }
        throw new NoSuchFieldException(name);
    }

    private static String at(String what, Object o) {
        long a = VM.current().addressOf(o);
        long size = VM.current().sizeOf(o);
        return String.format("%-34s %3d bytes at offset %2d of its line, %d line(s)%n", what, size, a % LINE,
                (a + size - 1) / LINE - a / LINE + 1);
    }
}
