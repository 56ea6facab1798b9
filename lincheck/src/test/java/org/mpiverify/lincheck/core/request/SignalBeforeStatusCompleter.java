package org.mpiverify.lincheck.core.request;

import org.mpiverify.core.request.RequestState;

/**
 * Known-bad twin of the completion protocol of {@link org.mpiverify.core.request.Completion} /
 * {@link RequestState}: a completer that calls {@code signal()} before {@code setStatus(...)} (the order
 * the class comment forbids: "Records the status; call before signal()"). A tester that sees
 * {@code isDone()} can then read the status of the previous use (source 0).
 */
public final class SignalBeforeStatusCompleter {
    private SignalBeforeStatusCompleter() {}

    public static void complete(RequestState st) {
        st.signal();                              // DEFECT: published before ...
        st.setStatus(1, 1, 4, 0, false);          // ... the status it publishes
    }
}
