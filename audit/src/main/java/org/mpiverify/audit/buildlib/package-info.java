/**
 * {@code ./mpiverify audit build-lib}: a build with symbols, and ThreadSanitizer if asked, of the installed version of
 * MPICH or Open MPI from Debian's source package with the distribution's configure options, cached outside the
 * repository ({@link org.mpiverify.audit.buildlib.BuildLib}).
 *
 * <p>May import: the JDK only. Tests: {@code BuildLibTest} (the plan; no build). Docs: {@code audit/c-scenarios/README.md}.
 */
package org.mpiverify.audit.buildlib;
