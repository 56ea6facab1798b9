package org.mpiverify.lincheck.core.sync;

/** Sequential specification of a registry of threads: which thread ids are registered, and how many. */
public class RegistrySpec {
    private final boolean[] registered = new boolean[8];

    public boolean register(int t) {
        if (registered[t]) return false;
        registered[t] = true;
        return true;
    }

    public boolean deregister(int t) {
        if (!registered[t]) return false;
        registered[t] = false;
        return true;
    }

    public int size() {
        int n = 0;
        for (boolean r : registered) if (r) n++;
        return n;
    }

    public int listed() {
        return size();
    }
}
