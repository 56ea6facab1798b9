package org.mpiverify.core.request;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A lock-free LIFO stack (R. K. Treiber, "Systems Programming: Coping with Parallelism", IBM RJ 5118,
 * 1986): the shared pool behind the thread-local caches of {@link ObjectPool}, as in Dang, Snir &amp;
 * Gropp §3.3 ("the shared pool ... implemented using a lock-free stack").
 *
 * <p>Every push allocates a fresh node, so the classic ABA problem of Treiber stacks cannot occur: a
 * node is never reused while any thread can still hold a reference to it (the garbage collector
 * guarantees it).
 *
 * <p>Invariants: {@code head} is null or the first node of a null-terminated list; a node's
 * {@code next} and {@code item} never change after the node is published.
 *
 * <p>Linearization points: the successful CAS of {@code head} in push and in a pop that returns an
 * item; the read of a null {@code head} in a pop that returns null.
 *
 * <p>Memory consistency effects: actions in a thread before pushing an item happen-before actions
 * after the pop that returns it, in another thread.
 */
public final class TreiberStack<T> {
    private static final class Node<T> {
        final T item;
        final Node<T> next;

        Node(T item, Node<T> next) {
            this.item = item;
            this.next = next;
        }
    }

    private final AtomicReference<Node<T>> head = new AtomicReference<>();

    public void push(T item) {
        Node<T> h;
        Node<T> n;
        do {
            h = head.get();
            n = new Node<>(item, h);
        } while (!head.compareAndSet(h, n));
    }

    /** Removes and returns the top item, or null if empty. */
    public T pop() {
        Node<T> h;
        do {
            h = head.get();
            if (h == null) {
                return null;
            }
        } while (!head.compareAndSet(h, h.next));
        return h.item;
    }

    public boolean isEmpty() {
        return head.get() == null;
    }

    /**
     * Calls {@code action} on every item of the stack as of one read of {@code head}, top first (nodes never
     * change once published, so the walk needs no lock). Read-only, for quiescence checks and tests.
     */
    public void forEach(Consumer<? super T> action) {
        for (Node<T> n = head.get(); n != null; n = n.next) {
            action.accept(n.item);
        }
    }
}
