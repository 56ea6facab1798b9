package org.mpiverify.mutate.race;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * A happens-before data-race detector for the Java memory model's access modes (JLS 17.4 and
 * {@link VarHandle}'s modes), in the manner of FastTrack (Flanagan &amp; Freund, PLDI 2009): every
 * thread carries a vector clock; every shared variable remembers its last write and the reads since,
 * each as an epoch (thread, clock) with its access mode and code site.
 *
 * <p>Two accesses to one variable <em>race</em> when they conflict (one writes), neither happens
 * before the other, and at least one is plain. Accesses in opaque mode or stronger never race with each
 * other (they are coherent), but one of them does with an unordered plain access. Happens-before comes
 * from: a release (a volatile or release write, a read-modify-write, a monitor exit, a call into
 * {@code java.util.concurrent}) joins the thread's clock into the variable's synchronisation clock; an
 * acquire (a volatile or acquire read, a read-modify-write, a monitor enter, the return of such a call)
 * joins that clock into the thread's. This over-approximates the model's synchronizes-with (an acquire
 * takes every earlier release of its variable, not only the one it read from), so the detector may miss
 * a race, but it reports none that an execution of the program does not have; and the harness orders the
 * construction of a test's state before its actors, and its actors before its arbiter.
 *
 * <p>Threads and hand-offs (JLS 17.4.4; {@link java.util.concurrent.ExecutorService}'s memory consistency effects):
 * a {@link Thread#start()} releases the starter's clock to the started thread's first action; a {@code join} (or an
 * {@code isAlive}) that found the thread ended takes the ended thread's clock; a task handed to an executor or a thread builder
 * ({@link #handOff(Runnable)}) acquires what its submitter did before the hand-off, and the {@link Future#get()}
 * (or {@code join}, {@code resultNow}, or the executor's {@code close}) that sees it done acquires what it did.
 *
 * <p>Unlike a stress test, it does not need the racing accesses to overlap in time, nor hardware that
 * reorders them: a plain read of a flag that another thread wrote is reported whenever no
 * synchronisation ordered the two, however far apart they ran. That is why it sees what x86-64 hides:
 * a release store or acquire load weakened to plain.
 *
 * <p>All state is guarded by one lock (the code sites and the fields' metadata by their own, so that no class is
 * loaded while it is held); a hook never blocks while holding it. Instrumented code calls the
 * hooks through bridges that {@link RaceInstrumenter} writes: a write's release runs before the write, a
 * read's acquire after the read (the variable's clock only grows, so reading it late only adds edges).
 */
public final class HappensBefore {
    private HappensBefore() {}

    /** Access modes, weakest first. */
    public static final int PLAIN = 0, OPAQUE = 1, ACQUIRE = 2, RELEASE = 3, VOLATILE = 4;

    private static final Object LOCK = new Object();
    /** The reference half of a static field's key. */
    private static final Object STATICS = new Object();
    private static final List<Site> SITES = new ArrayList<>();
    private static final Map<Object, Var> VARS = new HashMap<>();
    private static final Map<VarHandle, String> HANDLE_NAMES = new IdentityHashMap<>();
    private static final Map<String, String> RACES = new LinkedHashMap<>();
    private static final ThreadLocal<Clock> CLOCK = ThreadLocal.withInitial(HappensBefore::newThread);
    /** What each started thread's first action acquires: its starter's clock at {@code start()}. */
    private static final Map<Thread, int[]> STARTED = new WeakHashMap<>();
    /** Every thread's clock, for a {@code join}: an ended thread's clock no longer changes. */
    private static final Map<Thread, Clock> THREAD_CLOCKS = new WeakHashMap<>();
    /** The hand-off behind each future (and each executor's hand-offs), for {@code get} and {@code close}. */
    private static final Map<Object, List<HandOff>> HANDED_OFF = new IdentityHashMap<>();
    /** The calling thread's last hand-off, until the call that took it returns its future. */
    private static final ThreadLocal<HandOff> LAST_HAND_OFF = new ThreadLocal<>();
    private static final Map<String, Report> REPORTS = new LinkedHashMap<>();
    private static int threads;
    private static volatile boolean enabled;

    /** One code site of an access: where it is and what it does. */
    public record Site(String owner, String method, int line, String what) {
        @Override
        public String toString() {
            return owner + "#" + method + ":" + line + " " + what;
        }
    }

    /** A thread's vector clock; {@code id} indexes it. */
    static final class Clock {
        final int id;
        int[] vc;
        /** The write of a read-modify-write under way, at the epoch before its release. */
        Epoch pending;
        /** The MPI call the thread is in ({@link #enterCall}), or null. */
        String call;

        Clock(int id) {
            this.id = id;
            this.vc = new int[id + 1];
            vc[id] = 1;
        }

        int now() {
            return vc[id];
        }

        int of(int tid) {
            return tid < vc.length ? vc[tid] : 0;
        }

        void join(int[] other) {
            if (other == null) return;
            if (other.length > vc.length) vc = Arrays.copyOf(vc, other.length);
            for (int i = 0; i < other.length; i++) vc[i] = Math.max(vc[i], other[i]);
        }

        void tick() {
            vc[id]++;
        }
    }

    /** An access remembered: thread, its clock then, the mode and the site. */
    private record Epoch(int tid, int clock, int mode, int site, String call) {
    }

    /**
     * One side of a race: the code site, its access mode, the detector's thread number and the MPI call the thread
     * was in (null when it was in none the harness announced).
     */
    public record Side(Site site, String mode, int thread, String call) {
        @Override
        public String toString() {
            return site + " (" + mode + ") by thread " + thread + (call == null ? "" : " in " + call);
        }
    }

    /** A race: its kind ({@code write-read}, ...), the variable, and the earlier and the later access. */
    public record Report(String kind, String variable, Side first, Side second) {
        /** The unordered pair of the two code sites: the same pair on any object is one race. */
        public String sites() {
            String a = first.site.toString(), b = second.site.toString();
            return a.compareTo(b) <= 0 ? a + " <> " + b : b + " <> " + a;
        }
    }

    /**
     * A shared variable: its name, its synchronisation clock, its last write and the reads since, and
     * apart from those its last plain write and each thread's last plain read since the last plain write.
     * The plain ones are kept across accesses in stronger modes, which race only with plain ones: a
     * thread's plain read followed by its own volatile read must still race with an unordered write.
     */
    private static final class Var {
        final String name;
        int[] sync;
        Epoch write;
        Epoch plainWrite;
        final Map<Integer, Epoch> reads = new HashMap<>(4);
        final Map<Integer, Epoch> plainReads = new HashMap<>(4);

        Var(String name) {
            this.name = name;
        }
    }

    /** A variable's identity: an object (or class, for a static) and a field, or an array and an index. */
    private record Key(Object ref, String field, int index) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.ref == ref && k.index == index && k.field.equals(field);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(ref) * 31 + field.hashCode() * 7 + index;
        }
    }

    private static Clock newThread() {
        synchronized (LOCK) {
            Clock c = new Clock(threads++);
            Thread me = Thread.currentThread();
            c.join(STARTED.remove(me)); // everything before start() happens before the thread's first action
            THREAD_CLOCKS.put(me, c);
            return c;
        }
    }

    // ---------------------------------------------------------------- registry (instrumentation time)

    /** Registers a code site; its id is passed to the hooks. */
    public static int site(String owner, String method, int line, String what) {
        synchronized (SITES) { // not LOCK: the instrumenter runs holding a class-loading lock
            SITES.add(new Site(owner, method, line, what));
            return SITES.size() - 1;
        }
    }

    private static Site siteOf(int id) {
        synchronized (SITES) {
            return SITES.get(id);
        }
    }

    /** Replaces {@code Lookup.findVarHandle}: the handle's accesses are then accesses of the field. */
    public static VarHandle findVarHandle(MethodHandles.Lookup lookup, Class<?> owner, String name, Class<?> type)
            throws ReflectiveOperationException {
        VarHandle vh = lookup.findVarHandle(owner, name, type);
        register(vh, fieldInfo(owner, name).name());
        return vh;
    }

    /** Replaces {@code Lookup.findStaticVarHandle}. */
    public static VarHandle findStaticVarHandle(MethodHandles.Lookup lookup, Class<?> owner, String name, Class<?> type)
            throws ReflectiveOperationException {
        VarHandle vh = lookup.findStaticVarHandle(owner, name, type);
        register(vh, fieldInfo(owner, name).name()); // "static Owner.name"
        return vh;
    }

    /** Replaces {@code MethodHandles.arrayElementVarHandle}. */
    public static VarHandle arrayElementVarHandle(Class<?> arrayClass) {
        VarHandle vh = MethodHandles.arrayElementVarHandle(arrayClass);
        register(vh, "[]");
        return vh;
    }

    private static void register(VarHandle vh, String name) {
        synchronized (LOCK) {
            HANDLE_NAMES.put(vh, name);
        }
    }

    // ---------------------------------------------------------------- control (the harness)

    /** Starts recording, with no history. */
    public static void reset() {
        synchronized (LOCK) {
            VARS.clear();
            HANDED_OFF.clear();
            enabled = true;
        }
    }

    /** Forgets the variables (not the races): every access so far happens before every later one. */
    public static void forgetVariables() {
        synchronized (LOCK) {
            VARS.clear();
            HANDED_OFF.clear();
        }
    }

    /** The calling thread releases {@code token}: what it did so far happens before an acquire of it. */
    public static void release(Object token) {
        if (!enabled) return;
        synchronized (LOCK) {
            releaseLocked(var(new Key(token, "token", 0), "token"), CLOCK.get());
        }
    }

    /** The calling thread acquires {@code token}. */
    public static void acquire(Object token) {
        if (!enabled) return;
        synchronized (LOCK) {
            CLOCK.get().join(var(new Key(token, "token", 0), "token").sync);
        }
    }

    /** The races seen since {@link #reset()}: a key (variable and the two sites) and one description. */
    public static Map<String, String> races() {
        synchronized (LOCK) {
            return new LinkedHashMap<>(RACES);
        }
    }

    /** The races seen since {@link #reset()}, each with both sides, by the same key as {@link #races()}. */
    public static Map<String, Report> reports() {
        synchronized (LOCK) {
            return new LinkedHashMap<>(REPORTS);
        }
    }

    public static void clearRaces() {
        synchronized (LOCK) {
            RACES.clear();
            REPORTS.clear();
        }
    }

    /**
     * The calling thread enters the MPI call {@code call} (the harness's binding announces it): its accesses until
     * {@link #exitCall()} are reported as made in it. A call made inside another keeps the outer one.
     *
     * @return whether this was the outermost call, to pass to {@link #exitCall()}
     */
    public static boolean enterCall(String call) {
        if (!enabled) return false;
        Clock c = CLOCK.get();
        if (c.call != null) return false;
        c.call = call;
        return true;
    }

    /** The calling thread leaves the call it entered, if {@code outermost}. */
    public static void exitCall(boolean outermost) {
        if (outermost) CLOCK.get().call = null;
    }

    // ---------------------------------------------------------------- threads and hand-offs

    /** Before {@code t.start()}: what the caller did so far happens before {@code t}'s first action. */
    public static void threadStart(Thread t) {
        if (!enabled || t == null) return;
        synchronized (LOCK) {
            Clock c = CLOCK.get();
            STARTED.put(t, c.vc.clone());
            c.tick();
        }
    }

    /** After {@code t.join(...)} returned: if {@code t} has ended, everything it did happens before what follows. */
    public static void threadJoined(Thread t) {
        if (!enabled || t == null || t.isAlive()) return; // a timed join that timed out orders nothing
        synchronized (LOCK) {
            Clock ended = THREAD_CLOCKS.get(t);
            if (ended != null) CLOCK.get().join(ended.vc);
        }
    }

    /**
     * A call on {@code java.lang.Thread}: {@code start} before it; {@code join} after it, and {@code isAlive}, which
     * detects the end as a join does (JLS 17.4.4), after it.
     */
    public static void thread(Object receiver, String method, boolean after) {
        if (!(receiver instanceof Thread t)) return;
        if (!after && method.equals("start")) threadStart(t);
        else if (after && (method.equals("join") || method.equals("isAlive"))) threadJoined(t);
    }

    /**
     * A task as it is handed to an executor or a thread builder: the wrapper acquires, when it starts, what the caller
     * did before the hand-off, and releases what it did when it ends, for the {@code get} of its future.
     */
    public static Runnable handOff(Runnable task) {
        return task == null || !enabled ? task : newHandOff(task, null);
    }

    /** {@link #handOff(Runnable)} for a {@link Callable}. */
    public static Callable<?> handOff(Callable<?> task) {
        return task == null || !enabled ? task : newHandOff(null, task);
    }

    private static HandOff newHandOff(Runnable r, Callable<?> c) {
        HandOff h = new HandOff(r, c);
        release(h.start);
        LAST_HAND_OFF.set(h);
        return h;
    }

    /**
     * After a call that took a hand-off returned {@code result}, on {@code receiver}: a future's {@code get} waits for
     * that task, an executor's {@code close} for every task it took.
     */
    public static void handedOff(Object receiver, Object result) {
        HandOff h = LAST_HAND_OFF.get();
        LAST_HAND_OFF.remove();
        if (!enabled || h == null) return;
        synchronized (LOCK) {
            if (result instanceof Future<?>) HANDED_OFF.computeIfAbsent(result, k -> new ArrayList<>(1)).add(h);
            if (receiver != null) HANDED_OFF.computeIfAbsent(receiver, k -> new ArrayList<>()).add(h);
        }
    }

    /** After a call that waits for a task's end: acquires what the task(s) behind {@code receiver} did. */
    private static void awaitHandOffs(Object receiver) {
        List<HandOff> l = HANDED_OFF.get(receiver);
        if (l == null) return;
        Clock c = CLOCK.get();
        for (HandOff h : l) if (h.done) c.join(var(new Key(h, "token", 0), "token").sync);
    }

    /** The methods after which a future's task, or every task of an executor, has ended. */
    private static final java.util.Set<String> AWAITS = java.util.Set.of("get", "join", "resultNow", "exceptionNow", "close");

    /** A task handed off, in its own wrapper: {@code start} is the submitter's release, {@code this} the task's. */
    private static final class HandOff implements Runnable, Callable<Object> {
        private final Runnable runnable;
        private final Callable<?> callable;
        private final Object start = new Object();
        /** Whether the task has released its end (guarded by LOCK). */
        private boolean done;

        HandOff(Runnable runnable, Callable<?> callable) {
            this.runnable = runnable;
            this.callable = callable;
        }

        @Override
        public void run() {
            acquire(start);
            try {
                runnable.run();
            } finally {
                end();
            }
        }

        @Override
        public Object call() throws Exception {
            acquire(start);
            try {
                return callable.call();
            } finally {
                end();
            }
        }

        private void end() {
            synchronized (LOCK) {
                release(this);
                done = true;
            }
        }
    }

    // ---------------------------------------------------------------- hooks (instrumented code)

    /** A field access by GETFIELD/PUTFIELD/GETSTATIC/PUTSTATIC, or a mutant's plain access to one. */
    public static void field(Object obj, Class<?> owner, String name, boolean write, int forcedMode, int site) {
        if (!enabled) return;
        FieldInfo info = fieldInfo(owner, name);
        if (info.isFinal) return;
        int mode = forcedMode >= 0 ? forcedMode : info.isVolatile ? VOLATILE : PLAIN;
        Object ref = info.isStatic ? STATICS : obj;
        if (ref == null) return;
        access(new Key(ref, info.name, -1), info.name, write, mode, site);
    }

    /** An array element read or written by xALOAD/xASTORE. */
    public static void array(Object array, int index, boolean write, int site) {
        if (!enabled || array == null) return;
        access(new Key(array, "[]", index), array.getClass().getComponentType().getSimpleName() + "[" + index + "]",
                write, PLAIN, site);
    }

    /**
     * A VarHandle access. {@code a0} is the first coordinate if it is a reference (the receiver, the
     * array, or for a static handle the first value, ignored), {@code a1} the second if it is an int.
     * {@code after} says whether this is the call before or after the access.
     */
    public static void varHandle(VarHandle vh, Object a0, int a1, String method, boolean after, int outcome, int site) {
        if (!enabled) return;
        String name;
        synchronized (LOCK) {
            name = HANDLE_NAMES.get(vh);
        }
        Key key;
        String label;
        if (name == null) {
            key = new Key(vh, "vh", a0 == null ? 0 : System.identityHashCode(a0));
            label = "VarHandle " + vh;
        } else if (name.equals("[]")) {
            if (a0 == null) return;
            key = new Key(a0, "[]", a1);
            label = a0.getClass().getComponentType().getSimpleName() + "[" + a1 + "]";
        } else if (name.startsWith("static ")) {
            key = new Key(STATICS, name, -1);
            label = name;
        } else {
            if (a0 == null) return;
            key = new Key(a0, name, -1);
            label = name;
        }
        accessPhase(key, label, method, after, outcome, site);
    }

    /** A call on a {@code java.util.concurrent.atomic} object: an access of its one value. */
    public static void atomic(Object atomic, String method, boolean after, int outcome, int site) {
        if (!enabled || atomic == null) return;
        accessPhase(new Key(atomic, "value", -1), atomic.getClass().getSimpleName() + ".value", atomicMethod(method),
                after, outcome, site);
    }

    /**
     * A call into a synchroniser we do not instrument (a {@code java.util.concurrent} lock, queue or map,
     * an {@code AbstractQueuedSynchronizer}'s state, {@code Object.wait}): a release before it and an
     * acquire after it, on the receiver.
     */
    public static void sync(Object receiver, String method, boolean after) {
        if (!enabled || receiver == null) return;
        Object ref = receiver;
        synchronized (LOCK) {
            Var v = var(new Key(ref, "sync", -1), "sync");
            Clock c = CLOCK.get();
            if (after) {
                c.join(v.sync);
                if (AWAITS.contains(method)) awaitHandOffs(ref);
            } else releaseLocked(v, c);
        }
    }

    /** Whether a call named {@code method} on {@code receiver} is an AQS synchronisation. */
    public static void aqs(Object receiver, String method, boolean after) {
        if (receiver instanceof AbstractQueuedSynchronizer) sync(receiver, method, after);
    }

    /** After MONITORENTER. */
    public static void monitorEnter(Object monitor) {
        sync(monitor, "monitorenter", true);
    }

    /** Before MONITOREXIT. */
    public static void monitorExit(Object monitor) {
        sync(monitor, "monitorexit", false);
    }

    // ---------------------------------------------------------------- the detector

    private static final Map<String, Integer> VH_MODES = new HashMap<>();

    static {
        // read, write, rmw, as mode * 3 + kind (kind 0 read, 1 write, 2 rmw)
        put("get", PLAIN, 0);
        put("set", PLAIN, 1);
        put("getOpaque", OPAQUE, 0);
        put("setOpaque", OPAQUE, 1);
        put("getAcquire", ACQUIRE, 0);
        put("setRelease", RELEASE, 1);
        put("getVolatile", VOLATILE, 0);
        put("setVolatile", VOLATILE, 1);
        put("weakCompareAndSetPlain", OPAQUE, 2);
        for (String m : List.of("compareAndSet", "compareAndExchange", "weakCompareAndSet", "getAndSet", "getAndAdd",
                "getAndBitwiseOr", "getAndBitwiseAnd", "getAndBitwiseXor")) {
            put(m, VOLATILE, 2);
        }
        for (String m : List.of("compareAndExchangeAcquire", "weakCompareAndSetAcquire", "getAndSetAcquire",
                "getAndAddAcquire", "getAndBitwiseOrAcquire", "getAndBitwiseAndAcquire", "getAndBitwiseXorAcquire")) {
            put(m, ACQUIRE, 2);
        }
        for (String m : List.of("compareAndExchangeRelease", "weakCompareAndSetRelease", "getAndSetRelease",
                "getAndAddRelease", "getAndBitwiseOrRelease", "getAndBitwiseAndRelease", "getAndBitwiseXorRelease")) {
            put(m, RELEASE, 2);
        }
        // atomics' own names
        put("getPlain", PLAIN, 0);
        put("setPlain", PLAIN, 1);
        put("lazySet", RELEASE, 1);
    }

    private static void put(String method, int mode, int kind) {
        VH_MODES.put(method, mode * 3 + kind);
    }

    /** A compare-and-exchange wrote when it returned what it expected. */
    public static int same(Object witness, Object expected) {
        return witness == expected ? 1 : 0;
    }

    public static int same(int witness, int expected) {
        return witness == expected ? 1 : 0;
    }

    public static int same(long witness, long expected) {
        return witness == expected ? 1 : 0;
    }

    /** An atomic's method as the VarHandle access mode it has (get and set are volatile there). */
    private static String atomicMethod(String method) {
        if (method.equals("get")) return "getVolatile";
        if (method.equals("set")) return "setVolatile";
        if (method.equals("weakCompareAndSet")) return "weakCompareAndSetPlain"; // deprecated; plain
        if (VH_MODES.containsKey(method)) return method;
        if (method.startsWith("get") || method.endsWith("Value") || method.equals("toString")) {
            return method.startsWith("getAnd") ? "getAndSet" : "getVolatile";
        }
        return "compareAndSet"; // incrementAndGet, updateAndGet, accumulateAndGet, ...
    }

    private static void accessPhase(Key key, String label, String method, boolean after, int outcome, int site) {
        Integer code = VH_MODES.get(method);
        if (code == null) return; // toMethodHandle, accessModeType, ...
        int mode = code / 3;
        int kind = code % 3;
        synchronized (LOCK) {
            Var v = var(key, label);
            Clock c = CLOCK.get();
            if (kind == 0) { // a read: checked and acquired after it
                if (after) readLocked(v, c, mode, site);
            } else if (kind == 1) { // a write: checked and released before it
                if (!after) writeLocked(v, c, new Epoch(c.id, c.now(), mode, site, c.call), true);
            } else if (!after) {
                // a read-modify-write: its read is checked, and its release made, before it; its write is
                // checked after, when it is known to have written (a failed CAS only read), at the epoch it
                // had before the release
                readLocked(v, c, mode, site);
                c.pending = new Epoch(c.id, c.now(), mode, site, c.call);
                if (mode == RELEASE || mode == VOLATILE) releaseLocked(v, c);
            } else {
                // the access read when it ran, after the hook before it: acquire what was released by
                // then (the write it read from among it) before judging its write
                if (mode == ACQUIRE || mode == VOLATILE) c.join(v.sync);
                if (outcome != 0 && c.pending != null) writeLocked(v, c, c.pending, false);
                c.pending = null;
            }
        }
    }

    private static void access(Key key, String label, boolean write, int mode, int site) {
        synchronized (LOCK) {
            Var v = var(key, label);
            Clock c = CLOCK.get();
            if (write) writeLocked(v, c, new Epoch(c.id, c.now(), mode, site, c.call), true);
            else readLocked(v, c, mode, site);
        }
    }

    private static Var var(Key key, String label) {
        return VARS.computeIfAbsent(key, k -> new Var(label));
    }

    private static boolean unordered(Epoch e, Clock c) {
        return e != null && e.tid != c.id && e.clock > c.of(e.tid);
    }

    private static void readLocked(Var v, Clock c, int mode, int site) {
        Epoch me = new Epoch(c.id, c.now(), mode, site, c.call);
        Epoch w = v.write;
        if (unordered(w, c) && (mode == PLAIN || w.mode == PLAIN)) report(v, w, me, "write-read");
        else if (v.plainWrite != w && unordered(v.plainWrite, c)) report(v, v.plainWrite, me, "write-read");
        if (mode == ACQUIRE || mode == VOLATILE) c.join(v.sync);
        v.reads.put(c.id, me);
        if (mode == PLAIN) v.plainReads.put(c.id, me);
    }

    private static void writeLocked(Var v, Clock c, Epoch me, boolean release) {
        boolean plain = me.mode == PLAIN;
        if (plain && unordered(v.write, c)) report(v, v.write, me, "write-write");
        else if (unordered(v.plainWrite, c)) report(v, v.plainWrite, me, "write-write");
        if (plain) {
            for (Epoch r : v.reads.values()) if (unordered(r, c)) report(v, r, me, "read-write");
        }
        for (Epoch r : v.plainReads.values()) if (unordered(r, c)) report(v, r, me, "read-write");
        v.reads.clear();
        if (plain) {
            v.plainReads.clear();
            v.plainWrite = me;
        }
        v.write = me;
        if (release && (me.mode == RELEASE || me.mode == VOLATILE)) releaseLocked(v, c);
    }

    private static void releaseLocked(Var v, Clock c) {
        if (v.sync == null) v.sync = c.vc.clone();
        else {
            if (c.vc.length > v.sync.length) v.sync = Arrays.copyOf(v.sync, c.vc.length);
            for (int i = 0; i < c.vc.length; i++) v.sync[i] = Math.max(v.sync[i], c.vc[i]);
        }
        c.tick();
    }

    private static final String[] MODE_NAMES = {"plain", "opaque", "acquire", "release", "volatile"};

    private static void report(Var v, Epoch first, Epoch second, String kind) {
        String a = siteOf(first.site) + " (" + MODE_NAMES[first.mode] + ")";
        String b = siteOf(second.site) + " (" + MODE_NAMES[second.mode] + ")";
        String key = v.name + " :: " + (a.compareTo(b) <= 0 ? a + " | " + b : b + " | " + a);
        if (RACES.putIfAbsent(key, kind + " race on " + v.name + ": " + a + " by thread " + first.tid
                + ", then " + b + " by thread " + second.tid + ", with no happens-before between them") == null) {
            REPORTS.put(key, new Report(kind, v.name, side(first), side(second)));
        }
    }

    private static Side side(Epoch e) {
        return new Side(siteOf(e.site), MODE_NAMES[e.mode], e.tid, e.call);
    }

    // ---------------------------------------------------------------- field metadata

    private record FieldInfo(Object declaring, String name, boolean isStatic, boolean isVolatile, boolean isFinal) {
    }

    private static final Map<Class<?>, Map<String, FieldInfo>> FIELDS = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Resolved outside {@link #LOCK}: reflection may load a class, and loading an instrumented class registers its
     * sites while holding the class's loading lock, so resolving under LOCK could deadlock with it (seen: a thread in
     * {@code getDeclaredFields} holding LOCK, another instrumenting a class and waiting for LOCK).
     */
    private static FieldInfo fieldInfo(Class<?> owner, String name) {
        Map<String, FieldInfo> fields = FIELDS.computeIfAbsent(owner, k -> new java.util.concurrent.ConcurrentHashMap<>());
        FieldInfo f = fields.get(name);
        if (f == null) {
            f = resolve(owner, name); // not in computeIfAbsent: no map lock held while classes load
            FieldInfo earlier = fields.putIfAbsent(name, f);
            if (earlier != null) f = earlier;
        }
        return f;
    }

    private static FieldInfo resolve(Class<?> owner, String name) {
        for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!f.getName().equals(name)) continue;
                int m = f.getModifiers();
                String full = (Modifier.isStatic(m) ? "static " : "") + c.getName() + "." + name;
                return new FieldInfo(c, full, Modifier.isStatic(m), Modifier.isVolatile(m), Modifier.isFinal(m));
            }
        }
        return new FieldInfo(owner, owner.getName() + "." + name, false, false, true); // unknown: not tracked
    }
}
