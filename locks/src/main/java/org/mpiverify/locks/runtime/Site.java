package org.mpiverify.locks.runtime;

/**
 * One instrumented place in the program under test: a call site of a lock or blocking operation, a
 * {@code synchronized} block or method, a lock allocation, or an MPI call's entry point. The agent
 * registers a site when it rewrites the class and passes the site's id to every hook it inserts there.
 *
 * @param id     dense index, see {@link Sites}
 * @param kind   what happens at the site
 * @param owner  binary name of the class whose code contains the site ({@code org.foo.Bar})
 * @param method name of the method containing the site
 * @param line   source line, or -1 if the class has no line numbers
 * @param what   the operation, e.g. {@code Lock.lock}, {@code LockSupport.parkNanos}, {@code monitorenter}
 */
public record Site(int id, Kind kind, String owner, String method, int line, String what) {

    /** What kind of operation a site is. */
    public enum Kind {
        ACQUIRE, RELEASE, MONITOR_ENTER, MONITOR_EXIT, SYNC_METHOD, BLOCK, NEW_LOCK, CONDITION, VIEW, CALL
    }

    /** {@code org.foo.Bar.method:42}: where the site is, as a deadlock hunter greps for it. */
    public String location() {
        return owner + "." + method + (line >= 0 ? ":" + line : "");
    }

    /** {@code Bar.method:42}: the location without the package. */
    public String shortLocation() {
        int dot = owner.lastIndexOf('.');
        return owner.substring(dot + 1) + "." + method + (line >= 0 ? ":" + line : "");
    }
}
