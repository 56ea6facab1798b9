package org.mpiverify.lincheck.core.request;

/**
 * Sequential specification of a request's completion as its tester sees it: a status that is absent
 * until {@code complete} and then is the completer's status (source 1, tag 1).
 */
public class CompletionSpec {
    private boolean done;

    public void complete() {
        done = true;
    }

    public String test() {
        return done ? "done source=1 tag=1" : "not done";
    }

    public String registerAndCheck() {
        return test();
    }

    public String awaitOrGiveUp() {
        return test();
    }
}
