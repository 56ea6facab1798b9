/**
 * The core's basic costs and the floors the figures are read against: {@link org.mpiverify.bench.CoreBench}
 * ({@code ./mpiverify bench core}: ping-pong, {@code THREAD_MULTIPLE} over {@code SINGLE}, {@code dup}, each beside
 * a baseline of the same run, judged against the targets of {@link org.mpiverify.bench.CoreTargets}, data in
 * {@code core-targets.json} beside it, with MPICH's and Open MPI's same calls in C, {@link
 * org.mpiverify.bench.NativeCoreBench}, whose source {@code core_bench.c} is beside it too), the floors with nothing of MPI in them ({@link org.mpiverify.bench.SpinHandoff},
 * {@link org.mpiverify.bench.ProtocolFloors}, {@link org.mpiverify.bench.BarrierFloor}), what the lock auditor
 * costs the core ({@link org.mpiverify.bench.LockAgentOverhead}), and the shared {@link
 * org.mpiverify.bench.Stats} and {@link org.mpiverify.bench.Machine}.
 *
 * <p>May import: the core's API ({@code org.mpiverify.mpi}) and configuration ({@code org.mpiverify.core.sync}),
 * {@code org.mpiverify.bench.kernel}, {@code org.mpiverify.results}, and the harness's native launch
 * ({@code org.mpiverify.harness.nativempi}: {@code CProgram}, {@code NativeAbi}). The papers' figures are in {@code
 * .figures} and {@code .dang}, run by {@code .runner}, all of which use this package, not the reverse.
 *
 * <p>Tests: {@code bench/src/test/java/org/mpiverify/bench} ({@code CoreBenchTest}, {@code CoreTargetsDocTest},
 * {@code NativeCoreBenchTest}, {@code ProtocolFloorsTest}, {@code BarrierFloorTest}). Docs: {@code docs/benchmarks.md}, the figures in {@code docs/measurements.md}.
 */
package org.mpiverify.bench;
