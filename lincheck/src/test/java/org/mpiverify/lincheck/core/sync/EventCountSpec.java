package org.mpiverify.lincheck.core.sync;

/** Sequential specification of an event count: a long counter; "changed since k" is {@code count != k}. */
public class EventCountSpec {
    private long count;

    public void signal() {
        count++;
    }

    public long ticket() {
        return count;
    }

    public boolean awaitOrGiveUp(int k) {
        return count != k;
    }
}
