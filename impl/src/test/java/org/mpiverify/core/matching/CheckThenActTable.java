package org.mpiverify.core.matching;

import java.util.HashMap;
import java.util.Map;

/**
 * Known-bad twin of {@link MatchTable}: insert reads the key in one critical section and writes it in
 * another ("check-then-act without the lock"), so two inserts into ⊥ can both succeed, breaking
 * equations (1) and (3). {@code window} runs between the check and the act.
 */
final class CheckThenActTable {
    private final Map<Long, Object> map = new HashMap<>();
    private final Runnable window;

    CheckThenActTable(Runnable window) {
        this.window = window;
    }

    Object insert(long key, Object value) {
        Object existing;
        synchronized (this) {
            existing = map.get(key);
        }
        if (existing != null) return existing;
        window.run();
        synchronized (this) {
            map.put(key, value); // trusts the check: the bug
        }
        return value;
    }
}
