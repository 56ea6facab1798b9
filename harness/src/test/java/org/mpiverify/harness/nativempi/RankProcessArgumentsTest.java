package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** How a rank process finds its scenario, and the errors it gives for bad input. */
@Timeout(10)
class RankProcessArgumentsTest {
    @Test
    void aScenarioClassIsInstantiated() {
        assertInstanceOf(CommunicatorScenario.class, RankProcess.scenario(null, CommunicatorScenario.class.getName()));
    }

    @Test
    void anUnknownClassSaysWhatIsNeeded() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RankProcess.scenario(null, "org.example.NoSuchScenario"));
        assertTrue(e.getMessage().contains("public no-argument constructor"), e.getMessage());
    }

    @Test
    void aClassThatIsNoScenarioIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RankProcess.scenario(null, String.class.getName()));
        assertTrue(e.getMessage().contains("is not a Scenario"), e.getMessage());
    }

    @Test
    void anUnknownIdListsTheKnownOnes() {
        NoSuchElementException e = assertThrows(NoSuchElementException.class, () -> RankProcess.scenario("no-such-id", null));
        assertTrue(e.getMessage().contains("known:"), e.getMessage());
    }

    @Test
    void aSpecGoesThroughFromSpec() {
        SpecScenario s = assertInstanceOf(SpecScenario.class,
                RankProcess.scenario(null, SpecScenario.class.getName(), "n=42"));
        assertEquals("n=42", s.spec());
    }

    @Test
    void aSpecTheFactoryRejectsSaysWhy() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RankProcess.scenario(null, SpecScenario.class.getName(), "n=-1"));
        assertTrue(e.getMessage().contains("rejected the spec") && e.getMessage().contains("n=<positive int>"), e.getMessage());
    }

    @Test
    void aSpecForAClassWithoutFromSpecIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RankProcess.scenario(null, CommunicatorScenario.class.getName(), "n=1"));
        assertTrue(e.getMessage().contains("no public static fromSpec(String)"), e.getMessage());
    }

    @Test
    void aSpecWithACatalogIdIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RankProcess.scenario("any-id", null, "n=1"));
        assertTrue(e.getMessage().contains("--scenario-class"), e.getMessage());
    }
}
