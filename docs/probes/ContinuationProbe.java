import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import jdk.internal.vm.Continuation;
import jdk.internal.vm.ContinuationScope;

/**
 * Can the bit-vector scheduler run its threads as bare {@code jdk.internal.vm.Continuation}s? Run with
 * {@code java --add-exports java.base/jdk.internal.vm=ALL-UNNAMED docs/probes/ContinuationProbe.java}
 * (JDK 25). Each line printed is one fact docs/design.md ("The bit-vector thread scheduler") relies on.
 */
public class ContinuationProbe {
    static final ContinuationScope S = new ContinuationScope("probe");

    public static void main(String[] args) throws Exception {
        String[] seen = new String[2];
        Continuation c = new Continuation(S, () -> {
            seen[0] = Thread.currentThread().getName();
            Continuation.yield(S);
            seen[1] = Thread.currentThread().getName();
        });
        c.run();
        Thread other = new Thread(c::run, "other-platform-thread");
        other.start();
        other.join();
        System.out.println("yield, then resume on another thread: ran on " + seen[0] + ", then " + seen[1] + ", done " + c.isDone());

        long t0 = System.nanoTime();
        new Continuation(S, () -> LockSupport.parkNanos(50_000_000)).run();
        System.out.println("a 50 ms park inside a continuation held its carrier " + (System.nanoTime() - t0) / 1_000_000 + " ms");

        ReentrantLock lock = new ReentrantLock();
        Continuation holder = new Continuation(S, () -> { lock.lock(); Continuation.yield(S); lock.unlock(); });
        holder.run();
        boolean[] got = new boolean[1];
        new Continuation(S, () -> got[0] = lock.tryLock()).run();
        System.out.println("a second continuation on the same carrier acquires a lock a yielded one holds: " + got[0]);
        Thread resumer = new Thread(() -> {
            try { holder.run(); } catch (IllegalMonitorStateException e) { System.out.println("unlock after a resume on another thread: " + e); }
        });
        resumer.start();
        resumer.join();

        Object monitor = new Object();
        Continuation sync = new Continuation(S, () -> { synchronized (monitor) { Continuation.yield(S); } });
        sync.run();
        System.out.println("yield inside synchronized returned to the carrier (not pinned): " + !sync.isDone());
    }
}
