/**
 * Each figure's kernel written once, over {@link org.mpiverify.bench.kernel.KernelComm}, the smallest interface
 * both the core ({@link org.mpiverify.bench.kernel.CoreKernelComm}, straight over {@code Comm}) and every library
 * the harness binds ({@link org.mpiverify.bench.kernel.AuditKernelComm}, over {@code AuditMpi}) implement, so
 * the core's series and a native one run the same loop with the same payload checks: {@link
 * org.mpiverify.bench.kernel.PingPong}, {@link org.mpiverify.bench.kernel.DupFree}, {@link
 * org.mpiverify.bench.kernel.MessageRate}, {@link org.mpiverify.bench.kernel.UnknownSize} with its {@link
 * org.mpiverify.bench.kernel.ReceiveMethod}s; {@link org.mpiverify.bench.kernel.CoreKernels} runs them as jobs of
 * the core.
 *
 * <p>May import: {@code org.mpiverify.mpi}, {@code org.mpiverify.harness.api}, {@code org.mpiverify.bench.probe}.
 *
 * <p>Tests: through {@code bench/src/test} ({@code compare/KernelPayloadChecksTest}, {@code
 * compare/UnknownSizeScenarioTest}, which must reject the known-bad receive {@code kernel/ProbeRecvUnlocked},
 * {@code figures/FigureQuickRunsTest}, {@code CoreBenchTest}). Docs: {@code docs/benchmarks.md}.
 */
package org.mpiverify.bench.kernel;
