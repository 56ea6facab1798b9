package org.mpiverify.bench.dang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.mpiverify.bench.Stats;
import org.mpiverify.bench.report.Target;

class DangTargetsTest {

    @Test
    void rateIsMissedWhenOnlyAnInflatedBaselineMedianMeetsIt() {
        // the trials of 2026-11-29 on a busy host: 10^5 threads 787 ns; one platform thread 485 ns, fastest 223 ns
        Stats many = Stats.of(new double[] {787, 613, 700, 800, 1336, 760, 790});
        Stats one = Stats.of(new double[] {485, 223, 400, 500, 1528, 450, 490});
        Target t = DangTargets.rate(many, one, null, null, null);
        assertEquals(Target.Status.MISSED, t.status(), t.detail());
        assertTrue(t.detail().contains("fastest trial (223 ns)"), t.detail());
    }

    @Test
    void rateIsMetWhenTheFastestBaselineTrialMeetsItToo() {
        Stats many = Stats.of(new double[] {400, 410, 420, 430, 440});
        Stats one = Stats.of(new double[] {210, 220, 230, 240, 250});
        assertEquals(Target.Status.MET, DangTargets.rate(many, one, null, null, null).status());
    }

    @Test
    void rateIsMissedWhenEvenTheMedianMissesIt() {
        Stats many = Stats.of(new double[] {800, 810, 820});
        Stats one = Stats.of(new double[] {227, 230, 240});
        assertEquals(Target.Status.MISSED, DangTargets.rate(many, one, null, null, null).status());
    }

    @Test
    void rateSetsTheAllowedTimeBesideTheFloorsOfTheRun() {
        Stats many = Stats.of(new double[] {787, 790, 800});
        Stats one = Stats.of(new double[] {227, 230, 240});
        Stats handoff = Stats.of(new double[] {263, 260, 270});
        Stats hashMap = Stats.of(new double[] {199, 200, 210});
        Target t = DangTargets.rate(many, one, null, handoff, hashMap);
        assertTrue(t.detail().contains("263 ns + a HashMap match 200 ns = 463 ns, above the 454 ns"), t.detail());
        Stats cheap = Stats.of(new double[] {100, 100, 100});
        assertTrue(DangTargets.rate(many, one, null, cheap, cheap).detail().contains("200 ns, within the 454 ns"));
    }

    @Test
    void matchIsJudgedAgainstAHashMapAtTheSameCount() {
        Stats table = Stats.of(new double[] {608, 600, 620});
        Target missed = DangTargets.match(table, Stats.of(new double[] {161, 160, 170}), null, false);
        assertEquals(Target.Status.MISSED, missed.status(), missed.detail());
        assertTrue(missed.detail().startsWith("608 ns vs 161 ns"), missed.detail());
        assertEquals(Target.Status.MET, DangTargets.match(table, Stats.of(new double[] {310, 305, 320}), null, false)
                .status());
        assertEquals(Target.Status.NOT_EVALUATED, DangTargets.match(table, null, null, true).status());
    }

    @Test
    void signalIsJudgedAgainstTheMountFloorWithTheJdksBesideIt() {
        Stats floor = Stats.of(new double[] {300, 290, 320}), jdk = Stats.of(new double[] {213, 200, 230});
        Target missed = DangTargets.signal(Stats.of(new double[] {460, 450, 480}), floor, jdk, false);
        assertEquals(Target.Status.MISSED, missed.status(), missed.detail());
        assertEquals(460 / 300.0, missed.value(), 1e-9);
        assertTrue(missed.detail().contains("so half the JDK's (the target's first form) is below the floor"),
                missed.detail());
        Target met = DangTargets.signal(Stats.of(new double[] {440, 430, 450}), floor, jdk, false);
        assertEquals(Target.Status.MET, met.status(), met.detail());
        Target fastFloor = DangTargets.signal(Stats.of(new double[] {440, 430, 450}),
                Stats.of(new double[] {90, 85, 95}), jdk, false);
        assertEquals(Target.Status.MISSED, fastFloor.status());
        assertTrue(fastFloor.detail().contains("is above the floor"), fastFloor.detail());
        assertEquals(Target.Status.NOT_EVALUATED, DangTargets.signal(null, floor, jdk, true).status());
        assertEquals(Target.Status.NOT_EVALUATED, DangTargets.signal(floor, null, jdk, false).status());
    }
}
