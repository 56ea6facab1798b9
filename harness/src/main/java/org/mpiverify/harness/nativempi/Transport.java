package org.mpiverify.harness.nativempi;

/**
 * How a native library's ranks reach each other: one audit column each. {@link #DEFAULT} is whatever the
 * library picks by itself (shared memory between the ranks of one host, for the Debian builds); {@link #TCP}
 * forces its network path over TCP sockets, the path a cluster's ranks on different nodes take when there is
 * no faster fabric. What each library is told is in {@link NativeAbi#transportEnvironment}; whether it
 * listened is not assumed but checked from the sockets the ranks hold ({@link TcpConnections}).
 */
public enum Transport {
    DEFAULT("default", "", 1),
    TCP("tcp", " over TCP", 2);

    private final String id;
    private final String columnSuffix;
    private final int deadlineFactor;

    Transport(String id, String columnSuffix, int deadlineFactor) {
        this.id = id;
        this.columnSuffix = columnSuffix;
        this.deadlineFactor = deadlineFactor;
    }

    /**
     * How many times its own deadline a scenario gets over this transport ({@link
     * org.mpiverify.harness.scenario.DeadlineScale}): 2 for TCP, where Open MPI's Fig. 2 exchange, for one, takes about
     * 4 ms per iteration against tens of microseconds over shared memory (measured here in C: 6000 iterations in 21-26 s).
     */
    public int deadlineFactor() { return deadlineFactor; }

    /** The command-line name: {@code default} or {@code tcp}. */
    public String id() { return id; }

    /** What a column name gets after the library's name: nothing, or {@code " over TCP"}. */
    public String columnSuffix() { return columnSuffix; }

    /** The transport named {@code id}; an unknown one is an IllegalArgumentException listing the known ones. */
    public static Transport byId(String id) {
        for (Transport t : values()) if (t.id.equals(id)) return t;
        throw new IllegalArgumentException("unknown transport '" + id + "'; known: default, tcp, all");
    }
}
