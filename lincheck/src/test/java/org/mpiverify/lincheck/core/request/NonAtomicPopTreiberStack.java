package org.mpiverify.lincheck.core.request;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Known-bad twin of {@link org.mpiverify.core.request.TreiberStack}: a copy whose {@code pop} reads the
 * head and then writes {@code head.next} with a plain set instead of a CAS (check-then-act). Two
 * concurrent pops can return the same item, and a push between the read and the write is lost.
 */
public final class NonAtomicPopTreiberStack<T> {
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

    public T pop() {
        Node<T> h = head.get();
        if (h == null) {
            return null;
        }
        head.set(h.next); // DEFECT: was compareAndSet(h, h.next) in a retry loop
        return h.item;
    }

    public boolean isEmpty() {
        return head.get() == null;
    }
}
