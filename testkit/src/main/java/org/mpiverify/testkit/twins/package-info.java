/**
 * Known-bad twins as patches of their originals, so a twin is always its current original plus its marked defect
 * lines and never a copy that drifts: {@link org.mpiverify.testkit.twins.TwinPatch} (the patch form, a preamble
 * naming the defect and the check that must reject it, defect lines marked {@code DEFECT}), {@link
 * org.mpiverify.testkit.twins.TwinGenerator} (writes each module's twin sources at build time), {@link
 * org.mpiverify.testkit.twins.TwinHome} (the one home of every patch, the {@code mpiverify-twins} artifact, read
 * through the class path; its sources are {@code twins/patches/<module>/}), {@link
 * org.mpiverify.testkit.twins.TwinCompiler} and {@link org.mpiverify.testkit.twins.TwinClassLoader} (run a twin that
 * keeps its original's name in that original's place, where the code under test makes the original itself), and
 * {@link org.mpiverify.testkit.twins.TwinSources} (the drift rules for every twin of the repository).
 *
 * <p>May import: the JDK only ({@code javax.tools} to compile). It runs inside the build of every module that has
 * twins.
 *
 * <p>Tests: {@code testkit/src/test/java/org/mpiverify/testkit/twins} ({@code TwinPatchTest}, {@code
 * TwinClassLoaderTest}, {@code RepositoryTwinsTest}: every twin of the repository keeps the rules and lives in the home). Docs: {@code
 * CONTRIBUTING.md} ("Add a known-bad twin").
 */
package org.mpiverify.testkit.twins;
