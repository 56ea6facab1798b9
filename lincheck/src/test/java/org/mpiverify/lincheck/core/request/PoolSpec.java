package org.mpiverify.lincheck.core.request;

/**
 * Sequential specification of an object pool as its users see it: every acquire hands out an object
 * nobody else holds ("ok"; never "DUPLICATE"), and a thread can release, or hand off to another thread
 * for release, only what it holds. Per-thread counts of held objects plus a FIFO count of handed-off ones.
 * Thread ids come from Lincheck's ThreadIdGen.
 */
public class PoolSpec {
    private final int[] held = new int[8];
    private int handedOff;

    public String acquire(int t) {
        held[t]++;
        return "ok";
    }

    public boolean release(int t) {
        if (held[t] == 0) return false;
        held[t]--;
        return true;
    }

    public boolean handOff(int t) {
        if (held[t] == 0) return false;
        held[t]--;
        handedOff++;
        return true;
    }

    public boolean releaseHandedOff() {
        if (handedOff == 0) return false;
        handedOff--;
        return true;
    }
}
