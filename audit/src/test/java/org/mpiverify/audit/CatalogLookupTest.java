package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.nativempi.NativeTarget;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.ScenarioLookup;
import org.mpiverify.harness.scenario.Verdict;

/**
 * A rank process finds the audit's scenarios by id: the catalog is registered as the harness's scenario source, so
 * a target names a catalog scenario to its ranks by id (most catalog scenarios have constructor parameters and no
 * spec, so a class name alone could not rebuild them), and a rank process, on the driver's class path, resolves the
 * id to the same scenario.
 */
@Timeout(10)
class CatalogLookupTest {
    private final ClassLoader loader = CatalogLookupTest.class.getClassLoader();

    @Test
    void everyCatalogScenarioIsFoundByIdAsItself() {
        List<Scenario> catalogued = ScenarioLookup.catalogued(loader);   // the service's list: no order promised
        assertEquals(ScenarioCatalog.all().size(), catalogued.size());
        assertEquals(Set.copyOf(ScenarioCatalog.all()), Set.copyOf(catalogued));
        for (Scenario s : ScenarioCatalog.all()) {
            assertTrue(ScenarioLookup.findableById(s), s.id());
            assertSame(s, ScenarioLookup.resolve(s.id(), null, null, loader), s.id());
        }
        NoSuchElementException e = assertThrows(NoSuchElementException.class,
                () -> ScenarioLookup.resolve("no-such-scenario", null, null, loader));
        assertTrue(e.getMessage().contains("p2p-blocking"), e.getMessage());
    }

    @Test
    void aNativeTargetNamesACatalogScenarioByIdAndAnyOtherByClass() {
        Scenario p2p = ScenarioCatalog.byId("p2p-blocking");
        List<String> cmd = NativeTarget.mpich().command(p2p, Path.of("/tmp/unused"));
        assertEquals("p2p-blocking", cmd.get(cmd.indexOf("--scenario") + 1), cmd.toString());
        assertFalse(cmd.contains("--scenario-class"), cmd.toString());

        Scenario sameId = new Unlisted("p2p-blocking"); // an id of the catalog on another class: not the catalog's
        assertFalse(ScenarioLookup.findableById(sameId));
        List<String> other = NativeTarget.mpich().command(sameId, Path.of("/tmp/unused"));
        assertEquals(Unlisted.class.getName(), other.get(other.indexOf("--scenario-class") + 1), other.toString());
        assertFalse(other.contains("--scenario"), other.toString());
    }

    /** A scenario of no catalog. */
    public static final class Unlisted implements Scenario {
        private final String id;

        public Unlisted() { this("unlisted"); }

        Unlisted(String id) { this.id = id; }

        @Override public String id() { return id; }
        @Override public String title() { return "unlisted"; }
        @Override public String origin() { return "a test"; }
        @Override public int ranks() { return 2; }
        @Override public int repeats(boolean full) { return 1; }
        @Override public java.time.Duration deadline() { return java.time.Duration.ofSeconds(1); }
        @Override public RankReport run(AuditMpi mpi) { return new RankReport.Builder(0).build(); }
        @Override public Verdict judge(List<RankReport> reports) { return Verdict.pass("unlisted"); }
    }
}
