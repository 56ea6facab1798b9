/**
 * The concurrency mutation operators, as PIT mutators (group {@link
 * org.mpiverify.mutate.operators.ConcurrencyMutators}): ConMAn's (Bradbury, Cordy &amp; Dingel 2006: {@link
 * org.mpiverify.mutate.operators.RemoveLock}, {@link org.mpiverify.mutate.operators.ShiftCriticalSection}, {@link
 * org.mpiverify.mutate.operators.ShrinkCriticalSection}, {@link org.mpiverify.mutate.operators.SplitCriticalSection},
 * {@link org.mpiverify.mutate.operators.SwapLockOrder}, {@link org.mpiverify.mutate.operators.RemoveWakeup}, {@link
 * org.mpiverify.mutate.operators.CasToPlain}, {@link org.mpiverify.mutate.operators.VolatileToPlain}) and the
 * logic-level ones ({@link org.mpiverify.mutate.operators.ReorderHandoff}, {@link
 * org.mpiverify.mutate.operators.RemoveRecheck}, {@link org.mpiverify.mutate.operators.UpdateOnOnePath}, {@link
 * org.mpiverify.mutate.operators.HoistReadFromSection}, {@link org.mpiverify.mutate.operators.CheckThenActSplit});
 * each finds its {@link org.mpiverify.mutate.operators.Site}s with {@link
 * org.mpiverify.mutate.operators.MethodAnalysis} ({@code Flow}, {@code Locks}, {@code SharedAccess}) and applies them
 * while PIT streams the method ({@code RewritingVisitor}, {@code RelocEmitter}).
 *
 * <p>May import: ASM (to analyse), PIT and its relocated ASM (to emit), {@code org.mpiverify.mutate.runtime} (what a
 * mutant calls).
 *
 * <p>Tests: {@code mutate/src/test/java/org/mpiverify/mutate/operators} ({@code OperatorsTest} and one test per
 * logic-level operator, on the fixtures in {@code operators/fixtures}). Docs: {@code docs/mutation.md}
 * ("Operators").
 */
package org.mpiverify.mutate.operators;
