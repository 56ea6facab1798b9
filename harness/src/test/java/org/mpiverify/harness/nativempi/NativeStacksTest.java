package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Which threads of a gdb backtrace count as inside MPI. */
class NativeStacksTest {

    @Test
    void keepsOnlyThreadsWithAFrameInAnMpiLibraryUpToTheOutermostOne() {
        String gdb = """
                [New LWP 15486]
                Using host libthread_db library "/lib/x86_64-linux-gnu/libthread_db.so.1".
                __futex_abstimed_wait_common64 (private=128) at ./nptl/futex-internal.c:57

                Thread 19 (Thread 0x7ff57fcff6c0 (LWP 15504) "GC Thread#1"):
                #0  __futex_abstimed_wait_common64 (private=<optimized out>) at ./nptl/futex-internal.c:57
                #1  0x00007ff5df73fdb2 in PosixSemaphore::wait() () from /usr/lib/jvm/lib/server/libjvm.so

                Thread 12 (Thread 0x7ff5a0bff6c0 (LWP 15497) "main/worker-0"):
                #0  0x00007ff5e02f1a3d in sched_yield () from /lib/x86_64-linux-gnu/libc.so.6
                #1  0x00007ff5d0a1b2c3 in ucp_worker_progress () from /lib/x86_64-linux-gnu/libucp.so.0
                #2  0x00007ff5d0c4d5e6 in PMPI_Recv () from /lib/x86_64-linux-gnu/libmpich.so.12
                #3  0x00007ff5c8012345 in ?? ()
                """;
        assertEquals("""
                Thread 12 (Thread 0x7ff5a0bff6c0 (LWP 15497) "main/worker-0"):
                  #0  0x00007ff5e02f1a3d in sched_yield () from /lib/x86_64-linux-gnu/libc.so.6
                  #1  0x00007ff5d0a1b2c3 in ucp_worker_progress () from /lib/x86_64-linux-gnu/libucp.so.0
                  #2  0x00007ff5d0c4d5e6 in PMPI_Recv () from /lib/x86_64-linux-gnu/libmpich.so.12
                  ... 1 frames of the JVM
                """, NativeStacks.mpiThreads(gdb));
    }

    @Test
    void aProcessWithNoThreadInMpiGivesNothing() {
        assertEquals("", NativeStacks.mpiThreads("""
                Thread 2 (Thread 0x7f (LWP 7) "VM Thread"):
                #0  0x00007f in VMThread::loop() () from /usr/lib/jvm/lib/server/libjvm.so
                """));
    }

    @Test
    void saysWhyThereAreNoFrames() {
        assertEquals("ptrace: Operation not permitted.", NativeStacks.whyNone("""
                Could not attach to process.  If your uid matches the uid of the target
                process, check the setting of /proc/sys/kernel/yama/ptrace_scope, or try
                again as the root user.  For more details, see /etc/sysctl.d/10-ptrace.conf
                ptrace: Operation not permitted.
                """));
        assertEquals("no thread was inside an MPI library", NativeStacks.whyNone("[Inferior 1 (process 7) detached]"));
    }
}
