package org.mpiverify.bench.kernel;

import java.util.List;

/**
 * Known-bad twin of {@link ReceiveMethod}: probe, then receive what was probed, with no lock between the
 * two (Hoefler et al. §2). With wildcards another thread can take the probed message first, and this
 * receive then gets a different message, possibly of another size; {@link UnknownSize}'s checks must
 * reject it ({@code UnknownSizeScenarioTest}). Directed, each stream has one receiver and it is safe.
 */
public enum ProbeRecvUnlocked implements UnknownSizeReceive {
    PROBE_RECV_UNLOCKED;

    @Override
    public String label() {
        return "probe + recv, no lock (unsafe)";
    }

    @Override
    public List<String> functions() {
        return List.of("MPI_Probe", "MPI_Recv");
    }

    @Override
    public UnknownSize.Message receive(UnknownSize.Block b, int source, int tag) {
        KernelComm c = b.comm();
        Received got = new Received();
        c.probe(source, tag, got);
        int[] buf = new int[got.count];
        // The defect: no lock from probe to recv, so another thread may take the probed message first.
        c.recv(buf, buf.length, got.source, got.tag, got);
        return UnknownSize.Message.of(got, buf);
    }

    /** Its receive names the probed stream, which another thread may have emptied meanwhile. */
    @Override
    public boolean takesOthersMessages() {
        return true;
    }
}
