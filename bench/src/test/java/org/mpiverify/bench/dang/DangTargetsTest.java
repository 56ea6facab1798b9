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
}
