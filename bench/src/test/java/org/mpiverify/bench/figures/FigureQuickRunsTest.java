package org.mpiverify.bench.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.bench.kernel.ReceiveMethod;

/** Each figure's quick mode runs and writes every series it promises (no timing is asserted). */
class FigureQuickRunsTest {

    @Test
    void fig1PingPong(@TempDir Path dir) throws Exception {
        QuickFigureRun.runAndCheck(new PingPongFigure(), dir, Map.of("fig1", List.of(PingPongFigure.SINGLE,
                PingPongFigure.RUNTIME, PingPongFigure.MULTIPLE, PingPongFigure.FLOOR)), new double[] {8, 4096});
    }

    @Test
    void fig4Dup(@TempDir Path dir) throws Exception {
        QuickFigureRun.runAndCheck(new DupFigure(), dir, Map.of("fig4", List.of(DupFigure.SINGLE_ALG,
                DupFigure.MULTI1, DupFigure.MULTI2, DupFigure.IDUP1, DupFigure.IDUP2, DupFigure.BARRIER1,
                DupFigure.BARRIER2)), new double[] {2, 4});
    }

    @Test
    @SuppressWarnings("unchecked")
    void balajiMessageRatesWaitTimesAndTable1(@TempDir Path dir) throws Exception {
        List<String> names = new ArrayList<>();
        MessageRateFigure.variants().forEach(v -> names.add(v.name()));
        names.add(MessageRateFigure.PROCESSES);
        Map<String, List<String>> expected = new LinkedHashMap<>();
        for (String p : List.of("fig3", "fig4", "fig5", "fig6", "fig7", "fig8")) {
            expected.put(p, names);
        }
        Map<String, Object> json = QuickFigureRun.runAndCheck(new MessageRateFigure(), dir, expected,
                new double[] {1, 2});
        List<Map<String, Object>> tables = (List<Map<String, Object>>) json.get("tables");
        assertEquals(1, tables.size());
        List<List<String>> rows = (List<List<String>>) tables.get(0).get("rows");
        assertEquals(MessageRateFigure.variants().size(), rows.size());
        for (List<String> row : rows) {
            for (String cell : row.subList(1, 4)) {
                assertTrue(Double.parseDouble(cell) >= 0, row.toString());
            }
        }
    }

    @Test
    void hoeflerReceiveRateAndRoundTrip(@TempDir Path dir) throws Exception {
        List<String> names = new ArrayList<>();
        for (ReceiveMethod m : ReceiveMethod.values()) {
            names.add(m.label());
        }
        Map<String, List<String>> expected = new LinkedHashMap<>();
        for (String p : List.of("fig2a", "fig2b", "fig3a", "fig3b")) {
            expected.put(p, names);
        }
        QuickFigureRun.runAndCheck(new ProbeFigure(), dir, expected, new double[] {8, 4096});
    }
}
