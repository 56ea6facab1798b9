package org.mpiverify.testkit.twins.sample;

import java.util.function.Supplier;

/** {@link Greeter}'s stand-in for {@code TwinClassLoaderTest}, of the same shape, greeting otherwise. */
public class WrongGreeter {
    static final WrongGreeter INSTANCE = new WrongGreeter();

    static final class Word {
        final String text;

        Word(String text) {
            this.text = text;
        }
    }

    WrongGreeter self() {
        return this;
    }

    String greet() {
        Supplier<Word> w = () -> new Word("twin");
        return self().getClass().getSimpleName() + ":" + w.get().text;
    }
}
