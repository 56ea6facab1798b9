package org.mpiverify.results;

/**
 * Hears how far a long piece of work has come: the one progress listener of every command. A component
 * counts its steps ({@link #set}), says what runs now ({@link #detail}) and prints its ordinary lines
 * through {@link #println} so that a live line is not torn; it knows nothing of how (or whether) this is
 * shown. {@link ProgressLine} draws it; {@link #NONE} drops it.
 *
 * <p>Thread safety: an implementation may be called from any thread.
 */
public interface Progress {
    /** Shows nothing and prints nothing: for work nobody watches. */
    Progress NONE = new Progress() {
        @Override public void set(long done) { }
        @Override public void detail(String text) { }
        @Override public void println(String line) { }
    };

    /** {@code done} steps of the work are done (a count, not an increment). */
    void set(long done);

    /** What runs now (text after the counts); null or empty: nothing. */
    void detail(String text);

    /** An ordinary line of output beside the progress. */
    void println(String line);
}
