package org.mpiverify.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class TlaValuesTest {
    @Test
    void showsOnlyTheChangedEntryOfAFunction() {
        String before = "( <<\"p1\", \"c1\">> :> \"start\" @@ <<\"p2\", \"c1\">> :> \"start\" )";
        String after = "( <<\"p1\", \"c1\">> :> \"start\" @@ <<\"p2\", \"c1\">> :> \"wait\" )";
        assertEquals(List.of("pc[<<\"p2\", \"c1\">>] = \"wait\""), TlaValues.changes("pc", before, after));
    }

    @Test
    void showsOnlyTheChangedFieldOfANestedRecord() {
        String before = "[p1 |-> [m |-> {2, 3}, o |-> TRUE], p2 |-> {}]";
        String after = "[p1 |-> [m |-> {2}, o |-> TRUE], p2 |-> {}]";
        assertEquals(List.of("mask[p1] = [m |-> {2}, o |-> TRUE]"), TlaValues.changes("mask", before, after));
    }

    @Test
    void otherValuesAreShownWhole() {
        assertEquals(List.of("uq = <<1, 2>>"), TlaValues.changes("uq", "<<1>>", "<<1, 2>>"));
    }
}
