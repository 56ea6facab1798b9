/**
 * Data races inside a native MPI library, as Valgrind's Helgrind or DRD, or ThreadSanitizer in a library built with it,
 * report them while the C scenarios run: the detector's command ({@link org.mpiverify.audit.race.RaceTool}), its report
 * read into races ({@link org.mpiverify.audit.race.ValgrindXml}, {@link org.mpiverify.audit.race.TsanText}: both
 * accesses' stacks, the variable, the MPI call of each thread),
 * deduplicated by the pair of code locations ({@link org.mpiverify.audit.race.RaceLedger}), and the per-library
 * suppression files with a reason per entry ({@link org.mpiverify.audit.race.Suppressions} for Valgrind's runs, {@link
 * org.mpiverify.audit.race.PairSuppressions}, one pinned pair of code locations each, for TSan's), and the causes
 * races are attributed to ({@link org.mpiverify.audit.race.Attributions}; a data symbol's object from {@link
 * org.mpiverify.audit.race.LibraryOffsets}).
 *
 * <p>May import: the JDK only (the XML parser of {@code java.xml}).
 *
 * <p>Tests: {@code RaceAuditTest} (the known-bad library of {@code audit/race/knownbad/}), {@code TsanTextTest}, {@code DataSymbolObjectTest}. Docs: {@code
 * audit/c-scenarios/README.md}.
 */
package org.mpiverify.audit.race;
