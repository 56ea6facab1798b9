package org.mpiverify.audit.race;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The GNU build ID of an ELF file ({@code NT_GNU_BUILD_ID} in a {@code PT_NOTE} segment; what {@code readelf -n}
 * prints as "Build ID"): it tells one build of a library from another of the same name, so an offset recorded for one
 * is not applied to another. 64-bit little-endian ELF only (the machines' x86-64). Thread safety: stateless.
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
