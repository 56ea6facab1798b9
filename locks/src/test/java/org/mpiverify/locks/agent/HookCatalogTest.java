package org.mpiverify.locks.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every hook the rewritten code calls exists: for each operation of the catalog and each hook the rewriter puts
 * beside monitors and calls, a public static method of that owner, name and JVM descriptor in the agent's runtime
 * (a missing one would be a {@code NoSuchMethodError} in the program under test, at the first call of that
 * operation only).
 */
class HookCatalogTest {
    @Test
    void everyHookIsAPublicStaticMethodOfItsOwner() throws Exception {
        List<HookCatalog.Hook> hooks = new ArrayList<>(HookCatalog.FIXED);
        new HookCatalog().entries().forEach(e -> hooks.add(e.hook()));
        assertTrue(hooks.size() > 50, hooks.size() + " hooks");
        List<String> missing = new ArrayList<>();
        for (HookCatalog.Hook h : hooks) {
            Class<?> owner = Class.forName(h.owner().replace('/', '.'));
            MethodType type = MethodType.fromMethodDescriptorString(h.descriptor(), owner.getClassLoader());
            try {
                MethodHandles.publicLookup().findStatic(owner, h.name(), type);
            } catch (NoSuchMethodException | IllegalAccessException e) {
                missing.add(h + ": " + e.getMessage());
            }
        }
        assertEquals(List.of(), missing);
    }
}
