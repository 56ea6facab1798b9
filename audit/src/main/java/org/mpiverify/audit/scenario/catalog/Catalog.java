package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.List;

/**
 * The scenarios of the catalog, in report order (see {@link org.mpiverify.audit.scenario.ScenarioCatalog}): a new
 * scenario is its class in this folder and its line here. The list is written out rather than found on the class
 * path, because the order is the reports' and a class may stand for several scenarios (one per parameter).
 */
public final class Catalog {
    /**
     * The deadline of the error-path, cancel, cross-thread-completion, send-to-self and shared-tag scenarios: a run
     * takes 1.5-4.2 s on the native targets (JVM start included) of a 2-core machine while another build runs beside
     * it, and 0.1-0.6 s on the core; every library that hangs one costs this much per CI run (the other scenarios
     * have 20 s).
     */
    static final Duration SHORT_DEADLINE = Duration.ofSeconds(12);

    private Catalog() { }

    public static List<CatalogScenario> scenarios() {
        return List.of(
                new ThreadLevelScenario(false),
                new PointToPointScenario(PointToPointScenario.Mode.BLOCKING),
                new PointToPointScenario(PointToPointScenario.Mode.NONBLOCKING),
                new PointToPointScenario(PointToPointScenario.Mode.SYNCHRONOUS),
                new ProbeExchangeScenario(ProbeExchangeScenario.Probe.PROBE, false),
                new ProbeExchangeScenario(ProbeExchangeScenario.Probe.IPROBE, false),
                new ProbeExchangeScenario(ProbeExchangeScenario.Probe.MPROBE, false),
                new ProbeExchangeScenario(ProbeExchangeScenario.Probe.IMPROBE, false),
                new ProbeExchangeScenario(ProbeExchangeScenario.Probe.IPROBE, true),
                new ProbeExchangeScenario(ProbeExchangeScenario.Probe.IMPROBE, true),
                new CommCreationScenario(CommCreationScenario.Kind.DUP),
                new CommCreationScenario(CommCreationScenario.Kind.SPLIT),
                new CommCreationScenario(CommCreationScenario.Kind.CREATE),
                new CommCreationScenario(CommCreationScenario.Kind.CREATE_GROUP),
                new CommCreationScenario(CommCreationScenario.Kind.CREATE_GROUP_SUBSETS),
                new CyclicDupScenario(),
                new ContextIdExhaustionScenario(),
                new CollectivesScenario(),
                new IdupScenario(),
                new NonblockingCollectivesScenario(),
                new Fig2Scenario(),
                new ProbeLoadScenario(false),
                new ProbeLoadScenario(true),
                new HoeflerListingScenario(),
                new FreeWhilePendingScenario(),
                new DatatypeFreeWhilePendingScenario(),
                new WildcardScenario(),
                new ErrorPathScenario(ErrorPathScenario.Kind.TRUNCATE),
                new ErrorPathScenario(ErrorPathScenario.Kind.INVALID_ARGS),
                new CancelRaceScenario(),
                new CrossThreadCompletionScenario(),
                new PersistentSendrecvScenario(),
                new GrequestScenario(),
                new SendToSelfScenario(),
                new SharedTagScenario(),
                new BufferedSendScenario(),
                new AttributeListsScenario(AttributeListsScenario.Kind.ATTRIBUTES),
                new AttributeListsScenario(AttributeListsScenario.Kind.INFO),
                new ThreadKindsScenario(),
                new ThreadLevelScenario(true));
    }
}
