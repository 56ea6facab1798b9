package org.mpiverify.core.matching;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.mpiverify.core.matching.Items.Msg;
import org.mpiverify.core.matching.Items.Recv;
import org.mpiverify.testkit.ThreadDumps;

/**
 * Runs scripted sender and receiver threads against one engine, then checks the outcome:
 * <ul>
 *   <li>no receive is matched twice, a removed receive is never matched, every pair matches;
 *   <li>no pending receive is left with a matching unexpected message (the engine kept a matchable
 *       pair apart), every pending receive can be removed;
 *   <li>after draining leftovers with {@code take}, every message was delivered exactly once, the
 *       payload checksum adds up and the engine is empty;
 *   <li>non-overtaking: for two receives with the same pattern posted by one thread, matched by two
 *       messages of one sender, the earlier receive got the earlier message (MPI-3.1 §3.5).
 * </ul>
 * A script step either sends (matchOrEnqueue) or posts (matchOrPost, optionally followed by remove).
 */
final class ConcurrentMatchingRun {
    sealed interface Step permits Send, Post {}

    record Send(Msg message) implements Step {}

    record Post(Recv receive, boolean thenRemove) implements Step {}

    private final MatchingEngine engine;
    private final Queue<String> violations = new ConcurrentLinkedQueue<>();
    private final Set<Msg> messages = new LinkedHashSet<>();
    private final List<Recv> receives = new ArrayList<>();

    ConcurrentMatchingRun(MatchingEngine engine) {
        this.engine = engine;
    }

    /** Runs {@code before} on the calling thread, then every script on its own thread; returns the violations. */
    List<String> run(List<Step> before, List<List<Step>> scripts, Duration deadline) throws InterruptedException {
        for (Step s : before) register(s);
        for (List<Step> script : scripts) for (Step s : script) register(s);
        for (Step s : before) execute(s);
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < scripts.size(); i++) {
            List<Step> script = scripts.get(i);
            threads.add(Thread.ofPlatform().name("script-" + i).start(() -> {
                try {
                    start.await();
                    for (Step s : script) execute(s);
                } catch (Throwable t) {
                    violations.add(Thread.currentThread().getName() + " threw " + t);
                }
            }));
        }
        start.countDown();
        long end = System.nanoTime() + deadline.toNanos();
        for (Thread t : threads) {
            long left = end - System.nanoTime();
            if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                String dump = ThreadDumps.dump("scripts still running after " + deadline);
                System.err.println(dump);
                for (Thread u : threads) u.interrupt();
                throw new AssertionError("scripts did not finish within " + deadline + " (thread dump on stderr)");
            }
        }
        verify();
        return new ArrayList<>(violations);
    }

    private void register(Step s) {
        switch (s) {
            case Send send -> messages.add(send.message());
            case Post post -> receives.add(post.receive());
        }
    }

    private void execute(Step s) {
        switch (s) {
            case Send send -> {
                PostedReceive r = engine.matchOrEnqueue(send.message());
                if (r != null) deliver((Recv) r, send.message());
            }
            case Post post -> {
                Recv r = post.receive();
                Envelope e = engine.matchOrPost(r);
                if (e != null) deliver(r, (Msg) e);
                else if (post.thenRemove() && engine.remove(r)) r.cancelled = true;
            }
        }
    }

    private void deliver(Recv r, Msg m) {
        if (!r.matches(m)) violations.add(r + " was matched with " + m + ", which it does not match");
        if (!r.complete(m)) violations.add(r + " matched twice: " + r.matched.get() + " and " + m);
    }

    private void verify() {
        for (Recv r : receives) {
            if (r.cancelled && r.matched.get() != null) violations.add(r + " was removed and also matched " + r.matched.get());
        }
        for (Recv r : receives) {
            if (r.cancelled || r.matched.get() != null) continue;
            Envelope e = engine.peek(r.context(), r.source(), r.tag());
            if (e != null) violations.add("pending " + r + " and unexpected " + e + " match but were left apart");
            if (!engine.remove(r)) violations.add("pending " + r + " is not in the engine");
        }
        long expected = 0, delivered = 0;
        for (Msg m : messages) expected += m.payload;
        for (Recv r : receives) {
            Msg m = r.matched.get();
            if (m != null) delivered += m.payload;
        }
        for (Msg m : messages) {
            while (m.deliveries.get() == 0) {
                Envelope t = engine.take(m.context(), m.source(), m.tag());
                if (t == null) {
                    violations.add(m + " was lost: never matched and not unexpected");
                    break;
                }
                ((Msg) t).deliveries.incrementAndGet();
                delivered += ((Msg) t).payload;
            }
        }
        for (Msg m : messages) {
            if (m.deliveries.get() != 1) violations.add(m + " delivered " + m.deliveries.get() + " times");
        }
        if (delivered != expected) violations.add("payload checksum " + delivered + " != " + expected);
        if (engine.size() != 0) violations.add("engine holds " + engine.size() + " items after draining");
        checkNonOvertaking();
    }

    private void checkNonOvertaking() {
        Map<String, Recv> lastMatch = new HashMap<>();
        List<Recv> byThreadThenIndex = new ArrayList<>(receives);
        byThreadThenIndex.sort((a, b) -> a.thread != b.thread ? Integer.compare(a.thread, b.thread) : Integer.compare(a.index, b.index));
        for (Recv r : byThreadThenIndex) {
            Msg m = r.matched.get();
            if (m == null || r.thread < 0) continue;
            String key = r.thread + "|" + r.context() + "|" + r.source() + "|" + r.tag() + "|from " + m.source();
            Recv prev = lastMatch.put(key, r);
            if (prev != null && prev.matched.get().seq > m.seq) {
                violations.add("overtaking: " + prev + " got " + prev.matched.get() + " but later " + r + " got " + m);
            }
        }
    }
}
