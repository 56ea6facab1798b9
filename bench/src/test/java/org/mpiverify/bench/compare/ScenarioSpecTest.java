package org.mpiverify.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.harness.scenario.Scenario;

/**
 * The benchmarks' scenarios travel to native rank processes as {@code spec()} and come back through
 * {@code fromSpec}: the same parameters, hence the same id; bad specs are rejected with the expected form.
 */
@Timeout(10)
class ScenarioSpecTest {

    @Test
    void everyScenarioRoundTripsThroughItsSpec() {
        List<MeasuringScenario> all = List.of(new PingPongScenario(1024, 500, PingPongScenario.MULTIPLE),
                new PingPongScenario(2, 7, PingPongScenario.SINGLE), new DupScenario(4, 2, 300), new DupScenario(2, 1, 50, true),
                new MessageRateScenario("NONBLOCKING", 2, true, 20), new MessageRateScenario("PROC_NULL", 3, false, 9));
        for (MeasuringScenario s : all) {
            Scenario back = fromSpec(s).apply(s.spec());
            assertEquals(s.getClass(), back.getClass());
            assertEquals(s.spec(), back.spec());
            assertEquals(s.id(), back.id());
            assertEquals(s.ranks(), back.ranks());
            assertFalse(s.spec().chars().anyMatch(Character::isWhitespace), s.spec());
        }
    }

    @Test
    void distinctParametersGiveDistinctSpecs() {
        assertFalse(new PingPongScenario(2, 500, 3).spec().equals(new PingPongScenario(2, 501, 3).spec()));
        assertFalse(new MessageRateScenario("BLOCKING", 2, true, 5).spec()
                .equals(new MessageRateScenario("BLOCKING", 2, false, 5).spec()));
    }

    @Test
    void aDeadlineChangesOnlyTheDeadline() {
        DupScenario d = new DupScenario(2, 2, 10);
        DupScenario bounded = d.withDeadline(Duration.ofSeconds(3));
        assertEquals(Duration.ofSeconds(3), bounded.deadline());
        assertEquals(d.spec(), bounded.spec());
        assertEquals(DupScenario.DEADLINE, d.deadline());
        assertThrows(IllegalArgumentException.class, () -> d.withDeadline(Duration.ZERO));
    }

    @Test
    void badSpecsAreRejectedWithTheExpectedForm() {
        for (String bad : List.of("", "ints=2,iterations=5", "ints=2,iterations=5,level=3,extra=1",
                "ints=two,iterations=5,level=3", "ints=2,iterations=5,level", "ints=2,ints=3,level=3",
                "ints=0,iterations=5,level=3")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PingPongScenario.fromSpec(bad),
                    "accepted '" + bad + "'");
            assertFalse(e.getMessage().isBlank());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MessageRateScenario.fromSpec("mode=BLOCKING,senders=2,threaded=yes,iterations=5"));
        assertTrue(e.getMessage().contains("true or false"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> MessageRateScenario.fromSpec("mode=SOMETIMES,senders=2,threaded=true,iterations=5"));
        assertTrue(e.getMessage().contains("PROC_NULL, BLOCKING or NONBLOCKING"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> DupScenario.fromSpec("ranks=2,threads=1"));
        assertTrue(e.getMessage().contains("ranks=...,threads=...,iterations=..."), e.getMessage());
    }

    /** As a rank process finds it: {@code public static fromSpec(String)} by reflection. */
    private static Function<String, Scenario> fromSpec(MeasuringScenario s) {
        return spec -> {
            try {
                Method m = s.getClass().getMethod("fromSpec", String.class);
                assertTrue(Modifier.isStatic(m.getModifiers()), m + " is static");
                return (Scenario) m.invoke(null, spec);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(s.getClass() + " has no usable fromSpec", e);
            }
        };
    }
}
