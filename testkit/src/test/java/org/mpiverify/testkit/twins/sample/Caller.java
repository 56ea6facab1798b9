package org.mpiverify.testkit.twins.sample;

/** Makes a {@link Greeter} itself, as code under test makes its components: only a loader can swap it. */
public final class Caller {
    private Caller() {}

    public static String greet() {
        return Greeter.INSTANCE.greet() + "/" + new Greeter().greet();
    }
}
