package org.mpiverify.core.coll;

/**
 * How a collective's argument errors name its buffers ("gather send buffer", ...), made once per call kind:
 * the checks run on every call and used to build these texts each time, for messages only a bad call needs.
 */
record ArgNames(String send, String sendBuffer, String receive, String receiveBuffer) {
    static final ArgNames GATHER = of("gather"), GATHERV = of("gatherv"), SCATTER = of("scatter"),
            SCATTERV = of("scatterv"), ALLGATHER = of("allgather"), ALLTOALL = of("alltoall"),
            IGATHER = of("igather"), IGATHERV = of("igatherv"), ISCATTER = of("iscatter"),
            ISCATTERV = of("iscatterv"), IALLGATHER = of("iallgather"), IALLTOALL = of("ialltoall");

    private static ArgNames of(String call) {
        return new ArgNames(call + " send", call + " send buffer", call + " receive", call + " receive buffer");
    }
}
