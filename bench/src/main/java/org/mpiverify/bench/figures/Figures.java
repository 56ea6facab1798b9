package org.mpiverify.bench.figures;

import java.util.List;
import java.util.Optional;
import org.mpiverify.bench.dang.DangCapacityFigure;
import org.mpiverify.bench.dang.DangFigure;
import org.mpiverify.bench.runner.BenchFigure;

/**
 * The papers' figures {@code ./mpiverify bench} knows, in the order {@code bench all} runs them. The command takes its
 * names, their completion and its usage (each figure's {@link BenchFigure#description()}) from this list, so a new
 * figure is its class and its line here.
 */
public final class Figures {
    private Figures() {
    }

    public static List<BenchFigure> all() {
        return List.of(new PingPongFigure(), new DupFigure(), new MessageRateFigure(), new ProbeFigure(),
                new DangFigure(), new DangCapacityFigure());
    }

    public static Optional<BenchFigure> byId(String id) {
        return all().stream().filter(f -> f.id().equals(id)).findFirst();
    }
}
