package org.mpiverify.bench.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.io.OutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.bench.Stats;
import org.mpiverify.bench.report.Plot;
import org.mpiverify.bench.report.Series;
import org.mpiverify.bench.report.Target;
import org.mpiverify.bench.runner.Settings;
import org.mpiverify.mpi.MatchingKind;

/** The targets are judged from the series and can be missed: known-bad figures must be reported as missed. */
class TargetJudgingTest {
    private static final Settings S = Settings.of(1, true, MatchingKind.QUEUES, new PrintStream(OutputStream.nullOutputStream()))
            .withComparisons(List.of(), List.of("MPICH: not in this test"));

    private static Stats st(double median) {
        return new Stats(median, median * 0.9, median * 0.95, median * 1.05, median * 1.1, 3);
    }

    private static Plot fig1(double single, double runtime, double multiple, double floor, Series extra) {
        List<Series> series = new java.util.ArrayList<>(List.of(
                new Series(PingPongFigure.SINGLE).with(8, st(single)),
                new Series(PingPongFigure.RUNTIME).with(8, st(runtime)),
                new Series(PingPongFigure.MULTIPLE).with(8, st(multiple)),
                new Series(PingPongFigure.FLOOR).with(8, st(floor))));
        if (extra != null) {
            series.add(extra);
        }
        return new Plot("fig1", "t", "p", "x", "y", "ns", true, true, PingPongFigure.SINGLE, series);
    }

    @Test
    void pingPongTargetsMetAndMissed() {
        List<Target> good = PingPongFigure.targets(fig1(100, 101, 104, 60, null), S);
        assertEquals(List.of(Target.Status.MET, Target.Status.MET, Target.Status.MET, Target.Status.NOT_EVALUATED),
                good.stream().map(Target::status).toList());
        List<Target> bad = PingPongFigure.targets(fig1(100, 120, 130, 50, new Series("MPICH 4.0.2").with(8, st(90))), S);
        assertEquals(List.of(Target.Status.MISSED, Target.Status.MISSED, Target.Status.MISSED, Target.Status.MISSED),
                bad.stream().map(Target::status).toList());
    }

    @Test
    void dupWithTwoThreadsMustStayWithinTwiceOneThread() {
        Plot p = new Plot("fig4", "t", "p", "x", "y", "ns", false, true, DupFigure.MULTI1, List.of(
                new Series(DupFigure.MULTI1).with(2, st(1000)).with(4, st(2000)),
                new Series(DupFigure.MULTI2).with(2, st(1900)).with(4, st(4100))));
        assertEquals(List.of(Target.Status.MET, Target.Status.MISSED),
                DupFigure.targets(p).stream().map(Target::status).toList());
    }

    /** The idup targets: idup+wait within 1.5x dup at one thread per rank, and within 2x itself with two threads. */
    @Test
    void idupMustStayWithinOneAndAHalfDupAndTwiceItselfWithTwoThreads() {
        Plot p = new Plot("fig4", "t", "p", "x", "y", "ns", false, true, DupFigure.MULTI1, List.of(
                new Series(DupFigure.MULTI1).with(2, st(1000)).with(4, st(2000)),
                new Series(DupFigure.MULTI2).with(2, st(1900)).with(4, st(3900)),
                new Series(DupFigure.IDUP1).with(2, st(1400)).with(4, st(3100)),
                new Series(DupFigure.IDUP2).with(2, st(2900)).with(4, st(6000))));
        // no bare barrier in this run: the two-thread idup target has no floor to be judged against
        assertEquals(List.of(Target.Status.MET, Target.Status.MET, Target.Status.NOT_EVALUATED,
                        Target.Status.MET, Target.Status.MISSED, Target.Status.NOT_EVALUATED),
                DupFigure.targets(p).stream().map(Target::status).toList());
    }

    /** Two-thread idup is judged against 1.5x the bare barrier's own two-at-once ratio of the same run. */
    @Test
    void twoThreadIdupIsJudgedAgainstItsBarrierFloor() {
        Plot p = new Plot("fig4", "t", "p", "x", "y", "ns", false, true, DupFigure.MULTI1, List.of(
                new Series(DupFigure.BARRIER1).with(2, st(1000)), new Series(DupFigure.BARRIER2).with(2, st(1200))));
        assertEquals(Target.Status.MET, DupFigure.idupTwoThreads(p, 2, st(1000), st(1700)).status());
        Target missed = DupFigure.idupTwoThreads(p, 2, st(1000), st(1900));
        assertEquals(Target.Status.MISSED, missed.status(), missed.detail());
        assertEquals(Target.Status.NOT_EVALUATED, DupFigure.idupTwoThreads(p, 4, st(1000), st(1000)).status());
    }

    /** The bare barrier's ratio is told beside the two-thread targets at its rank count, and sets their bounds. */
    @Test
    void theBareBarrierFloorIsToldBesideTheTwoThreadTargets() {
        Plot above = new Plot("fig4", "t", "p", "x", "y", "ns", false, true, DupFigure.MULTI1, List.of(
                new Series(DupFigure.MULTI1).with(2, st(1000)).with(4, st(2000)),
                new Series(DupFigure.MULTI2).with(2, st(3000)).with(4, st(3000)),
                new Series(DupFigure.IDUP1).with(2, st(1000)).with(4, st(2000)),
                new Series(DupFigure.IDUP2).with(2, st(3000)).with(4, st(3000)),
                new Series(DupFigure.BARRIER1).with(2, st(1000)),
                new Series(DupFigure.BARRIER2).with(2, st(2200))));
        List<Target> t = DupFigure.targets(above);
        // idup 2 threads vs 1 at 2 ranks: 3.00x, within 1.5 x the barrier's 2.20x; at 4 ranks no barrier
        assertEquals(List.of(Target.Status.MISSED, Target.Status.MET, Target.Status.MET,
                Target.Status.MET, Target.Status.MET, Target.Status.NOT_EVALUATED),
                t.stream().map(Target::status).toList());
        assertTrue(t.get(0).detail().endsWith("2200 ns vs 1000 ns (2.20x), so at most 2.20x"), t.get(0).detail());
        assertTrue(t.get(2).detail().endsWith("(2.20x), so at most 3.30x"), t.get(2).detail());
        assertTrue(t.get(3).detail().endsWith("no bare barrier measured at 4 ranks, so at most 2x"),
                t.get(3).detail());
    }

    /** Two-thread dup is judged as bench core judges it: within 2x, or the barrier's own ratio if higher. */
    @Test
    void twoThreadDupIsJudgedAgainstTwiceOrItsBarrierFloorIfHigher() {
        Plot dear = new Plot("fig4", "t", "p", "x", "y", "ns", false, true, DupFigure.MULTI1, List.of(
                new Series(DupFigure.BARRIER1).with(2, st(1000)), new Series(DupFigure.BARRIER2).with(2, st(2400))));
        assertEquals(Target.Status.MET, DupFigure.dupTwoThreads(dear, 2, 2.3, "").status());
        assertEquals(Target.Status.MISSED, DupFigure.dupTwoThreads(dear, 2, 2.5, "").status());
        Plot cheap = new Plot("fig4", "t", "p", "x", "y", "ns", false, true, DupFigure.MULTI1, List.of(
                new Series(DupFigure.BARRIER1).with(2, st(1000)), new Series(DupFigure.BARRIER2).with(2, st(1500))));
        assertEquals(Target.Status.MET, DupFigure.dupTwoThreads(cheap, 2, 1.9, "").status());
        assertEquals(Target.Status.MISSED, DupFigure.dupTwoThreads(cheap, 2, 2.1, "").status());
        assertEquals(Target.Status.MISSED, DupFigure.dupTwoThreads(cheap, 4, 2.1, "").status());
    }

    @Test
    void globalMustBeToldApartFromOtherGranularities() {
        String po = MessageRateFigure.PER_OBJECT_TLP;
        Plot apart = new Plot("fig6", "t", "p", "x", "y", "ns", false, false, null, List.of(
                new Series("GLOBAL").with(1, st(0)).with(2, st(50)), new Series(po).with(1, st(0)).with(2, st(2))));
        Plot overlapping = new Plot("fig6", "t", "p", "x", "y", "ns", false, false, null, List.of(
                new Series("GLOBAL").with(1, st(0)).with(2, st(10)), new Series(po).with(1, st(0)).with(2, st(10.5))));
        Plot none = new Plot("fig6", "t", "p", "x", "y", "ns", false, false, null, List.of(
                new Series("GLOBAL").with(2, st(0)), new Series(po).with(2, st(0))));
        assertEquals(Target.Status.MET,
                MessageRateFigure.separation(List.of(apart), MessageRateFigure.Mode.BLOCKING, po).status());
        assertEquals(Target.Status.MISSED,
                MessageRateFigure.separation(List.of(overlapping), MessageRateFigure.Mode.BLOCKING, po).status());
        assertEquals(Target.Status.MISSED,
                MessageRateFigure.separation(List.of(none), MessageRateFigure.Mode.BLOCKING, po).status());
    }
}
