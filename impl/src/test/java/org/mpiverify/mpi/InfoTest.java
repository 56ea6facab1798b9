package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * Info objects (MPI-3.1 §9) and a communicator's hints (§6.4.4): set, get, delete, nKeys, nthKey, dup, free;
 * every bad argument's error class with the pairs left as they were; threads setting different keys of one
 * object at once lose none (Gropp &amp; Thakur §3, Update List).
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class InfoTest {

    private static List<String> keys(Info info) {
        List<String> l = new ArrayList<>();
        for (int i = 0; i < info.nKeys(); i++) {
            l.add(info.nthKey(i));
        }
        return l;
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void setGetDeleteNumberDupAndFree(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Info info = mpi.createInfo();
            assertEquals(0, info.nKeys());
            info.set("b", "1");
            info.set("a", "2");
            info.set("c", "");
            info.set("b", "3");            // replaced in place
            assertEquals("3", info.get("b"));
            assertEquals("", info.get("c"));
            assertNull(info.get("absent"));
            assertEquals(List.of("b", "a", "c"), keys(info), "in the order keys were first set");
            Info copy = info.dup();
            info.delete("a");
            assertEquals(List.of("b", "c"), keys(info));
            assertEquals(List.of("b", "a", "c"), keys(copy), "dup is a copy");
            assertEquals("2", copy.get("a"));
            info.free();
            assertTrue(info.isFreed());
            assertEquals("3", copy.get("b"), "freeing one does not touch its dup");
            copy.free();
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void badArgumentsGetTheirErrorClassAndChangeNothing(int ranks) {
        AtomicReferenceArray<Info> ofRank = new AtomicReferenceArray<>(ranks);
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Info info = mpi.createInfo();
            info.set("k", "v");
            ofRank.set(w.rank(), info);
            w.barrier();
            String longKey = "k".repeat(Info.MAX_INFO_KEY + 1);
            String longValue = "v".repeat(Info.MAX_INFO_VAL + 1);
            for (Runnable r : List.<Runnable>of(() -> info.set(null, "v"), () -> info.set("", "v"),
                    () -> info.set(longKey, "v"), () -> info.get(null), () -> info.get(""), () -> info.get(longKey),
                    () -> info.delete(null), () -> info.delete(""), () -> info.delete(longKey))) {
                assertEquals(ErrorClass.ERR_INFO_KEY, assertThrows(MpiException.class, r::run).errorClass());
            }
            assertEquals(ErrorClass.ERR_INFO_VALUE, assertThrows(MpiException.class, () -> info.set("k", null)).errorClass());
            assertEquals(ErrorClass.ERR_INFO_VALUE, assertThrows(MpiException.class, () -> info.set("k", longValue)).errorClass());
            assertEquals(ErrorClass.ERR_INFO_NOKEY, assertThrows(MpiException.class, () -> info.delete("absent")).errorClass());
            assertEquals(ErrorClass.ERR_ARG, assertThrows(MpiException.class, () -> info.nthKey(1)).errorClass());
            assertEquals(ErrorClass.ERR_ARG, assertThrows(MpiException.class, () -> info.nthKey(-1)).errorClass());
            info.set("k".repeat(Info.MAX_INFO_KEY), "v".repeat(Info.MAX_INFO_VAL));   // the limits themselves are fine
            info.delete("k".repeat(Info.MAX_INFO_KEY));
            assertEquals(List.of("k"), keys(info));
            assertEquals("v", info.get("k"));

            Info other = ofRank.get((w.rank() + 1) % ranks);
            assertEquals(ErrorClass.ERR_INFO, assertThrows(MpiException.class, () -> w.setInfo(other)).errorClass());
            assertEquals(ErrorClass.ERR_INFO, assertThrows(MpiException.class, () -> w.setInfo(null)).errorClass());
            w.barrier();                   // no rank frees its info while another still names it above
            Info freed = info.dup();
            freed.free();
            for (Runnable r : List.<Runnable>of(() -> freed.set("k", "v"), () -> freed.get("k"), () -> freed.delete("k"),
                    freed::nKeys, () -> freed.nthKey(0), freed::dup, freed::free, () -> w.setInfo(freed))) {
                assertEquals(ErrorClass.ERR_INFO, assertThrows(MpiException.class, r::run).errorClass());
            }
            assertEquals(0, keys(w.getInfo()).size(), "nothing was set on the communicator");
            info.free();
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void communicatorHintsAreCopiedInAndOutAndByDup(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm c = w.dup();
            Info hints = mpi.createInfo();
            hints.set("mpi_assert_no_any_tag", "true");
            c.setInfo(hints);
            hints.free();                  // copied: may be freed at once
            Info more = mpi.createInfo();
            more.set("mpi_assert_exact_length", "true");
            c.setInfo(more);               // adds; the earlier hint stays
            more.free();
            Info got = c.getInfo();
            assertEquals(List.of("mpi_assert_no_any_tag", "mpi_assert_exact_length"), keys(got));
            got.set("x", "y");             // a new object: the communicator's hints do not change
            Comm d = c.dup();
            assertEquals(List.of("mpi_assert_no_any_tag", "mpi_assert_exact_length"), keys(d.getInfo()));
            assertEquals(0, w.getInfo().nKeys());
            d.free();
            c.free();
            mpi.finalizeMpi();
        });
    }

    static Stream<JobConfig> configs() {
        return Jobs.configs(2);
    }

    /** Threads set, read and delete different keys of one info object at once; none is lost (Update List). */
    @ParameterizedTest
    @MethodSource("configs")
    void threadsSettingDifferentKeysLoseNone(JobConfig config) {
        int threads = 4;
        int keysPerThread = 100;
        Jobs.ok(config, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Info info = mpi.createInfo();
            CyclicBarrier start = new CyclicBarrier(threads);   // the threads' updates overlap from the first
            Jobs.threads(threads, false, t -> {
                start.await(Jobs.DEADLINE.toSeconds(), TimeUnit.SECONDS);
                for (int i = 0; i < keysPerThread; i++) {
                    info.set(t + "." + i, "v" + i);
                    info.set(t + ".scratch", "s" + i);
                    assertEquals("v" + i, info.get(t + "." + i));
                    info.delete(t + ".scratch");
                }
            });
            assertEquals(threads * keysPerThread, info.nKeys());
            Set<String> seen = new HashSet<>(keys(info));
            for (int t = 0; t < threads; t++) {
                for (int i = 0; i < keysPerThread; i++) {
                    assertTrue(seen.contains(t + "." + i), "lost " + t + "." + i);
                    assertEquals("v" + i, info.get(t + "." + i));
                }
            }
            info.free();
            mpi.finalizeMpi();
        });
    }
}
