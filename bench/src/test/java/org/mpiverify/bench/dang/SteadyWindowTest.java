package org.mpiverify.bench.dang;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class SteadyWindowTest {

    @Test
    void windowOfRoundTripsMadeByAnotherThreadIsTimed() throws Exception {
        SteadyWindow w = new SteadyWindow(40_000_000);
        long gate = System.nanoTime();
        Thread pairs = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < 40_000_000; i++) {   // a few hundred ms: the window starts long before the end
                w.roundTrip();
            }
        });
        double ns = w.nanosPerMessage(gate, Duration.ofSeconds(30));
        pairs.join();
        assertTrue(ns > 0 && Double.isFinite(ns), "ns per message " + ns);
    }

    @Test
    void aRunThatStopsShortFailsAtTheDeadlineWithTheCount() {
        SteadyWindow w = new SteadyWindow(100);
        for (int i = 0; i < 30; i++) {
            w.roundTrip();        // past a quarter, short of three quarters
        }
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> w.nanosPerMessage(System.nanoTime(), Duration.ofMillis(50)));
        assertTrue(e.getMessage().contains("30 of 100"), e.getMessage());
    }

    @Test
    void aRunOverBeforeTheFirstReadingIsTimedFromTheGate() {
        long gate = System.nanoTime();
        SteadyWindow w = new SteadyWindow(100);
        for (int i = 0; i < 100; i++) {
            w.roundTrip();
        }
        double ns = w.nanosPerMessage(gate, Duration.ofSeconds(10));
        assertTrue(ns > 0 && Double.isFinite(ns), "ns per message " + ns);
    }

    @Test
    void tooFewRoundTripsForAWindowAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SteadyWindow(3));
    }
}
