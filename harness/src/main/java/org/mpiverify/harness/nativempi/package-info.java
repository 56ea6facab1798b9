/**
 * MPICH and Open MPI through the Foreign Function &amp; Memory API. What differs between the two families (handle
 * types, {@code MPI_Status} layout, constants, launchers, environment) is {@link
 * org.mpiverify.harness.nativempi.NativeAbi}; {@link org.mpiverify.harness.nativempi.NativeMpi} is the binding, written
 * once against it, over a {@link org.mpiverify.harness.nativempi.NativeLibrary} (the loaded library's downcall and
 * predefined handles), each thread's {@link org.mpiverify.harness.nativempi.ThreadScratch} and the {@link
 * org.mpiverify.harness.nativempi.RequestTable} of started operations; generalized requests' callbacks are FFM upcalls
 * ({@link org.mpiverify.harness.nativempi.NativeGrequests}). {@link
 * org.mpiverify.harness.nativempi.NativeTarget} runs a scenario under the library's own {@code mpiexec}, one JVM per
 * rank ({@link org.mpiverify.harness.nativempi.RankProcess}), on this machine or across hosts ({@link
 * org.mpiverify.harness.nativempi.HostList}), over the default transport or TCP; a library given by path is checked
 * first ({@link org.mpiverify.harness.nativempi.NativeAbiCheck}). {@link org.mpiverify.harness.nativempi.CProgram}
 * builds a C program with the library's {@code mpicc} and runs it under its {@code mpiexec} with no JVM in the ranks
 * (the audit's C scenarios, {@code bench core}'s native side).
 *
 * <p>May import: {@code org.mpiverify.harness.api}, {@code .scenario}, {@code .launch}; {@code org.mpiverify.results}
 * (JSON of rank reports) and {@code org.mpiverify.results.hosts} (the host file). Nothing of the core.
 *
 * <p>Tests: {@code harness/src/test/java/org/mpiverify/harness/nativempi} ({@code MpichTargetTest} and {@code
 * OpenMpiTargetTest} through {@code NativeTargetContract}, {@code NativeAbiCheckTest}, {@code MultiHostTest},
 * {@code NativeGrequestsTest}, ...);
 * the audit's {@code LibraryAuditTest} and {@code ReproProgramsTest}. Docs: {@code audit/README.md} ("Native MPI
 * targets").
 */
package org.mpiverify.harness.nativempi;
