package org.mpiverify.testkit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A test that checks a check against a known-bad twin: it must reject the twin. Tagged
 * {@value #TAG}, so that mutation testing, which asks whether the checks notice a changed core, does
 * not count a twin test as a check of the core.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Tag(TwinTest.TAG)
@Test
public @interface TwinTest {
    String TAG = "twin";
}
