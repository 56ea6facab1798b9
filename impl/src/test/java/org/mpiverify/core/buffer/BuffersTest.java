package org.mpiverify.core.buffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpiverify.core.coll.TestData;
import org.mpiverify.mpi.Datatype;

/**
 * Packing a typed buffer into a packet and back, on each of its paths: a bulk copy through a view of the
 * packet for heap arrays, memory segments for ByteBuffers and partial elements. Every path must lay the
 * elements out in native byte order, as a direct ByteBuffer holds them, so that any pair of paths agrees.
 */
class BuffersTest {
    /** From one long to a rendezvous-sized message. */
    private static final int[] SIZES = {8, 248, 256, 264, 1024, 4096, 65536};

    @ParameterizedTest
    @EnumSource(Datatype.class)
    void packThenUnpackRoundTripsAtEverySizeAndOffset(Datatype type) {
        for (int bytes : SIZES) {
            int n = bytes / type.size();
            Object src = filled(type, n + 3);
            byte[] packet = new byte[bytes + 16];           // a pool's packet may be longer than the message
            Buffers.pack(src, 3, type, packet, (long) n * type.size());
            Object dst = Array.newInstance(type.arrayClass().componentType(), n + 1);
            Buffers.unpack(packet, dst, 1, type, (long) n * type.size());
            for (int i = 0; i < n; i++) {
                assertEquals(Array.get(src, i + 3), Array.get(dst, i + 1), type + ", " + bytes + " bytes, element " + i);
            }
            assertEquals(Array.get(Array.newInstance(type.arrayClass().componentType(), 1), 0), Array.get(dst, 0),
                    "nothing written before the offset");
        }
    }

    @ParameterizedTest
    @EnumSource(Datatype.class)
    void everyPathWritesNativeByteOrder(Datatype type) {
        for (int bytes : SIZES) {
            int n = bytes / type.size();
            Object src = filled(type, n);
            byte[] fromArray = new byte[bytes];
            Buffers.pack(src, 0, type, fromArray, bytes);
            ByteBuffer direct = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
            Buffers.copy(src, 0, type, direct, 0, type, bytes);
            byte[] fromDirect = new byte[bytes];
            Buffers.pack(direct, 0, type, fromDirect, bytes);
            assertArrayEquals(fromDirect, fromArray, type + ", " + bytes + " bytes");
        }
    }

    /** Elements whose every byte differs, so a swapped or shifted byte shows (floats kept clear of NaN). */
    private static Object filled(Datatype type, int n) {
        Object a = Array.newInstance(type.arrayClass().componentType(), n);
        for (int i = 0; i < n; i++) {
            TestData.setBits(a, type, i, (0x0102030405060708L * (i + 1) + i) & 0x3fff_ffff_3fff_ffffL);
        }
        return a;
    }
}
