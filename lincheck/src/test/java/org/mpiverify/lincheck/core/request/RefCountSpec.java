package org.mpiverify.lincheck.core.request;

/**
 * Sequential specification of a request's reference count (Gropp &amp; Thakur §4.1, Balaji et al. §5.3):
 * an int counter that starts at 2 (the user's handle and the operation). {@code release} decrements it
 * and recycles the state exactly when it reaches 0 (bumping the generation and releasing the attached
 * communicator once); a count below 0 is an error. {@code retain} of a free state is an error.
 */
public class RefCountSpec {
    private int refs = 2;
    private int generation;
    private int recycles;
    private int attachmentReleases;

    public String retain() {
        int r = refs++;
        return r <= 0 ? "IllegalStateException" : "retained";
    }

    public String release() {
        int r = --refs;
        if (r == 0) {
            generation++;
            recycles++;
            attachmentReleases++;
            return "recycled";
        }
        return r < 0 ? "IllegalStateException" : "released";
    }

    public int refs() {
        return refs;
    }

    public int generation() {
        return generation;
    }

    public String recycles() {
        return recycles + " recycled, " + attachmentReleases + " attachment releases";
    }

    /** For GenerationWindow: release whose result is not compared. */
    public void releaseOne() {
        release();
    }
}
