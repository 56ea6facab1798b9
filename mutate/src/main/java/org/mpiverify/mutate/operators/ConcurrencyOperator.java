package org.mpiverify.mutate.operators;

import java.util.List;
import org.pitest.mutationtest.engine.gregor.MethodInfo;
import org.pitest.mutationtest.engine.gregor.MethodMutatorFactory;
import org.pitest.mutationtest.engine.gregor.MutationContext;
import org.pitest.reloc.asm.MethodVisitor;

/**
 * A concurrency mutation operator in the sense of Bradbury, Cordy &amp; Dingel's ConMAn (2006), as a PIT
 * mutator: it finds its sites in a method ({@link MethodAnalysis}) and PIT makes one mutant per site.
 */
public abstract class ConcurrencyOperator implements MethodMutatorFactory {
    /** The sites of this operator in the method. */
    abstract List<Site> sites(MethodAnalysis m);

    @Override
    public final MethodVisitor create(MutationContext context, MethodInfo info, MethodVisitor next) {
        MethodAnalysis m = MethodAnalysis.of(info.getOwningClass().getName(), info.getName(), info.getMethodDescriptor());
        if (m == null) return null;
        List<Site> sites = sites(m);
        return sites.isEmpty() ? null : new RewritingVisitor(next, context, this, sites);
    }

    @Override
    public final String getGloballyUniqueId() {
        return getClass().getName();
    }

    @Override
    public String description() {
        return getName();
    }
}
