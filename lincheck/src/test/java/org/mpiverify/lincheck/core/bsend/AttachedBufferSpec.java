package org.mpiverify.lincheck.core.bsend;

import java.util.TreeMap;

/**
 * Sequential specification of the attached buffer of buffered sends (MPI-3.1 §3.6) as {@link AttachedBufferOperations}
 * sees it: a buffer of {@value AttachedBufferOperations#CAPACITY} bytes, attached at the start, as a map of held
 * regions (start to size). A reserve takes the lowest offset whose bytes are all free, or is refused (no buffer, a
 * detach under way, no room); a release frees the region that starts there; a detach, once begun, refuses
 * reserves, and its signal is given once, when no region is held; it finishes only after the signal.
 */
public class AttachedBufferSpec {
    private final TreeMap<Integer, Integer> regions = new TreeMap<>();
    private boolean attached = true;
    private boolean detaching;
    private int signals;

    public String attach() {
        if (attached) return "ERR_BUFFER";
        attached = true;
        return "ok";
    }

    public String reserve(int size) {
        if (!attached || detaching) return "ERR_BUFFER";
        for (int at = 0; at + size <= AttachedBufferOperations.CAPACITY; at++) {
            if (free(at, size)) {
                regions.put(at, size);
                return "at " + at;
            }
        }
        return "ERR_BUFFER";
    }

    private boolean free(int at, int size) {
        for (var r : regions.entrySet()) {
            if (at < r.getKey() + r.getValue() && r.getKey() < at + size) return false;
        }
        return true;
    }

    public boolean release(int start) {
        if (regions.remove(start) == null) return false;
        if (detaching && regions.isEmpty()) signals++;
        return true;
    }

    public String beginDetach() {
        if (!attached) return "none";
        if (detaching) return "ERR_BUFFER";
        detaching = true;
        if (regions.isEmpty()) signals++;
        return "buffer";
    }

    public boolean finishDetach() {
        if (!detaching || !regions.isEmpty()) return false;
        detaching = false;
        attached = false;
        return true;
    }

    public int drainedSignals() {
        return signals;
    }
}
