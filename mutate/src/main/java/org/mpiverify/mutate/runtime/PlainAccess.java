package org.mpiverify.mutate.runtime;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;

/**
 * Bootstrap of the plain field accesses a mutant makes instead of volatile ones (operator
 * {@code VOLATILE_TO_PLAIN}): Java has no bytecode for a plain access to a volatile field, but a
 * {@link VarHandle} in plain mode is one. The call site is constant, so the JIT inlines it to a plain
 * load or store and may reorder or hoist it as it would for a non-volatile field.
 */
public final class PlainAccess {
    private PlainAccess() {}

    /**
     * {@code invokedynamic name=FIELD type=(Owner)T or (Owner,T)V or ()T or (T)V}: a plain get or set
     * of {@code owner.FIELD}, looked up with the mutated class's own access.
     *
     * @param isStatic 1 for a static field
     * @param isSet    1 for a store
     */
    public static CallSite field(MethodHandles.Lookup caller, String name, MethodType type, Class<?> owner,
                                 int isStatic, int isSet) throws ReflectiveOperationException {
        Class<?> fieldType = isSet == 1 ? type.parameterType(type.parameterCount() - 1) : type.returnType();
        VarHandle vh = isStatic == 1 ? caller.findStaticVarHandle(owner, name, fieldType)
                : caller.findVarHandle(owner, name, fieldType);
        MethodHandle mh = vh.toMethodHandle(isSet == 1 ? VarHandle.AccessMode.SET : VarHandle.AccessMode.GET);
        return new ConstantCallSite(mh.asType(type));
    }
}
