package tlc2.overrides;

import org.mpiverify.trace.tlc.TraceLogOperator;

/**
 * The class TLC 2.18 loads by this name from its class path to find operators defined in Java
 * ({@code SpecProcessor}): here {@code TraceLog}, with which a trace spec reads a recorded trace as data. Only the
 * trace validation's TLC JVM ({@code TlcWindowServer}) has it on its class path.
 */
public final class TLCOverrides implements ITLCOverrides {
    @Override
    @SuppressWarnings("rawtypes")
    public Class[] get() {
        return new Class[] {TraceLogOperator.class};
    }
}
