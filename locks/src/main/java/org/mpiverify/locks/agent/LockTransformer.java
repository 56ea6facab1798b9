package org.mpiverify.locks.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.mpiverify.locks.report.InstrumentationSummary;
import org.mpiverify.locks.runtime.CallHooks;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Rewrites the classes the options watch (and the classes that declare MPI entry points) as they load,
 * with {@link MethodRewriter}. Classes of the JDK and of the agent are never touched, nor classes whose
 * loader cannot see the hook classes ({@link CallHooks} and the others of its package, loaded together from the
 * agent jar; their rewritten code could not link). A class that fails to rewrite
 * loads unchanged; the failure is listed in the report.
 */
final class LockTransformer implements ClassFileTransformer {
    private static final int MAX_LISTED = 50;

    private final AgentOptions options;
    private final EntryPoints entries;
    private final EntryPoints spinLocks;
    private final HookCatalog catalog = new HookCatalog();
    private final TypeHierarchy hierarchy = new TypeHierarchy();
    private final Map<ClassLoader, Boolean> seesHooks = new WeakHashMap<>();
    private final AtomicLong classes = new AtomicLong();
    private final AtomicLong entryMethods = new AtomicLong();
    private final List<String> failures = new ArrayList<>();
    private final List<String> skipped = new ArrayList<>();

    LockTransformer(AgentOptions options, EntryPoints entries) {
        this.options = options;
        this.entries = entries;
        this.spinLocks = EntryPoints.spinLocks(options.spinLocks());
    }

    HookCatalog catalog() {
        return catalog;
    }

    TypeHierarchy hierarchy() {
        return hierarchy;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain pd,
                            byte[] bytes) {
        if (className == null || loader == null) {
            return null;
        }
        boolean watched = options.watches(className);
        boolean entry = entries.hasClass(className) && options.mayRewrite(className);
        if (!watched && !entry) {
            return null;
        }
        if (!seesHooks(loader)) {
            skipped(className.replace('/', '.') + ": its class loader cannot see the agent");
            return null;
        }
        try {
            return rewrite(bytes, loader, watched);
        } catch (Throwable t) {
            synchronized (failures) {
                if (failures.size() < MAX_LISTED) {
                    failures.add(className.replace('/', '.') + ": " + t);
                }
            }
            return null;
        }
    }

    private byte[] rewrite(byte[] bytes, ClassLoader loader, boolean watched) {
        ClassReader reader = new ClassReader(bytes);
        hierarchy.learn(reader);
        ClassNode cn = new ClassNode();
        reader.accept(cn, 0);
        boolean changed = false;
        for (MethodNode m : cn.methods) {
            boolean entry = entries.isEntry(cn.name, m.name, m.access);
            boolean spinLock = watched && spinLocks.isEntry(cn.name, m.name, m.access);
            changed |= new MethodRewriter(this, cn, m, loader).rewrite(watched, entry, spinLock);
        }
        if (!changed) {
            return null;
        }
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(cw);
        classes.incrementAndGet();
        return cw.toByteArray();
    }

    private boolean seesHooks(ClassLoader loader) {
        synchronized (seesHooks) {
            Boolean b = seesHooks.get(loader);
            if (b == null) {
                b = false;
                ClassLoader mine = CallHooks.class.getClassLoader();
                for (ClassLoader l = loader; l != null; l = l.getParent()) {
                    if (l == mine) {
                        b = true;
                        break;
                    }
                }
                if (!b) {
                    try {
                        b = Class.forName(CallHooks.class.getName(), false, loader) == CallHooks.class;
                    } catch (ClassNotFoundException | LinkageError e) {
                        b = false;
                    }
                }
                seesHooks.put(loader, b);
            }
            return b;
        }
    }

    void entryPointRewritten() {
        entryMethods.incrementAndGet();
    }

    void skipped(String why) {
        synchronized (skipped) {
            if (skipped.size() < MAX_LISTED && !skipped.contains(why)) {
                skipped.add(why);
            }
        }
    }

    /** What was instrumented, for the report. */
    InstrumentationSummary summary() {
        synchronized (failures) {
            synchronized (skipped) {
                return new InstrumentationSummary(classes.get(), entryMethods.get(), List.copyOf(failures),
                        List.copyOf(skipped), entries.describe());
            }
        }
    }
}
