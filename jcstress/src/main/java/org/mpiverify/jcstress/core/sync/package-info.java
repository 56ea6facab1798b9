/**
 * Java-memory-model races of the core's synchronization ({@code org.mpiverify.core.sync}): the event count's
 * ticket and watcher handshakes ({@code EventCount...Race}), an abort against a call about to park ({@link
 * org.mpiverify.jcstress.core.sync.BlockedThreadsAbortVsParkRace}), the {@code SERIALIZED} detector ({@link
 * org.mpiverify.jcstress.core.sync.SerializedDetectorOverlapRace}) and the context lock's exclusion ({@link
 * org.mpiverify.jcstress.core.sync.SpinThenParkLockExclusionRace}). Known-bad twins: {@code .twins} and the
 * patches under {@code twins/patches/jcstress}.
 *
 * <p>May import: the classes under test ({@code org.mpiverify.core.sync}, {@code org.mpiverify.core.request}), jcstress's API.
 *
 * <p>Tests: each race is a jcstress test run by {@code jcstress/src/test/java/org/mpiverify/jcstress/JCStressSuiteIT}
 * (quick budget in {@code mvn verify}, every configuration under {@code -Pfull}), which fails unless every good test
 * shows no forbidden sample and every known-bad twin at least one. Docs: {@code jcstress/README.md}.
 */
package org.mpiverify.jcstress.core.sync;
