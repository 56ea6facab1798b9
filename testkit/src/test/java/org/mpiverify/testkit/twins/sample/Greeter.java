package org.mpiverify.testkit.twins.sample;

import java.util.function.Supplier;

/** An original for {@code TwinClassLoaderTest}: a nested class, a lambda and references to itself. */
public class Greeter {
    static final Greeter INSTANCE = new Greeter();

    static final class Word {
        final String text;

        Word(String text) {
            this.text = text;
        }
    }

    Greeter self() {
        return this;
    }

    String greet() {
        Supplier<Word> w = () -> new Word("real");
        return self().getClass().getSimpleName() + ":" + w.get().text;
    }
}
