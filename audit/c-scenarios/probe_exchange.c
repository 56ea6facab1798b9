/* probe-sendrecv, iprobe-sendrecv, mprobe-sendrecv, improbe-sendrecv in C (ProbeExchangeScenario, blocking
 * exchange), the probe routine chosen at compile time with -DPROBE=PROBE|IPROBE|MPROBE|IMPROBE: 2 ranks x 4
 * threads, thread t on tag t; per iteration: isend a payload to the partner thread, probe the partner's on
 * (partner, t), check the probed status, receive it (recv, or mrecv of the matched message) with the probed
 * count, check it, wait for the send; then exchange a payload with sendrecv on tag 100 + t and check it; every
 * 10th iteration a probe of PROC_NULL must give (PROC_NULL, ANY_TAG, 0 ints) and, for the matched probes,
 * MPI_MESSAGE_NO_PROC, whose mrecv gives (PROC_NULL, 0 ints). */
#include <sched.h>
#include "mvs.h"
#define PROBE_ 1
#define IPROBE_ 2
#define MPROBE_ 3
#define IMPROBE_ 4
#define CAT_(a) a##_
#define KIND(a) CAT_(a)
#ifndef PROBE
#error "compile with -DPROBE=PROBE, IPROBE, MPROBE or IMPROBE"
#endif
#define THREADS 4
#define ITERATIONS 120
#define EXCHANGE_TAG 100

static int me, other;

static const char *probe_name(void) {
    switch (KIND(PROBE)) {
        case PROBE_: return "probe";
        case IPROBE_: return "iprobe";
        case MPROBE_: return "mprobe";
        default: return "improbe";
    }
}

/* Probes (source, tag) with this scenario's routine; the matched message, or MPI_MESSAGE_NULL. */
static MPI_Message probe_once(int source, int tag, MPI_Status *st) {
    MPI_Message m = MPI_MESSAGE_NULL;
    int flag = 0;
    switch (KIND(PROBE)) {
        case PROBE_: MVS(MPI_Probe, source, tag, MPI_COMM_WORLD, st); break;
        case IPROBE_:
            while (MVS(MPI_Iprobe, source, tag, MPI_COMM_WORLD, &flag, st), !flag) sched_yield();
            break;
        case MPROBE_: MVS(MPI_Mprobe, source, tag, MPI_COMM_WORLD, &m, st); break;
        default:
            while (MVS(MPI_Improbe, source, tag, MPI_COMM_WORLD, &flag, &m, st), !flag) sched_yield();
    }
    return m;
}

static void proc_null(const char *who) {
    MPI_Status st;
    MPI_Message m = MPI_MESSAGE_NULL;
    int flag = 0, count = -1;
    switch (KIND(PROBE)) {
        case PROBE_: MVS(MPI_Probe, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st); break;
        case IPROBE_: MVS(MPI_Iprobe, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &flag, &st); break;
        case MPROBE_: MVS(MPI_Mprobe, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &m, &st); break;
        default: MVS(MPI_Improbe, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &flag, &m, &st);
    }
    MPI_Get_count(&st, MPI_INT, &count);
    if (st.MPI_SOURCE != MPI_PROC_NULL || st.MPI_TAG != MPI_ANY_TAG || count != 0) {
        mvs_evidence("%s: %s of PROC_NULL returned (src %d, tag %d, %d ints), not (PROC_NULL, ANY_TAG, 0 ints)", who,
                     probe_name(), st.MPI_SOURCE, st.MPI_TAG, count);
    }
    if (KIND(PROBE) == MPROBE_ || KIND(PROBE) == IMPROBE_) {
        if (m != MPI_MESSAGE_NO_PROC) {
            mvs_evidence("%s: %s of PROC_NULL returned another message handle than MPI_MESSAGE_NO_PROC", who, probe_name());
        } else {
            int one;
            MVS(MPI_Mrecv, &one, 1, MPI_INT, &m, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            if (st.MPI_SOURCE != MPI_PROC_NULL || count != 0) {
                mvs_evidence("%s: mrecv of MPI_MESSAGE_NO_PROC returned (src %d, %d ints)", who, st.MPI_SOURCE, count);
            }
        }
    }
}

static void work(int t) {
    char who[64], exchange[80];
    int buf[64], msg[64], out[64], in[64], iterations = mvs_rounds(ITERATIONS);
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    snprintf(exchange, sizeof exchange, "%s (exchange)", who);
    for (int i = 0; i < iterations; i++) {
        int expected = MVS_HEADER + (i * 5 + t) % 40, count = -1;
        MPI_Request sr;
        MPI_Status st, rs, xs;
        mvs_payload_make(msg, me, t, i, expected);
        MVS(MPI_Isend, msg, expected, MPI_INT, other, t, MPI_COMM_WORLD, &sr);
        MPI_Message m = probe_once(other, t, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        if (st.MPI_SOURCE != other || st.MPI_TAG != t || count != expected) {
            mvs_evidence("%s probed (%d, tag %d, %d ints) of iteration %d but the status says (%d, tag %d, %d ints)", who,
                         other, t, expected, i, st.MPI_SOURCE, st.MPI_TAG, count);
        }
        if (m == MPI_MESSAGE_NULL) MVS(MPI_Recv, buf, count, MPI_INT, other, t, MPI_COMM_WORLD, &rs);
        else MVS(MPI_Mrecv, buf, count, MPI_INT, &m, &rs);
        mvs_expect_message(who, &rs, buf, other, t, other, t, i);
        MVS(MPI_Wait, &sr, MPI_STATUS_IGNORE);

        mvs_payload_make(out, me, t, i, MVS_HEADER + i % 9);
        MVS(MPI_Sendrecv, out, MVS_HEADER + i % 9, MPI_INT, other, EXCHANGE_TAG + t, in, 64, MPI_INT, other,
            EXCHANGE_TAG + t, MPI_COMM_WORLD, &xs);
        mvs_expect_message(exchange, &xs, in, other, EXCHANGE_TAG + t, other, t, i);

        if (i % 10 == 0) proc_null(who);
    }
}

int main(int argc, char **argv) {
    int provided;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    other = 1 - me;
    mvs_workers(THREADS, work);
    return mvs_finish();
}
