package org.mpiverify.locks.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;

/** The agent's options and entry points: defaults, lists, and a clear error for bad input. */
class AgentOptionsTest {
    @Test
    void watchesTheApplicationButNeverTheJdkOrTheAgent() {
        AgentOptions o = AgentOptions.parse("");
        assertTrue(o.watches("mpi/Comm"));
        assertFalse(o.watches("java/util/concurrent/locks/ReentrantLock"));
        assertFalse(o.watches("org/mpiverify/locks/runtime/LockHooks"));
        assertFalse(o.watches("org/junit/jupiter/api/Test"));
        assertTrue(o.watches("org/mpiverify/locks/programs/OppositeOrder"), "only the agent's own packages are out");
    }

    @Test
    void watchListsAndNone() {
        AgentOptions o = AgentOptions.parse("watch=org.mpiverify.mpi:org.mpiverify.core,exclude=org.mpiverify.core.matching");
        assertTrue(o.watches("org/mpiverify/mpi/Comm"));
        assertTrue(o.watches("org/mpiverify/core/sync/CriticalSections"));
        assertFalse(o.watches("org/mpiverify/core/matching/QueueMatchingEngine"));
        assertFalse(o.watches("mpi/Comm"));
        AgentOptions none = AgentOptions.parse("watch=none");
        assertFalse(none.watches("mpi/Comm"));
        assertFalse(none.mayRewrite("mpi/Comm"));
    }

    @Test
    void badOptionsAreAClearError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("wach=app"));
        assertTrue(e.getMessage().contains("unknown option 'wach'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("watch"));
        assertTrue(e.getMessage().contains("not key=value"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new EntryPoints(List.of("mpi.Comm")));
        assertTrue(e.getMessage().contains("Class#method"), e.getMessage());
    }

    @Test
    void entryPointsArePublicMethodsOfTheListedClasses() {
        EntryPoints mpj = new EntryPoints(List.of("mpj"));
        assertTrue(mpj.isEntry("mpi/Comm", "Send", Opcodes.ACC_PUBLIC));
        assertFalse(mpj.isEntry("mpi/Comm", "helper", Opcodes.ACC_PRIVATE));
        assertFalse(mpj.isEntry("mpi/Comm", "<init>", Opcodes.ACC_PUBLIC));
        assertFalse(mpj.isEntry("mpi/Comm", "Send", Opcodes.ACC_PUBLIC | Opcodes.ACC_BRIDGE));
        assertTrue(mpj.isEntry("mpi/Intracomm", "Allreduce", Opcodes.ACC_PUBLIC));
        assertTrue(mpj.isEntry("mpi/Intracomm", "clone", Opcodes.ACC_PUBLIC), "MPJ's dup");
        assertFalse(mpj.isEntry("mpi/Request", "finalize", Opcodes.ACC_PUBLIC), "the finalizer thread's, not MPI's");
        EntryPoints one = new EntryPoints(List.of("org.foo.Lib#send"));
        assertTrue(one.isEntry("org/foo/Lib", "send", Opcodes.ACC_PRIVATE), "a named method, public or not");
        assertFalse(one.isEntry("org/foo/Lib", "recv", Opcodes.ACC_PUBLIC));
        assertEquals("Comm.Send", EntryPoints.callName("mpi/Comm", "Send"));
        assertEquals("Library.send", EntryPoints.callName("org/foo/Outer$Library", "send"));
    }
}
