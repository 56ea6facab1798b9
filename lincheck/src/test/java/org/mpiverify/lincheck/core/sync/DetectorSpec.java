package org.mpiverify.lincheck.core.sync;

/**
 * Sequential specification of the SERIALIZED-misuse detector: an owner slot (a thread id or none).
 * enter reports an overlap iff another thread is inside; exit clears the slot only for its owner.
 */
public class DetectorSpec {
    private int owner = -1;

    public boolean enter(int t) {
        if (owner == -1) {
            owner = t;
            return false;
        }
        return owner != t;
    }

    public void exit(int t) {
        if (owner == t) owner = -1;
    }
}
