package org.mpiverify.mutate.pit;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Predicate;
import org.pitest.mutationtest.config.PluginServices;
import org.pitest.mutationtest.config.ReportOptions;
import org.pitest.mutationtest.tooling.AnalysisResult;
import org.pitest.mutationtest.tooling.EntryPoint;
import org.pitest.testapi.TestGroupConfig;
import org.pitest.util.Glob;
import org.pitest.util.Verbosity;

/**
 * One PIT analysis: the given classes mutated by the given operators, each mutant run against the given
 * test classes (JUnit 5 and Lincheck suites alike: Lincheck suites are JUnit tests) in PIT's minion
 * JVMs, which get the class path of this JVM and the JVM options Lincheck needs.
 *
 * <p>Time bound per mutant: PIT's, per test: a test that runs longer than its {@link TimeBound} (a factor
 * times its time on the unmutated code plus a constant) is stopped, its minion killed, and the mutant
 * counted TIMED_OUT (a hang is detected, not waited out). PIT runs the mutants in units of {@value #UNIT_SIZE}
 * and hands each unit's results on when it ends, so a run stopped midway has written all but the last unit's;
 * with {@code resume} it appends to the records of the interrupted run it resumes (whose mutants the selection
 * file leaves out).
 */
public record PitRun(List<String> targetClasses, List<String> targetTests, List<String> mutators,
                     List<String> classPath, List<String> codePaths, List<Path> sourceDirs, Path reportDir,
                     Path recordDir, Path selectionFile, Path alwaysRunFile, TimeBound bound,
                     List<String> jvmArgs, Path projectBase, boolean verbose, boolean resume) {
    /**
     * Mutants per unit: a unit's results are written when it ends, and each unit starts a minion JVM (seconds on a
     * loaded machine), so a few mutants, not a class's hundreds, are lost when a run stops.
     */
    public static final int UNIT_SIZE = 8;

    /** Test methods tagged {@value} check a known-bad twin, not the code under test: PIT does not run them. */
    public static final String TWIN_TAG = "twin";

    public AnalysisResult execute() {
        ReportOptions o = new ReportOptions();
        o.setProjectBase(projectBase);
        o.setReportDir(reportDir.toString());
        o.setShouldCreateTimestampedReports(false);
        o.setSourceDirs(sourceDirs);
        o.setInputEncoding(StandardCharsets.UTF_8);
        o.setOutputEncoding(StandardCharsets.UTF_8);
        o.setClassPathElements(classPath);
        o.setCodePaths(codePaths);
        o.setIncludeLaunchClasspath(false);
        o.setTargetClasses(targetClasses);
        List<Predicate<String>> tests = new ArrayList<>();
        for (String t : targetTests) tests.add(new Glob(t));
        o.setTargetTests(tests);
        o.setGroupConfig(new TestGroupConfig().withExcludedGroups(TWIN_TAG));
        o.setMutators(mutators);
        o.setFeatures(List.of("+" + SelectionFilterFactory.FEATURE));
        o.setNumberOfThreads(1); // the suites are concurrency tests: they want both cores
        o.setTimeoutFactor(bound.factor());
        o.setTimeoutConstant(bound.constantMillis());
        o.setMutationUnitSize(UNIT_SIZE);
        o.addChildJVMArgs(jvmArgs);
        o.setJavaExecutable(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        o.setVerbosity(verbose ? Verbosity.VERBOSE : Verbosity.DEFAULT);
        o.addOutputFormats(List.of("HTML", KillMatrixListenerFactory.NAME));
        o.setFailWhenNoMutations(false);
        o.setSkipFailingTests(false);
        Properties p = new Properties();
        p.setProperty(KillMatrixListenerFactory.OUT, recordDir.toString());
        p.setProperty(KillMatrixListenerFactory.RESUME, String.valueOf(resume));
        if (selectionFile != null) p.setProperty(SelectionFilterFactory.SELECTION, selectionFile.toString());
        if (alwaysRunFile != null) p.setProperty(SuiteTestPrioritiserFactory.ALWAYS_RUN, alwaysRunFile.toString());
        o.setFreeFormProperties(p);
        return new EntryPoint().execute(projectBase.toFile(), o, PluginServices.makeForContextLoader(),
                Map.of());
    }

    /** The class path of this JVM, as PIT wants it. */
    public static List<String> currentClassPath() {
        return List.of(System.getProperty("java.class.path").split(File.pathSeparator));
    }
}
