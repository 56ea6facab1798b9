package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.core.coll.Collectives;

/**
 * Bad input to every public call, as a table: each row is a call with one bad argument (null, out of
 * range, a freed handle, a freed, uncommitted or foreign datatype, a signature mismatch, an op not defined on
 * a type, a thread the level does not allow) and the error class it must get. Every row
 * runs on rank 0 of a two-rank job while a message from rank 1 waits unexpected on the communicator; after
 * each row the message is still there and nothing else was left behind (no receive posted, no message
 * consumed, no use of a datatype or user op held), and at the end a normal exchange on the same communicator
 * works. On every granularity and
 * engine. The table of what each bad input gets is {@code docs/errors.md}.
 */
class BadInputTest {
    /** One row: a name, the error class the call must raise, and the call made on rank 0's handles. */
    record Row(String name, ErrorClass expected, Bad call) {
        @Override
        public String toString() {
            return name;
        }
    }

    @FunctionalInterface
    interface Bad {
        void call(Handles h) throws Throwable;
    }

    /**
     * What a row calls on: world, a freed dup, a request of rank 1 (another rank), a received message and
     * a freed request.
     */
    record Handles(Mpi mpi, Comm w, Comm freed, Request otherRanks, Message received, Request freedRequest) {
    }

    private static final int[] B = new int[4];
    private static final Group NO_GROUP = null;

    // Derived datatypes and user ops the rows use; after every row none may hold a use (leak check).
    /** Two INTs with a hole between them (extent 3 INTs): one item fits in B, two do not. */
    private static final DerivedDatatype PAIR = committed(DerivedDatatype.vector(2, 1, 2, Datatype.INT));
    /** An INT and a DOUBLE (extent 16 bytes): a type of mixed elements, over ByteBuffers. */
    private static final DerivedDatatype MIXED = committed(DerivedDatatype.struct(new int[] {1, 1},
            new long[] {0, 8}, new MpiDatatype[] {Datatype.INT, Datatype.DOUBLE}));
    private static final DerivedDatatype DOUBLES = committed(DerivedDatatype.vector(2, 1, 2, Datatype.DOUBLE));
    private static final DerivedDatatype UNCOMMITTED = DerivedDatatype.contiguous(2, Datatype.INT);
    private static final DerivedDatatype FREED_TYPE = freed(DerivedDatatype.contiguous(2, Datatype.INT));
    private static final UserOp LIVE_OP = Op.create((in, io, inout, ioo, count, type) -> { }, false);
    private static final UserOp FREED_OP = freed(Op.create((in, io, inout, ioo, count, type) -> { }, true));
    /** A datatype of no MPI's. */
    private static final MpiDatatype FOREIGN = new MpiDatatype() {
        public int size() { return 4; }
        public void commit() { }
        public void free() { }
    };

    private static DerivedDatatype committed(DerivedDatatype t) {
        t.commit();
        return t;
    }

    private static DerivedDatatype freed(DerivedDatatype t) {
        t.free();
        return t;
    }

    private static UserOp freed(UserOp op) {
        op.free();
        return op;
    }

    /** Uses held by the rows' types and ops: no row may change it. */
    static int pendingUses() {
        return PAIR.pendingUses() + MIXED.pendingUses() + DOUBLES.pendingUses() + UNCOMMITTED.pendingUses()
                + LIVE_OP.pendingUses();
    }

    static List<Row> rows() {
        List<Row> t = new ArrayList<>();
        // ---- point to point: send family
        for (String op : new String[] {"send", "ssend", "isend", "issend"}) {
            t.add(row(op + " dest 2", ErrorClass.ERR_RANK, h -> send(op, h.w(), B, 0, 1, Datatype.INT, 2, 0)));
            t.add(row(op + " dest -5", ErrorClass.ERR_RANK, h -> send(op, h.w(), B, 0, 1, Datatype.INT, -5, 0)));
            t.add(row(op + " dest ANY_SOURCE", ErrorClass.ERR_RANK,
                    h -> send(op, h.w(), B, 0, 1, Datatype.INT, Mpi.ANY_SOURCE, 0)));
            t.add(row(op + " tag -1", ErrorClass.ERR_TAG, h -> send(op, h.w(), B, 0, 1, Datatype.INT, 1, -1)));
            t.add(row(op + " tag ANY_TAG", ErrorClass.ERR_TAG,
                    h -> send(op, h.w(), B, 0, 1, Datatype.INT, 1, Mpi.ANY_TAG)));
            t.add(row(op + " tag TAG_UB+1", ErrorClass.ERR_TAG,
                    h -> send(op, h.w(), B, 0, 1, Datatype.INT, 1, Mpi.TAG_UB + 1)));
            t.add(row(op + " count -1", ErrorClass.ERR_COUNT, h -> send(op, h.w(), B, 0, -1, Datatype.INT, 1, 0)));
            t.add(row(op + " null buffer", ErrorClass.ERR_BUFFER, h -> send(op, h.w(), null, 0, 1, Datatype.INT, 1, 0)));
            t.add(row(op + " count past the end", ErrorClass.ERR_BUFFER,
                    h -> send(op, h.w(), B, 0, 5, Datatype.INT, 1, 0)));
            t.add(row(op + " offset -1", ErrorClass.ERR_BUFFER, h -> send(op, h.w(), B, -1, 1, Datatype.INT, 1, 0)));
            t.add(row(op + " offset past the end", ErrorClass.ERR_BUFFER,
                    h -> send(op, h.w(), B, 4, 1, Datatype.INT, 1, 0)));
            t.add(row(op + " long[] as INT", ErrorClass.ERR_BUFFER,
                    h -> send(op, h.w(), new long[1], 0, 1, Datatype.INT, 1, 0)));
            t.add(row(op + " a String as buffer", ErrorClass.ERR_BUFFER,
                    h -> send(op, h.w(), "text", 0, 1, Datatype.BYTE, 1, 0)));
            t.add(row(op + " null datatype", ErrorClass.ERR_TYPE, h -> send(op, h.w(), B, 0, 1, null, 1, 0)));
            t.add(row(op + " on a freed communicator", ErrorClass.ERR_COMM,
                    h -> send(op, h.freed(), B, 0, 1, Datatype.INT, 1, 0)));
        }
        // ---- receive family
        for (String op : new String[] {"recv", "irecv"}) {
            t.add(row(op + " source 7", ErrorClass.ERR_RANK, h -> recv(op, h.w(), B, 0, 1, Datatype.INT, 7, 0)));
            t.add(row(op + " source -7", ErrorClass.ERR_RANK, h -> recv(op, h.w(), B, 0, 1, Datatype.INT, -7, 0)));
            t.add(row(op + " tag -3", ErrorClass.ERR_TAG, h -> recv(op, h.w(), B, 0, 1, Datatype.INT, 1, -3)));
            t.add(row(op + " tag TAG_UB+1", ErrorClass.ERR_TAG,
                    h -> recv(op, h.w(), B, 0, 1, Datatype.INT, 1, Mpi.TAG_UB + 1)));
            t.add(row(op + " count -1", ErrorClass.ERR_COUNT, h -> recv(op, h.w(), B, 0, -1, Datatype.INT, 1, 99)));
            t.add(row(op + " null buffer", ErrorClass.ERR_BUFFER, h -> recv(op, h.w(), null, 0, 1, Datatype.INT, 1, 99)));
            t.add(row(op + " read-only ByteBuffer", ErrorClass.ERR_BUFFER, h -> recv(op, h.w(),
                    ByteBuffer.allocate(8).asReadOnlyBuffer(), 0, 1, Datatype.INT, 1, 99)));
            t.add(row(op + " count past the end", ErrorClass.ERR_BUFFER,
                    h -> recv(op, h.w(), B, 2, 3, Datatype.INT, 1, 99)));
            t.add(row(op + " null datatype", ErrorClass.ERR_TYPE, h -> recv(op, h.w(), B, 0, 1, null, 1, 99)));
            t.add(row(op + " on a freed communicator", ErrorClass.ERR_COMM,
                    h -> recv(op, h.freed(), B, 0, 1, Datatype.INT, 1, 99)));
        }
        // ---- sendrecv: every argument of both halves, before anything is posted
        t.add(row("sendrecv dest 99", ErrorClass.ERR_RANK, h -> h.w().sendrecv(B, 0, 1, Datatype.INT, 99, 0,
                B, 0, 1, Datatype.INT, 1, 99)));
        t.add(row("sendrecv send tag -1", ErrorClass.ERR_TAG, h -> h.w().sendrecv(B, 0, 1, Datatype.INT, 1, -1,
                B, 0, 1, Datatype.INT, 1, 99)));
        t.add(row("sendrecv null send buffer", ErrorClass.ERR_BUFFER, h -> h.w().sendrecv(null, 0, 1, Datatype.INT,
                1, 0, B, 0, 1, Datatype.INT, 1, 99)));
        t.add(row("sendrecv null send type", ErrorClass.ERR_TYPE, h -> h.w().sendrecv(B, 0, 1, null, 1, 0,
                B, 0, 1, Datatype.INT, 1, 99)));
        t.add(row("sendrecv source 9", ErrorClass.ERR_RANK, h -> h.w().sendrecv(B, 0, 1, Datatype.INT, 1, 0,
                B, 0, 1, Datatype.INT, 9, 99)));
        t.add(row("sendrecv receive count -2", ErrorClass.ERR_COUNT, h -> h.w().sendrecv(B, 0, 1, Datatype.INT, 1, 0,
                B, 0, -2, Datatype.INT, 1, 99)));
        t.add(row("sendrecv null receive buffer", ErrorClass.ERR_BUFFER, h -> h.w().sendrecv(B, 0, 1, Datatype.INT,
                1, 0, null, 0, 1, Datatype.INT, 1, 99)));
        t.add(row("sendrecv on a freed communicator", ErrorClass.ERR_COMM, h -> h.freed().sendrecv(B, 0, 1,
                Datatype.INT, 1, 0, B, 0, 1, Datatype.INT, 1, 99)));
        // ---- probes
        t.add(row("probe source 2", ErrorClass.ERR_RANK, h -> h.w().probe(2, 99)));
        t.add(row("iprobe tag -2", ErrorClass.ERR_TAG, h -> h.w().iprobe(1, -2)));
        t.add(row("mprobe source -9", ErrorClass.ERR_RANK, h -> h.w().mprobe(-9, 99, null)));
        t.add(row("improbe tag TAG_UB+1", ErrorClass.ERR_TAG, h -> h.w().improbe(1, Mpi.TAG_UB + 1, null)));
        t.add(row("probe on a freed communicator", ErrorClass.ERR_COMM, h -> h.freed().probe(1, 99)));
        t.add(row("iprobe on a freed communicator", ErrorClass.ERR_COMM, h -> h.freed().iprobe(1, 99)));
        t.add(row("mprobe on a freed communicator", ErrorClass.ERR_COMM, h -> h.freed().mprobe(1, 99, null)));
        t.add(row("improbe on a freed communicator", ErrorClass.ERR_COMM, h -> h.freed().improbe(1, 99, null)));
        // ---- messages and requests
        t.add(row("mrecv of a message received already", ErrorClass.ERR_REQUEST,
                h -> h.received().mrecv(B, 0, 1, Datatype.INT)));
        t.add(row("imrecv of a message received already", ErrorClass.ERR_REQUEST,
                h -> h.received().imrecv(B, 0, 1, Datatype.INT)));
        t.add(row("mrecv null buffer", ErrorClass.ERR_BUFFER, h -> h.received().mrecv(null, 0, 1, Datatype.INT)));
        t.add(row("waitFor on a freed request", ErrorClass.ERR_REQUEST, h -> h.freedRequest().waitFor()));
        t.add(row("test on a freed request", ErrorClass.ERR_REQUEST, h -> h.freedRequest().test()));
        t.add(row("cancel a freed request", ErrorClass.ERR_REQUEST, h -> h.freedRequest().cancel()));
        t.add(row("free a freed request", ErrorClass.ERR_REQUEST, h -> h.freedRequest().free()));
        t.add(row("waitAll of a null array", ErrorClass.ERR_ARG, h -> Request.waitAll((Request[]) null)));
        t.add(row("waitAny of a null array", ErrorClass.ERR_ARG, h -> Request.waitAny((Request[]) null)));
        t.add(row("testAll of a null array", ErrorClass.ERR_ARG, h -> Request.testAll((Request[]) null)));
        t.add(row("testAny of a null array", ErrorClass.ERR_ARG, h -> Request.testAny((Request[]) null)));
        t.add(row("waitAll with a freed request", ErrorClass.ERR_IN_STATUS, h -> Request.waitAll(h.freedRequest())));
        for (String op : new String[] {"waitAll", "waitAny", "testAll", "testAny"}) {
            t.add(row(op + " with requests of two ranks", ErrorClass.ERR_REQUEST, h -> {
                Request mine = h.w().isend(B, 0, 1, Datatype.INT, Mpi.PROC_NULL, 0);
                try {
                    arrayCall(op, mine, h.otherRanks());
                } finally {
                    mine.waitFor();
                }
            }));
        }
        // ---- collectives (checked locally before any message: rank 1 does not take part)
        t.add(row("bcast root 2", ErrorClass.ERR_ROOT, h -> h.w().bcast(B, 0, 1, Datatype.INT, 2)));
        t.add(row("bcast root -1", ErrorClass.ERR_ROOT, h -> h.w().bcast(B, 0, 1, Datatype.INT, -1)));
        t.add(row("bcast null datatype", ErrorClass.ERR_TYPE, h -> h.w().bcast(B, 0, 1, null, 0)));
        t.add(row("bcast count -1", ErrorClass.ERR_COUNT, h -> h.w().bcast(B, 0, -1, Datatype.INT, 0)));
        t.add(row("bcast null buffer", ErrorClass.ERR_BUFFER, h -> h.w().bcast(null, 0, 1, Datatype.INT, 0)));
        t.add(row("reduce null op", ErrorClass.ERR_OP, h -> h.w().reduce(B, 0, B, 0, 1, Datatype.INT, null, 0)));
        t.add(row("reduce root 5", ErrorClass.ERR_ROOT, h -> h.w().reduce(B, 0, B, 0, 1, Datatype.INT, Op.SUM, 5)));
        t.add(row("allreduce BXOR on DOUBLE", ErrorClass.ERR_OP, h -> h.w().allreduce(new double[1], 0,
                new double[1], 0, 1, Datatype.DOUBLE, Op.BXOR)));
        t.add(row("allreduce null datatype", ErrorClass.ERR_TYPE, h -> h.w().allreduce(B, 0, B, 0, 1, null, Op.SUM)));
        t.add(row("gather receive count -1", ErrorClass.ERR_COUNT, h -> h.w().gather(B, 0, 1, Datatype.INT,
                B, 0, -1, Datatype.INT, 0)));
        t.add(row("gatherv null counts", ErrorClass.ERR_ARG, h -> h.w().gatherv(B, 0, 1, Datatype.INT,
                B, 0, null, new int[2], Datatype.INT, 0)));
        t.add(row("scatter root 3", ErrorClass.ERR_ROOT, h -> h.w().scatter(B, 0, 1, Datatype.INT, B, 0, 1,
                Datatype.INT, 3)));
        t.add(row("scatterv null displacements", ErrorClass.ERR_ARG, h -> h.w().scatterv(B, 0, new int[2], null,
                Datatype.INT, B, 0, 1, Datatype.INT, 0)));
        t.add(row("allgather IN_PLACE as receive buffer", ErrorClass.ERR_BUFFER, h -> h.w().allgather(B, 0, 1,
                Datatype.INT, Collectives.IN_PLACE, 0, 1, Datatype.INT)));
        t.add(row("alltoall null receive type", ErrorClass.ERR_TYPE, h -> h.w().alltoall(B, 0, 1, Datatype.INT,
                B, 0, 1, null)));
        t.add(row("barrier on a freed communicator", ErrorClass.ERR_COMM, h -> h.freed().barrier()));
        t.add(row("allreduce on a freed communicator", ErrorClass.ERR_COMM, h -> h.freed().allreduce(B, 0, B, 0, 1,
                Datatype.INT, Op.SUM)));
        // ---- derived datatypes and user ops in every call that takes them
        for (String op : new String[] {"send", "ssend", "isend", "issend", "bsend", "ibsend", "sendInit",
                "ssendInit"}) {
            t.add(row(op + " of a freed datatype", ErrorClass.ERR_TYPE,
                    h -> send(op, h.w(), B, 0, 1, FREED_TYPE, 1, 0)));
            t.add(row(op + " of an uncommitted datatype", ErrorClass.ERR_TYPE,
                    h -> send(op, h.w(), B, 0, 1, UNCOMMITTED, 1, 0)));
            t.add(row(op + " of a datatype of no MPI's", ErrorClass.ERR_TYPE, h -> send(op, h.w(), B, 0, 1, FOREIGN, 1, 0)));
            t.add(row(op + " derived count -1", ErrorClass.ERR_COUNT, h -> send(op, h.w(), B, 0, -1, PAIR, 1, 0)));
            t.add(row(op + " derived items past the end", ErrorClass.ERR_BUFFER,
                    h -> send(op, h.w(), B, 0, 2, PAIR, 1, 0)));
            t.add(row(op + " derived, an int[] for a type of mixed elements", ErrorClass.ERR_BUFFER,
                    h -> send(op, h.w(), B, 0, 1, MIXED, 1, 0)));
            t.add(row(op + " derived dest 2", ErrorClass.ERR_RANK, h -> send(op, h.w(), B, 0, 1, PAIR, 2, 0)));
        }
        for (String op : new String[] {"bsend", "ibsend"}) {
            t.add(row(op + " derived with no buffer attached", ErrorClass.ERR_BUFFER,
                    h -> send(op, h.w(), B, 0, 1, PAIR, 1, 0)));
            t.add(row(op + " of a freed datatype on a freed communicator", ErrorClass.ERR_COMM,
                    h -> send(op, h.freed(), B, 0, 1, FREED_TYPE, 1, 0)));
        }
        for (String op : new String[] {"recv", "irecv", "recvInit"}) {
            t.add(row(op + " into a freed datatype", ErrorClass.ERR_TYPE,
                    h -> recv(op, h.w(), B, 0, 1, FREED_TYPE, 1, 99)));
            t.add(row(op + " into an uncommitted datatype", ErrorClass.ERR_TYPE,
                    h -> recv(op, h.w(), B, 0, 1, UNCOMMITTED, 1, 99)));
            t.add(row(op + " into a datatype of no MPI's", ErrorClass.ERR_TYPE,
                    h -> recv(op, h.w(), B, 0, 1, FOREIGN, 1, 99)));
            t.add(row(op + " derived count -1", ErrorClass.ERR_COUNT, h -> recv(op, h.w(), B, 0, -1, PAIR, 1, 99)));
            t.add(row(op + " derived items past the end", ErrorClass.ERR_BUFFER,
                    h -> recv(op, h.w(), B, 2, 1, PAIR, 1, 99)));
            t.add(row(op + " derived source 7", ErrorClass.ERR_RANK, h -> recv(op, h.w(), B, 0, 1, PAIR, 7, 99)));
        }
        t.add(row("sendrecv of a freed send datatype", ErrorClass.ERR_TYPE, h -> h.w().sendrecv(B, 0, 1, FREED_TYPE,
                1, 0, B, 0, 1, Datatype.INT, 1, 99)));
        t.add(row("isendrecv into an uncommitted datatype", ErrorClass.ERR_TYPE, h -> h.w().isendrecv(B, 0, 1,
                Datatype.INT, 1, 0, B, 0, 1, UNCOMMITTED, 1, 99).waitFor()));
        t.add(row("bcast of a freed datatype", ErrorClass.ERR_TYPE, h -> h.w().bcast(B, 0, 1, FREED_TYPE, 0)));
        t.add(row("ibcast of an uncommitted datatype", ErrorClass.ERR_TYPE,
                h -> h.w().ibcast(B, 0, 1, UNCOMMITTED, 0).waitFor()));
        t.add(row("bcast of a datatype of no MPI's", ErrorClass.ERR_TYPE, h -> h.w().bcast(B, 0, 1, FOREIGN, 0)));
        t.add(row("bcast derived count -1", ErrorClass.ERR_COUNT, h -> h.w().bcast(B, 0, -1, PAIR, 0)));
        t.add(row("allgather a type of mixed elements into INTs", ErrorClass.ERR_TYPE, h -> h.w().allgather(
                ByteBuffer.allocate(16), 0, 1, MIXED, new int[8], 0, 3, Datatype.INT)));
        t.add(row("ialltoall two INTs into one LONG each", ErrorClass.ERR_TYPE, h -> h.w().ialltoall(new int[6], 0,
                1, PAIR, new long[2], 0, 1, Datatype.LONG).waitFor()));
        t.add(row("allgather two INTs into three", ErrorClass.ERR_COUNT, h -> h.w().allgather(new int[6], 0, 1,
                PAIR, new int[6], 0, 3, Datatype.INT)));
        t.add(row("gatherv derived null counts", ErrorClass.ERR_ARG, h -> h.w().gatherv(B, 0, 1, PAIR, new int[6], 0,
                null, new int[2], PAIR, 0)));
        t.add(row("allreduce SUM on a type of mixed elements", ErrorClass.ERR_OP, h -> h.w().allreduce(
                ByteBuffer.allocate(16), 0, ByteBuffer.allocate(16), 0, 1, MIXED, Op.SUM)));
        t.add(row("iallreduce BXOR on a vector of DOUBLE", ErrorClass.ERR_OP, h -> h.w().iallreduce(new double[3], 0,
                new double[3], 0, 1, DOUBLES, Op.BXOR).waitFor()));
        t.add(row("allreduce a freed user op on INT", ErrorClass.ERR_OP, h -> h.w().allreduce(B, 0, new int[4], 0,
                1, Datatype.INT, FREED_OP)));
        t.add(row("allreduce a freed user op on a derived type", ErrorClass.ERR_OP, h -> h.w().allreduce(B, 0,
                new int[4], 0, 1, PAIR, FREED_OP)));
        t.add(row("ireduce a freed user op on a derived type", ErrorClass.ERR_OP, h -> h.w().ireduce(B, 0,
                new int[4], 0, 1, PAIR, FREED_OP, 0).waitFor()));
        t.add(row("reduce a user op on a freed datatype", ErrorClass.ERR_TYPE, h -> h.w().reduce(B, 0, new int[4],
                0, 1, FREED_TYPE, LIVE_OP, 0)));
        t.add(row("iallreduce a user op on an uncommitted datatype", ErrorClass.ERR_TYPE, h -> h.w().iallreduce(B,
                0, new int[4], 0, 1, UNCOMMITTED, LIVE_OP).waitFor()));
        t.add(row("allreduce a user op, derived receive buffer too short", ErrorClass.ERR_BUFFER,
                h -> h.w().allreduce(B, 0, new int[2], 0, 1, PAIR, LIVE_OP)));
        t.add(row("ireduce IN_PLACE off the root, a user op on a derived type", ErrorClass.ERR_BUFFER,
                h -> h.w().ireduce(Collectives.IN_PLACE, 0, B, 0, 1, PAIR, LIVE_OP, 1).waitFor()));
        t.add(row("free a freed user op", ErrorClass.ERR_OP, h -> FREED_OP.free()));
        t.add(row("free a freed datatype", ErrorClass.ERR_TYPE, h -> FREED_TYPE.free()));
        t.add(row("commit a freed datatype", ErrorClass.ERR_TYPE, h -> FREED_TYPE.commit()));
        // ---- communicators and groups
        t.add(row("create(null)", ErrorClass.ERR_GROUP, h -> h.w().create(NO_GROUP)));
        t.add(row("createGroup(null)", ErrorClass.ERR_GROUP, h -> h.w().createGroup(NO_GROUP, 0)));
        t.add(row("createGroup without the caller", ErrorClass.ERR_GROUP,
                h -> h.w().createGroup(h.w().group().incl(1), 0)));
        t.add(row("createGroup tag -1", ErrorClass.ERR_TAG, h -> h.w().createGroup(h.w().group().incl(0), -1)));
        t.add(row("createGroup tag past CREATE_GROUP_TAG_UB", ErrorClass.ERR_TAG,
                h -> h.w().createGroup(h.w().group().incl(0), Mpi.CREATE_GROUP_TAG_UB + 1)));
        t.add(row("split colour -3", ErrorClass.ERR_ARG, h -> h.w().split(-3, 0)));
        t.add(row("dup of a freed communicator", ErrorClass.ERR_COMM, h -> h.freed().dup()));
        t.add(row("split of a freed communicator", ErrorClass.ERR_COMM, h -> h.freed().split(0, 0)));
        t.add(row("create of a freed communicator", ErrorClass.ERR_COMM, h -> h.freed().create(h.w().group())));
        t.add(row("free of a freed communicator", ErrorClass.ERR_COMM, h -> h.freed().free()));
        t.add(row("free of COMM_WORLD", ErrorClass.ERR_COMM, h -> h.w().free()));
        t.add(row("free of COMM_SELF", ErrorClass.ERR_COMM, h -> h.mpi().commSelf().free()));
        t.add(row("setErrorHandler(null)", ErrorClass.ERR_ARG, h -> h.w().setErrorHandler(null)));
        t.add(row("Comm.compare(null, w)", ErrorClass.ERR_COMM, h -> Comm.compare(null, h.w())));
        t.add(row("Group.incl(null)", ErrorClass.ERR_ARG, h -> h.w().group().incl((int[]) null)));
        t.add(row("Group.incl a rank twice", ErrorClass.ERR_RANK, h -> h.w().group().incl(0, 0)));
        t.add(row("Group.incl rank 2", ErrorClass.ERR_RANK, h -> h.w().group().incl(2)));
        t.add(row("Group.excl rank -1", ErrorClass.ERR_RANK, h -> h.w().group().excl(-1)));
        t.add(row("Group.union(null)", ErrorClass.ERR_GROUP, h -> h.w().group().union(NO_GROUP)));
        t.add(row("Group.intersection(null)", ErrorClass.ERR_GROUP, h -> h.w().group().intersection(NO_GROUP)));
        t.add(row("Group.compare(null, g)", ErrorClass.ERR_GROUP, h -> Group.compare(NO_GROUP, h.w().group())));
        t.add(row("Group.translateRanks(null, ...)", ErrorClass.ERR_GROUP,
                h -> Group.translateRanks(NO_GROUP, new int[] {0}, h.w().group())));
        t.add(row("Group.translateRanks null ranks", ErrorClass.ERR_ARG,
                h -> Group.translateRanks(h.w().group(), null, h.w().group())));
        t.add(row("Group.translateRanks rank 9", ErrorClass.ERR_RANK,
                h -> Group.translateRanks(h.w().group(), new int[] {9}, h.w().group())));
        // ---- the process
        t.add(row("initThread twice", ErrorClass.ERR_OTHER, h -> h.mpi().initThread(ThreadLevel.MULTIPLE)));
        t.add(row("initThread(null)", ErrorClass.ERR_ARG, h -> h.mpi().initThread(null)));
        return t;
    }

    static Stream<JobConfig> configs() {
        return Jobs.configs(2);
    }

    @ParameterizedTest
    @MethodSource("configs")
    void everyBadInputGetsItsErrorClassAndChangesNothing(JobConfig c) {
        List<Row> table = rows();
        AtomicReference<Request> rank1sRequest = new AtomicReference<>();
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm freed = w.dup();
            freed.free();
            if (w.rank() == 1) {
                rank1sRequest.set(w.irecv(new int[1], 0, 1, Datatype.INT, 0, 98));
                w.send(new int[] {99}, 0, 1, Datatype.INT, 0, 99);     // the message that must stay
                w.send(new int[] {97}, 0, 1, Datatype.INT, 0, 97);     // for the received Message
                w.barrier();
                w.send(new int[] {1}, 0, 1, Datatype.INT, 0, 98);
                rank1sRequest.get().waitFor();
            } else {
                assertNotNull(w.probe(1, 97));
                assertNotNull(w.probe(1, 99));
                Message received = w.mprobe(1, 97, null);
                received.mrecv(new int[1], 0, 1, Datatype.INT);
                Request freedRequest = w.isend(B, 0, 1, Datatype.INT, Mpi.PROC_NULL, 0);
                freedRequest.free();
                Handles h = new Handles(mpi, w, freed, rank1sRequest.get(), received, freedRequest);
                List<String> wrong = new ArrayList<>();
                for (Row row : table) {
                    Throwable t = null;
                    int uses = pendingUses();
                    try {
                        row.call().call(h);
                    } catch (Throwable e) {
                        t = e;
                    }
                    if (!(t instanceof MpiException e) || e.errorClass() != row.expected()) {
                        wrong.add(row.name() + ": expected " + row.expected() + ", got " + t);
                    } else if (w.pendingMatches() != 1 || w.iprobe(1, 99) == null) {
                        wrong.add(row.name() + ": left " + w.pendingMatches() + " messages and receives, and the "
                                + "waiting message " + (w.iprobe(1, 99) == null ? "is gone" : "is there"));
                    } else if (pendingUses() != uses) {
                        wrong.add(row.name() + ": left " + (pendingUses() - uses) + " uses of its datatypes and ops held");
                    }
                }
                assertTrue(wrong.isEmpty(), wrong.size() + " of " + table.size() + " rows wrong:\n"
                        + String.join("\n", wrong));
                int[] b = new int[1];
                w.recv(b, 0, 1, Datatype.INT, 1, 99);
                assertEquals(99, b[0]);
                w.barrier();
                w.send(new int[] {1}, 0, 1, Datatype.INT, 1, 98);
                w.recv(b, 0, 1, Datatype.INT, 1, 98);
                assertEquals(1, b[0]);
                assertEquals(0, w.pendingMatches());
            }
            mpi.finalizeMpi();
        });
    }

    /** Every call from a thread the level does not allow is ERR_OTHER (checked mode), at SINGLE and FUNNELED. */
    @ParameterizedTest
    @MethodSource("levelsBelowSerialized")
    void everyCallFromAThreadTheLevelDoesNotAllowIsErrOther(ThreadLevel level) {
        Jobs.ok(JobConfig.of(1).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
            mpi.initThread(level);
            Comm self = mpi.commSelf();
            self.send(new int[] {5}, 0, 1, Datatype.INT, 0, 5);
            Request pending = self.irecv(new int[1], 0, 1, Datatype.INT, 0, 6);
            Message m = self.mprobe(0, 5, null);
            List<Bad> calls = List.of(
                    h -> self.send(B, 0, 1, Datatype.INT, 0, 0), h -> self.ssend(B, 0, 1, Datatype.INT, 0, 0),
                    h -> self.isend(B, 0, 1, Datatype.INT, 0, 0), h -> self.issend(B, 0, 1, Datatype.INT, 0, 0),
                    h -> self.recv(B, 0, 1, Datatype.INT, 0, 0), h -> self.irecv(B, 0, 1, Datatype.INT, 0, 0),
                    h -> self.sendrecv(B, 0, 1, Datatype.INT, 0, 0, B, 0, 1, Datatype.INT, 0, 0),
                    h -> self.probe(0, 0), h -> self.iprobe(0, 0), h -> self.mprobe(0, 0, null),
                    h -> self.improbe(0, 0, null), h -> m.mrecv(B, 0, 1, Datatype.INT),
                    h -> m.imrecv(B, 0, 1, Datatype.INT), h -> pending.waitFor(), h -> pending.test(),
                    h -> pending.cancel(), h -> pending.free(), h -> Request.waitAll(pending),
                    h -> Request.waitAny(pending), h -> Request.testAll(pending), h -> Request.testAny(pending),
                    h -> self.barrier(), h -> self.bcast(B, 0, 1, Datatype.INT, 0),
                    h -> self.reduce(B, 0, B, 0, 1, Datatype.INT, Op.SUM, 0),
                    h -> self.allreduce(B, 0, B, 0, 1, Datatype.INT, Op.SUM),
                    h -> self.gather(B, 0, 1, Datatype.INT, B, 0, 1, Datatype.INT, 0),
                    h -> self.allgather(B, 0, 1, Datatype.INT, B, 0, 1, Datatype.INT),
                    h -> self.alltoall(B, 0, 1, Datatype.INT, B, 0, 1, Datatype.INT),
                    h -> self.dup(), h -> self.split(0, 0), h -> self.create(self.group()),
                    h -> self.createGroup(self.group(), 0), h -> self.free());
            Jobs.threads(1, t -> {
                for (int i = 0; i < calls.size(); i++) {
                    int call = i;
                    MpiException e = assertThrows(MpiException.class, () -> calls.get(call).call(null),
                            "call " + call + " from a non-main thread at " + level);
                    assertEquals(ErrorClass.ERR_OTHER, e.errorClass(), "call " + call + ": " + e.getMessage());
                }
            });
            assertEquals(1, self.pendingMatches(), "the non-main thread's calls changed nothing");
            self.send(new int[] {6}, 0, 1, Datatype.INT, 0, 6);
            assertEquals(1, pending.waitFor().count(Datatype.INT));
            int[] b = new int[1];
            m.mrecv(b, 0, 1, Datatype.INT);
            assertEquals(5, b[0]);
            mpi.finalizeMpi();
        });
    }

    static Stream<ThreadLevel> levelsBelowSerialized() {
        return Stream.of(ThreadLevel.SINGLE, ThreadLevel.FUNNELED);
    }

    private static Row row(String name, ErrorClass expected, Bad call) {
        return new Row(name, expected, call);
    }

    private static void send(String op, Comm c, Object buf, int off, int count, MpiDatatype type, int dest, int tag) {
        switch (op) {
            case "send" -> c.send(buf, off, count, type, dest, tag);
            case "ssend" -> c.ssend(buf, off, count, type, dest, tag);
            case "isend" -> c.isend(buf, off, count, type, dest, tag).waitFor();
            case "issend" -> c.issend(buf, off, count, type, dest, tag).waitFor();
            case "bsend" -> c.bsend(buf, off, count, type, dest, tag);
            case "ibsend" -> c.ibsend(buf, off, count, type, dest, tag).waitFor();
            case "sendInit" -> c.sendInit(buf, off, count, type, dest, tag).free();
            case "ssendInit" -> c.ssendInit(buf, off, count, type, dest, tag).free();
            default -> throw new IllegalArgumentException(op);
        }
    }

    private static void recv(String op, Comm c, Object buf, int off, int count, MpiDatatype type, int source, int tag) {
        switch (op) {
            case "recv" -> c.recv(buf, off, count, type, source, tag);
            case "irecv" -> c.irecv(buf, off, count, type, source, tag).waitFor();
            case "recvInit" -> c.recvInit(buf, off, count, type, source, tag).free();
            default -> throw new IllegalArgumentException(op);
        }
    }

    private static void arrayCall(String op, Request... rs) {
        switch (op) {
            case "waitAll" -> Request.waitAll(rs);
            case "waitAny" -> Request.waitAny(rs);
            case "testAll" -> Request.testAll(rs);
            case "testAny" -> Request.testAny(rs);
            default -> throw new IllegalArgumentException(op);
        }
    }
}
