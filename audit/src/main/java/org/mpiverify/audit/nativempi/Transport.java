package org.mpiverify.audit.nativempi;

/**
 * How a native library's ranks reach each other: one audit column each. {@link #DEFAULT} is whatever the
 * library picks by itself (shared memory between the ranks of one host, for the Debian builds); {@link #TCP}
 * forces its network path over TCP sockets, the path a cluster's ranks on different nodes take when there is
 * no faster fabric. What each library is told is in {@link NativeAbi#transportEnvironment}; whether it
 * listened is not assumed but checked from the sockets the ranks hold ({@link TcpConnections}).
 */
public enum Transport {
    DEFAULT("default", ""),
    TCP("tcp", " over TCP");

    private final String id;
    private final String columnSuffix;

    Transport(String id, String columnSuffix) {
        this.id = id;
        this.columnSuffix = columnSuffix;
    }

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
