package org.mpiverify.bench.kernel;

/**
 * What a receive got: source, tag and count in elements. Mutable and owned by one thread, which passes
 * it to every receive it makes, so a kernel's checks cost no allocation per message.
 */
public final class Received {
    int source;
    int tag;
    int count;

    void set(int source, int tag, int count) {
        this.source = source;
        this.tag = tag;
        this.count = count;
    }

    public int source() {
        return source;
    }

    public int tag() {
        return tag;
    }

    public int count() {
        return count;
    }
}
