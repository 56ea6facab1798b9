package org.mpiverify.trace.spi;

import java.util.List;
import java.util.Map;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;

/**
 * A recorded trace of one algorithm, made ready for TLC: its events as TLA+ records, the trace spec that
 * reads them, and the constants of the spec for any window of consecutive events.
 */
public interface TraceModel {
    /** The trace's name: run and unit ({@code comm-dup-concurrent/PER_OBJECT-QUEUES/allocators}, say). */
    String name();

    /** Which algorithm's steps these are. */
    Algorithm algorithm();

    /** The implementation that produced them (a context-id algorithm, a matching engine, ...). */
    String variant();

    /** The spec folder under {@code specs/} that holds the trace spec. */
    String specFolder();

    /** The trace spec module: it EXTENDS the algorithm's spec and reads {@code Trace}. */
    String traceModule();

    /** The spec's invariants TLC checks in every state on the way. */
    List<String> invariants();

    /** The spec's action properties TLC checks on every step (one worker). */
    List<String> properties();

    /** The events to validate, in their recorded order. */
    List<TraceStep> steps();

    /**
     * The spec's constants (name to TLA+ expression, without {@code Trace}, {@code FromInit}, {@code Start}
     * and {@code StopAt}) for the window of steps {@code [from, to)} (0-based).
     */
    Map<String, String> constants(int from, int to);

    /**
     * Named values the steps refer to (name to TLA+ expression), e.g. id sets: TLC evaluates a named
     * definition once, while a set expression written inside the trace's tuple is evaluated again on every
     * access to the tuple (measured: 20 ms a step for 2,000 events). Names start with {@code TS}.
     */
    Map<String, String> definitions();

    /**
     * Constants of the spec that are model values ({@code Wild}, say): TLC's configuration declares each as
     * {@code Name = Name}; a TLA+ expression cannot denote one. Empty unless the spec has such constants.
     */
    default List<String> modelValues() {
        return List.of();
    }

    /**
     * Operators of the spec replaced by others in TLC's configuration, name to replacement: a spec mutant
     * ({@code Mprobe <- MprobeLeavesMessage}, to show that a trace spec's checks can fail), or a trace's own
     * names for the spec's threads (context ids: {@code Th <- SlotThread}). Empty by default.
     */
    default Map<String, String> substitutions() {
        return Map.of();
    }

    /**
     * Whether the trace spec reads the trace as data: its {@code Trace} is bound to {@code TraceLog(file)} (the
     * events' values, one a line, read by TLC through a Java operator), it declares the constant {@code Rebase} and
     * restarts its history variables every {@code Rebase} events itself, so that the whole trace is one TLC run
     * instead of one run (and one parse of a generated module) per window. The steps' values must then be plain
     * values (records, tuples, enumerated sets, integers, strings, booleans) naming no {@link #definitions()}.
     */
    default boolean readsTraceAsData() {
        return false;
    }

    /**
     * For a trace read as data: constants of the spec given as data too (name to one TLA+ value of the kinds
     * {@link #readsTraceAsData()} allows), each bound to {@code TraceLog(file)[1]} for a file that holds it, so
     * that a constant as long as the trace ({@code Sent}, say) is neither parsed as a module nor evaluated again
     * on every access. Empty by default; the names must not be among {@link #constants(int, int)}'s.
     */
    default Map<String, String> dataConstants() {
        return Map.of();
    }

    /**
     * A TLC {@code VIEW} of the trace spec (an operator's name), or null for none. Only for a trace spec whose every
     * state has at most one successor and is determined by the view's value (each event determines its step, as the
     * spec says and argues): TLC then fingerprints the view, not the whole state. An accepted trace stays accepted by a
     * behaviour whose every state TLC checked; a spec with two successors to one event would lose one of them.
     */
    default String view() {
        return null;
    }

    /**
     * Whether traces of this spec whose constants differ may share a batch (a TLC run of several traces, each constant
     * indexed by the trace): only if no definition the configuration substitutes depends on a constant (TLC evaluates
     * a substitution with the first trace's constants for every trace of a batch) and the spec's use of its constants
     * stays cheap when each use indexes a tuple. False by default: such traces are checked one TLC run each.
     */
    default boolean batchesAcrossConstants() {
        return false;
    }

    /** Why the recording ends where it does, if not at the end of the run (a job aborted, say); else empty. */
    String truncation();
}
