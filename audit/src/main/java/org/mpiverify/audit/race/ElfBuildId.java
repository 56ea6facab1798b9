package org.mpiverify.audit.race;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The GNU build ID of an ELF file ({@code NT_GNU_BUILD_ID} in a {@code PT_NOTE} segment; what {@code readelf -n}
 * prints as "Build ID"): it tells one build of a library from another of the same name, so an offset recorded for one
 * is not applied to another; and the shared objects it needs ({@code DT_NEEDED}, what {@code readelf -d} prints as
 * "NEEDED"). 64-bit little-endian ELF only (the machines' x86-64). Thread safety: stateless.
 */
final class ElfBuildId {
    private static final int PT_NOTE = 4;
    private static final int NT_GNU_BUILD_ID = 3;

    private ElfBuildId() { }

    /** The build ID in hex, or empty when the file is missing, no 64-bit little-endian ELF, or has none. */
    static Optional<String> of(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer h = read(ch, 0, 64);
            if (h == null || h.getInt(0) != 0x464c457f || h.get(4) != 2 || h.get(5) != 1) return Optional.empty();
            long phoff = h.getLong(0x20);
            int phentsize = Short.toUnsignedInt(h.getShort(0x36));
            int phnum = Short.toUnsignedInt(h.getShort(0x38));
            for (int i = 0; i < phnum; i++) {
                ByteBuffer ph = read(ch, phoff + (long) i * phentsize, 56);
                if (ph == null || ph.getInt(0) != PT_NOTE) continue;
                long size = ph.getLong(0x20);
                if (size > 1 << 16) continue;
                ByteBuffer notes = read(ch, ph.getLong(8), (int) size);
                if (notes == null) continue;
                for (int p = 0; p + 12 <= notes.limit(); ) {
                    int namesz = notes.getInt(p), descsz = notes.getInt(p + 4), type = notes.getInt(p + 8);
                    int name = p + 12, desc = name + align4(namesz);
                    if (namesz < 0 || descsz < 0 || desc + descsz > notes.limit()) break;
                    if (type == NT_GNU_BUILD_ID && namesz == 4 && notes.get(name) == 'G' && notes.get(name + 1) == 'N'
                            && notes.get(name + 2) == 'U') {
                        byte[] id = new byte[descsz];
                        notes.get(desc, id);
                        return Optional.of(HexFormat.of().formatHex(id));
                    }
                    p = desc + align4(descsz);
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static final int SHT_DYNAMIC = 6;
    private static final long DT_NEEDED = 1;

    /**
     * The names in the file's {@code DT_NEEDED} entries ({@code libtsan.so.2}, {@code libucp.so.0}, ...), in order; empty
     * when the file is missing, no 64-bit little-endian ELF, or has no dynamic section.
     */
    static List<String> needed(Path file) {
        List<String> names = new ArrayList<>();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer h = read(ch, 0, 64);
            if (h == null || h.getInt(0) != 0x464c457f || h.get(4) != 2 || h.get(5) != 1) return List.of();
            long shoff = h.getLong(0x28);
            int shentsize = Short.toUnsignedInt(h.getShort(0x3a));
            int shnum = Short.toUnsignedInt(h.getShort(0x3c));
            for (int i = 0; i < shnum; i++) {
                ByteBuffer sh = read(ch, shoff + (long) i * shentsize, 64);
                if (sh == null || sh.getInt(4) != SHT_DYNAMIC) continue;
                long size = sh.getLong(0x20);
                ByteBuffer str = read(ch, shoff + (long) sh.getInt(0x28) * shentsize, 64);
                if (str == null || size > 1 << 20) return List.of();
                ByteBuffer dyn = read(ch, sh.getLong(0x18), (int) size);
                long strOff = str.getLong(0x18), strSize = str.getLong(0x20);
                for (int p = 0; dyn != null && p + 16 <= dyn.limit(); p += 16) {
                    long tag = dyn.getLong(p), val = dyn.getLong(p + 8);
                    if (tag == 0) break;
                    if (tag == DT_NEEDED && val >= 0 && val < strSize) names.add(string(ch, strOff + val));
                }
                return List.copyOf(names);
            }
            return List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String string(FileChannel ch, long at) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(256);
        ch.read(b, at);
        b.flip();
        int n = 0;
        while (n < b.limit() && b.get(n) != 0) n++;
        return new String(b.array(), 0, n, StandardCharsets.US_ASCII);
    }

    private static int align4(int n) {
        return (n + 3) & ~3;
    }

    private static ByteBuffer read(FileChannel ch, long at, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) return null;
        }
        return b.flip();
    }
}
