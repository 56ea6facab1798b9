package org.mpiverify.locks.runtime;

import java.util.Arrays;

/**
 * The registry of instrumented sites. The transformer registers sites while it rewrites a class (on the
 * class-loading thread); hooks only pass ids around, and the registry is read when a finding is first
 * recorded and when the report is written.
 *
 * <p>Memory consistency effects: registration happens before the rewritten class is defined, so any
 * thread that runs a hook carrying a site id sees the site (all access is under this class's lock).
 */
public final class Sites {
    private static Site[] sites = new Site[512];
    private static int count;

    private Sites() { }

    /** Registers a site and returns its id. */
    public static synchronized int register(Site.Kind kind, String owner, String method, int line, String what) {
        if (count == sites.length) {
            sites = Arrays.copyOf(sites, count * 2);
        }
        int id = count++;
        sites[id] = new Site(id, kind, owner, method, line, what);
        return id;
    }

    /** The site with this id, or a placeholder for an id the registry has not seen (never expected). */
    public static synchronized Site get(int id) {
        if (id >= 0 && id < count) {
            return sites[id];
        }
        return new Site(id, Site.Kind.ACQUIRE, "?", "?", -1, "?");
    }

    /** How many sites are registered. */
    public static synchronized int count() {
        return count;
    }
}
