package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Gropp &amp; Thakur's Fig. 2 as pairs of calls: a blocking call that thread 0 of one process makes on
 * its communicator {@code first}, and the call that thread 1 of the other process makes on its
 * {@code second} (the same communicator) to let it return. Every blocking call of the API is here, for
 * {@link Fig2EveryBlockingCallTest} and {@link BlockedCallsTest}.
 */
enum Fig2Call {
    RECV("recv", (c, i) -> assertEquals(i, recvInt(c.first(), c.other())), Fig2Call::sendIteration),
    PROBE("probe", (c, i) -> {
        assertEquals(1, c.first().probe(c.other(), 0).count(Datatype.INT));
        assertEquals(i, recvInt(c.first(), c.other()));
    }, Fig2Call::sendIteration),
    MPROBE("mprobe", (c, i) -> {
        int[] b = new int[1];
        c.first().mprobe(c.other(), 0, null).mrecv(b, 0, 1, Datatype.INT);
        assertEquals(i, b[0]);
    }, Fig2Call::sendIteration),
    WAIT("waitFor", (c, i) -> {
        int[] b = new int[1];
        c.first().irecv(b, 0, 1, Datatype.INT, c.other(), 0).waitFor();
        assertEquals(i, b[0]);
    }, Fig2Call::sendIteration),
    WAIT_ANY("waitAny", (c, i) -> {
        int[] b = new int[1];
        assertEquals(0, Request.waitAny(c.first().irecv(b, 0, 1, Datatype.INT, c.other(), 0)));
        assertEquals(i, b[0]);
    }, Fig2Call::sendIteration),
    WAIT_ALL("waitAll", (c, i) -> {
        int[] b = new int[1];
        Request.waitAll(c.first().irecv(b, 0, 1, Datatype.INT, c.other(), 0), null);
        assertEquals(i, b[0]);
    }, Fig2Call::sendIteration),
    SENDRECV("sendrecv", (c, i) -> {
        int[] b = new int[1];
        c.first().sendrecv(new int[] {i}, 0, 1, Datatype.INT, c.other(), 1, b, 0, 1, Datatype.INT, c.other(), 0);
        assertEquals(i, b[0]);
    }, (c, i) -> {
        sendIteration(c, i);
        int[] b = new int[1];
        c.second().recv(b, 0, 1, Datatype.INT, c.other(), 1);
        assertEquals(i, b[0]);
    }),
    SSEND("ssend", (c, i) -> c.first().ssend(new int[] {i}, 0, 1, Datatype.INT, c.other(), 0),
            (c, i) -> assertEquals(i, recvInt(c.second(), c.other()))),
    BARRIER("barrier", (c, i) -> c.first().barrier(), (c, i) -> c.second().barrier()),
    // The root only sends: thread 0 receives from the other process, thread 1 is the root.
    BCAST("bcast", (c, i) -> bcast(c.first(), c.other(), i), (c, i) -> bcast(c.second(), c.second().rank(), i)),
    ALLREDUCE("allreduce", (c, i) -> allreduce(c.first(), i), (c, i) -> allreduce(c.second(), i)),
    ALLGATHER("allgather", (c, i) -> allgather(c.first()), (c, i) -> allgather(c.second())),
    ALLTOALL("alltoall", (c, i) -> alltoall(c.first()), (c, i) -> alltoall(c.second())),
    DUP("dup", (c, i) -> c.first().dup().free(), (c, i) -> c.second().dup().free());

    /** The API method thread 0 blocks in (a frame of {@code org.mpiverify.mpi} with this name). */
    final String method;
    final Body blocked;
    final Body release;

    Fig2Call(String method, Body blocked, Body release) {
        this.method = method;
        this.blocked = blocked;
        this.release = release;
    }

    interface Body {
        void run(Calls c, int iteration) throws Exception;
    }

    /**
     * What a process's threads call on: its peer, the communicator of its blocked thread ({@code first})
     * and that of its releasing thread ({@code second}); the other process has them the other way round.
     */
    record Calls(int other, Comm first, Comm second) {
    }

    private static void sendIteration(Calls c, int i) {
        c.second().send(new int[] {i}, 0, 1, Datatype.INT, c.other(), 0);
    }

    private static int recvInt(Comm w, int from) {
        int[] b = new int[1];
        w.recv(b, 0, 1, Datatype.INT, from, 0);
        return b[0];
    }

    private static void bcast(Comm c, int root, int i) {
        int[] v = {c.rank() == root ? i : -1};
        c.bcast(v, 0, 1, Datatype.INT, root);
        assertEquals(i, v[0]);
    }

    private static void allreduce(Comm c, int i) {
        int[] sum = new int[1];
        c.allreduce(new int[] {i}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
        assertEquals(2 * i, sum[0]);
    }

    private static void allgather(Comm c) {
        int[] all = new int[2];
        c.allgather(new int[] {c.rank()}, 0, 1, Datatype.INT, all, 0, 1, Datatype.INT);
        assertEquals(1, all[1]);
    }

    private static void alltoall(Comm c) {
        int[] in = new int[2];
        c.alltoall(new int[] {10 * c.rank(), 10 * c.rank() + 1}, 0, 1, Datatype.INT, in, 0, 1, Datatype.INT);
        assertEquals(c.rank(), in[0]);
    }
}
