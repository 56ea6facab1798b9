/**
 * The native MPI implementations the figures put beside the core in the same run: {@link
 * org.mpiverify.bench.compare.ComparisonTarget} (MPICH and Open MPI through the harness's FFM binding, MPJ Express
 * with its multicore and niodev devices, each one class), {@link org.mpiverify.bench.compare.ComparisonTargets}
 * (which are available here, and why the others are not), and the measuring scenarios that run the kernels of
 * {@code org.mpiverify.bench.kernel} on a target's ranks ({@link org.mpiverify.bench.compare.PingPongScenario},
 * {@link org.mpiverify.bench.compare.DupScenario}, {@link org.mpiverify.bench.compare.MessageRateScenario},
 * {@link org.mpiverify.bench.compare.UnknownSizeScenario}), judged so that only a run with every payload right
 * gives a timing.
 *
 * <p>May import: the harness ({@code org.mpiverify.harness.api}, {@code .scenario}, {@code .launch}, {@code
 * .nativempi}, {@code .mpj}: bindings, the scenario contract, targets), {@code org.mpiverify.bench.kernel}, {@code
 * org.mpiverify.results}. Not the audit: a benchmark measures through the same harness the audit runs on.
 *
 * <p>Tests: {@code bench/src/test/java/org/mpiverify/bench/compare} ({@code NativeComparisonTest}, {@code
 * MeasuringScenarioJudgeTest}, {@code KernelPayloadChecksTest}, {@code UnknownSizeScenarioTest}, {@code
 * ScenarioSpecTest}). Docs: {@code docs/benchmarks.md}.
 */
package org.mpiverify.bench.compare;
