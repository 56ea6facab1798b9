package org.mpiverify.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The bare protocols run, carry every payload back and forth, and refuse a message that does not match. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ProtocolFloorsTest {

    @Test
    void everyFloorCompletesItsRoundTrips() throws Exception {
        double posted = ProtocolFloors.postedReceiveNanos(20_000);
        double inbox = ProtocolFloors.inboxCellNanos(20_000);
        double paired = ProtocolFloors.pairedPostedReceiveNanos(20_000);
        double mailbox = ProtocolFloors.mailboxNanos(20_000);
        assertTrue(mailbox > 0 && Double.isFinite(mailbox), "mailbox " + mailbox);
        assertTrue(paired > 0 && Double.isFinite(paired), "paired " + paired);
        assertTrue(posted > 0 && Double.isFinite(posted), "posted " + posted);
        assertTrue(inbox > 0 && Double.isFinite(inbox), "inbox " + inbox);
    }

    @Test
    void aPostedCellRejectsADeliveryForAnotherTag() throws Exception {
        var cell = new ProtocolFloors.PostedCell();
        long deadline = System.nanoTime() + 60_000_000_000L;
        Thread receiver = Thread.ofPlatform().daemon(true).start(() -> {
            try {
                cell.receive(0, 1, System.nanoTime() + 2_000_000_000L);
            } catch (IllegalStateException expected) {
                // nothing is delivered: the receive gives up at its deadline
            }
        });
        var e = assertThrows(IllegalStateException.class, () -> cell.deliver(0, 2, 42, deadline));
        assertEquals("posted receive does not match", e.getMessage());
        receiver.join();
    }

    @Test
    void pairedCellsRejectADeliveryForAnotherSource() throws Exception {
        var line = new ProtocolFloors.PairedCells();
        Thread receiver = Thread.ofPlatform().daemon(true).start(() -> {
            try {
                line.receive(1, 0, 7, System.nanoTime() + 2_000_000_000L);
            } catch (IllegalStateException expected) {
                // nothing is delivered: the receive gives up at its deadline
            }
        });
        var e = assertThrows(IllegalStateException.class,
                () -> line.deliver(1, 3, 7, 42, System.nanoTime() + 60_000_000_000L));
        assertEquals("posted receive does not match", e.getMessage());
        receiver.join();
    }

    @Test
    void anInboxRejectsAMessageFromAnotherSource() {
        var inbox = new ProtocolFloors.Inbox();
        inbox.send(1, 0, 42);
        var e = assertThrows(IllegalStateException.class,
                () -> inbox.receive(0, 0, System.nanoTime() + 60_000_000_000L));
        assertEquals("inbox message does not match", e.getMessage());
    }

    @Test
    void aMailboxRejectsAMessageForAnotherTag() {
        var box = new ProtocolFloors.Mailbox();
        box.send(1, 3, 42);
        var e = assertThrows(IllegalStateException.class,
                () -> box.receive(1, 4, System.nanoTime() + 60_000_000_000L));
        assertEquals("mailbox message does not match", e.getMessage());
    }

    @Test
    void anInboxAndAMailboxCarryTheirMessagesInOrder() {
        var inbox = new ProtocolFloors.Inbox();
        var box = new ProtocolFloors.Mailbox();
        long deadline = System.nanoTime() + 60_000_000_000L;
        for (long i = 0; i < 200; i++) {            // past the inbox ring's 64 cells
            inbox.send(1, 0, i);
            assertEquals(i, inbox.receive(1, 0, deadline));
            box.send(1, 0, i);
            assertEquals(i, box.receive(1, 0, deadline));
        }
    }
}
