package org.mpiverify.locks.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SelectableChannel;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.function.Consumer;

/**
 * Hooks for blocking I/O: reads and writes of socket streams (other streams are not blocking operations here) and of
 * blocking socket channels, {@code accept}, {@code Selector.select}.
 *
 * <p>As in every hook class of this package ({@link CallHooks} lists them), the methods here are called by the
 * agent's rewritten code, with the site's id ({@link Sites}) last: in place of an operation, with its receiver and
 * arguments, performing it themselves so that its semantics (exceptions included) are the original's; or beside an
 * operation that cannot be performed on the program's behalf (monitors, the entry and exits of a call). They record
 * what happened in the calling thread's {@link ThreadState}. The bookkeeping never throws into the program: a
 * failure is counted ({@link AuditState#internalErrors()}) and the program goes on.
 *
 * <p>Thread safety: every hook runs on the calling thread and touches only that thread's state and the
 * concurrent tables of {@link AuditState}.
 */
public final class SocketHooks {
    private static final ClassValue<Boolean> SOCKET_STREAM = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            String n = type.getName();
            return (n.startsWith("java.net.") || n.startsWith("sun.nio.ch.")) && n.contains("Socket");
        }
    };

    private SocketHooks() { }

    private static long socketStream(Object stream, int site) {
        return SOCKET_STREAM.get(stream.getClass()) ? Blocking.begin(site) : -1;
    }

    public static int read(InputStream in, int site) throws IOException {
        long t0 = socketStream(in, site);
        try {
            return in.read();
        } finally {
            Blocking.end(t0);
        }
    }

    public static int read(InputStream in, byte[] b, int site) throws IOException {
        long t0 = socketStream(in, site);
        try {
            return in.read(b);
        } finally {
            Blocking.end(t0);
        }
    }

    public static int read(InputStream in, byte[] b, int off, int len, int site) throws IOException {
        long t0 = socketStream(in, site);
        try {
            return in.read(b, off, len);
        } finally {
            Blocking.end(t0);
        }
    }

    public static int readNBytes(InputStream in, byte[] b, int off, int len, int site) throws IOException {
        long t0 = socketStream(in, site);
        try {
            return in.readNBytes(b, off, len);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void write(OutputStream out, int b, int site) throws IOException {
        long t0 = socketStream(out, site);
        try {
            out.write(b);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void write(OutputStream out, byte[] b, int site) throws IOException {
        long t0 = socketStream(out, site);
        try {
            out.write(b);
        } finally {
            Blocking.end(t0);
        }
    }

    public static void write(OutputStream out, byte[] b, int off, int len, int site) throws IOException {
        long t0 = socketStream(out, site);
        try {
            out.write(b, off, len);
        } finally {
            Blocking.end(t0);
        }
    }

    private static long channel(SelectableChannel ch, int site) {
        return ch.isBlocking() ? Blocking.begin(site) : -1;
    }

    public static int read(SocketChannel ch, ByteBuffer dst, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.read(dst);
        } finally {
            Blocking.end(t0);
        }
    }

    public static long read(SocketChannel ch, ByteBuffer[] dsts, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.read(dsts);
        } finally {
            Blocking.end(t0);
        }
    }

    public static long read(SocketChannel ch, ByteBuffer[] dsts, int off, int len, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.read(dsts, off, len);
        } finally {
            Blocking.end(t0);
        }
    }

    public static int write(SocketChannel ch, ByteBuffer src, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.write(src);
        } finally {
            Blocking.end(t0);
        }
    }

    public static long write(SocketChannel ch, ByteBuffer[] srcs, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.write(srcs);
        } finally {
            Blocking.end(t0);
        }
    }

    public static long write(SocketChannel ch, ByteBuffer[] srcs, int off, int len, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.write(srcs, off, len);
        } finally {
            Blocking.end(t0);
        }
    }

    public static SocketChannel accept(ServerSocketChannel ch, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.accept();
        } finally {
            Blocking.end(t0);
        }
    }

    public static Socket accept(ServerSocket s, int site) throws IOException {
        long t0 = Blocking.begin(site);
        try {
            return s.accept();
        } finally {
            Blocking.end(t0);
        }
    }

    public static int select(Selector s, int site) throws IOException {
        long t0 = Blocking.begin(site);
        try {
            return s.select();
        } finally {
            Blocking.end(t0);
        }
    }

    public static int select(Selector s, long timeout, int site) throws IOException {
        long t0 = Blocking.begin(site);
        try {
            return s.select(timeout);
        } finally {
            Blocking.end(t0);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static int select(Selector s, Consumer action, int site) throws IOException {
        long t0 = Blocking.begin(site);
        try {
            return s.select(action);
        } finally {
            Blocking.end(t0);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static int select(Selector s, Consumer action, long timeout, int site) throws IOException {
        long t0 = Blocking.begin(site);
        try {
            return s.select(action, timeout);
        } finally {
            Blocking.end(t0);
        }
    }
}
