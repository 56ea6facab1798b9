/**
 * Lists of items that threads read and update at once: a communicator's attributes and an info object's
 * pairs (Gropp &amp; Thakur §3, the "Read List" and "Update List" classes), lock-free.
 *
 * <table>
 *   <caption>Paper section to class</caption>
 *   <tr><th>Paper</th><th>Class</th></tr>
 *   <tr><td>Gropp &amp; Thakur §3 (Read List, Update List: "a lock-free, thread-safe set of list update and
 *       access operations"); §4.4 (lock-free where possible, so a failed thread holds no lock)</td>
 *       <td>{@link org.mpiverify.core.attr.KeyedList}</td></tr>
 * </table>
 *
 * <p>Dependency rule: {@code org.mpiverify.core} may use the API's vocabulary types ({@link
 * org.mpiverify.mpi.Datatype}, {@link org.mpiverify.mpi.Op}, {@link org.mpiverify.mpi.ErrorClass},
 * {@link org.mpiverify.mpi.MpiException}) and nothing else of {@code org.mpiverify.mpi} ({@code
 * CoreDependencyRuleTest} checks it); this package uses none of them.
 */
package org.mpiverify.core.attr;
