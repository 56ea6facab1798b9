package org.mpiverify.mutate.pit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.pitest.classpath.ClassloaderByteArraySource;
import org.pitest.coverage.TestInfo;
import org.pitest.mutationtest.ClassMutationResults;
import org.pitest.mutationtest.DetectionStatus;
import org.pitest.mutationtest.MutationResult;
import org.pitest.mutationtest.MutationResultListener;
import org.pitest.mutationtest.engine.MutationDetails;
import org.pitest.mutationtest.engine.MutationEngine;
import org.pitest.mutationtest.engine.Mutater;

/**
 * Writes {@code results.jsonl} (one {@link MutantRecord} per line) and, for every mutant PIT did not
 * detect, its class file under {@code mutants/<n>/} and the original under {@code originals/}, so that
 * the jcstress stage can put it first on a forked class path and the report can show its diff. PIT hands it
 * each unit's results when the unit ends ({@link PitRun#UNIT_SIZE} mutants), and each is appended at once: a run
 * stopped later keeps them. A resumed run ({@code resume}) appends to the records of the run it resumes.
 */
final class KillMatrixListener implements MutationResultListener {
    private final Path out;
    private final Mutater mutater;
    private final boolean resume;

    KillMatrixListener(Path out, MutationEngine engine, boolean resume) {
        this.out = out;
        this.resume = resume;
        this.mutater = engine.createMutator(ClassloaderByteArraySource.fromContext());
    }

    @Override
    public void runStart() {
        try {
            Files.createDirectories(out);
            if (!resume) Files.deleteIfExists(out.resolve("results.jsonl"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void handleMutationResult(ClassMutationResults results) {
        List<MutationResult> all = new ArrayList<>(results.getMutations());
        all.sort(Comparator.comparing(r -> r.getDetails().getId()));
        Map<String, String> keys = MutantKeys.forClass(mutater, results.getMutatedClass());
        StringBuilder lines = new StringBuilder();
        for (MutationResult r : all) {
            MutationDetails d = r.getDetails();
            String key = MutantKeys.keyOf(keys, d);
            long millis = 0;
            List<TestInfo> tests = d.getTestsInOrder();
            for (int i = 0; i < Math.min(r.getNumberOfTestsRun(), tests.size()); i++) millis += tests.get(i).getTime();
            MutantRecord m = new MutantRecord(key, d.getId().toString(), d.getClassName().asJavaName(),
                    d.getMethod(), d.getId().getLocation().getMethodDesc(), d.getLineNumber(), d.getMutator(),
                    MutantKeys.operator(d.getMutator()), d.getDescription(), r.getStatus().name(),
                    r.getKillingTest().orElse(null), r.getKillingTests(), r.getNumberOfTestsRun(), millis);
            lines.append(JsonOut.record(m)).append('\n');
            if (!r.getStatus().isDetected() || r.getStatus() == DetectionStatus.NO_COVERAGE) saveBytes(key, d);
        }
        try {
            Files.writeString(out.resolve("results.jsonl"), lines, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }


    private void saveBytes(String key, MutationDetails d) {
        String file = d.getClassName().asInternalName() + ".class";
        try {
            Path dir = out.resolve("mutants").resolve(MutantKeys.fileName(key));
            Files.createDirectories(dir.resolve(file).getParent());
            Files.write(dir.resolve(file), mutater.getMutation(d.getId()).getBytes());
            Path orig = out.resolve("originals").resolve(file);
            if (!Files.exists(orig)) {
                Files.createDirectories(orig.getParent());
                Files.write(orig, ClassloaderByteArraySource.fromContext().getBytes(d.getClassName().asJavaName()).orElseThrow());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void runEnd() {
    }
}
