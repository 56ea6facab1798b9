package org.mpiverify.core.coll;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The schedules of every nonblocking collective on an {@link AdversarialNetwork} ({@link ScheduleSweep}):
 * the quick sample in {@code mvn verify}, seeds, sizes and contexts added under {@code -Pfull}. Its
 * known-bad twin test is {@code NonblockingCollectivesSweepTest}'s, which runs this sample first.
 */
class ScheduleSweepTest {
    static final boolean FULL = Boolean.parseBoolean(System.getProperty("mpiverify.full", "false"));

    static Stream<ScheduleSweep.Case> cases() {
        return FULL ? Stream.concat(ScheduleSweep.quickCases(), ScheduleSweep.fullCases()) : ScheduleSweep.quickCases();
    }

    @ParameterizedTest
    @MethodSource("cases")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyElementOfEveryScheduleIsRightInEveryDeliveryOrder(ScheduleSweep.Case c) {
        ScheduleSweep.run(c);
    }
}
