/**
 * Handles the user may free while operations still use them: the reference count behind a derived datatype
 * and a user-defined reduction operation.
 *
 * <table>
 *   <caption>Paper section to class</caption>
 *   <tr><th>Paper</th><th>Class</th></tr>
 *   <tr><td>Gropp &amp; Thakur §3 "Update Ref", §4.1 (an object freed while a nonblocking operation uses it is
 *       deleted only when its last use completes; the count changes atomically)</td>
 *       <td>{@link org.mpiverify.core.handle.UseCount}</td></tr>
 * </table>
 *
 * <p>Imports nothing of ours: the API's vocabulary types ({@code org.mpiverify.mpi.UserOp}) are built on it.
 * Spec: {@code specs/refcount/RefCount.tla}.
 */
package org.mpiverify.core.handle;
