/**
 * Dang, Snir &amp; Gropp's user-level thread scheduler (§3.1, Algorithms 3–4): a job's threads run on a few
 * worker platform threads, each choosing what to run from a two-level bit-vector of runnable threads.
 *
 * <table>
 *   <caption>Paper section to class</caption>
 *   <tr><th>Paper</th><th>Class</th></tr>
 *   <tr><td>§3.1, Algorithm 4 ({@code ThreadSignal}), the second-level index</td>
 *       <td>{@link org.mpiverify.core.sched.ReadyBitVector#signal}</td></tr>
 *   <tr><td>§3.1, Algorithm 3 (one pass: exchange a word, run its threads)</td>
 *       <td>{@link org.mpiverify.core.sched.ReadyBitVector#drain}</td></tr>
 *   <tr><td>§3.1, the workers; {@code ThreadWait}, {@code ContextSwitch}</td>
 *       <td>{@code BitVectorWorker}, {@link org.mpiverify.core.sched.DangScheduler}</td></tr>
 * </table>
 */
package org.mpiverify.core.sched;
