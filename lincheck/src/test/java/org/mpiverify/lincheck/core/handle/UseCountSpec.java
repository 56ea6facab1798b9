package org.mpiverify.lincheck.core.handle;

/**
 * Sequential specification of a freeable handle's use count (Gropp &amp; Thakur §4.1): pending uses and the
 * user's freed mark; the call that releases the object says so (RELEASED). A use is refused once freed; an added use (for a caller that
 * holds one) is refused only when no use is pending, freed or not; an end of use with none pending and a second
 * free are refused; the object is released exactly when it is freed and no use is pending, by the
 * call that makes it so.
 */
public class UseCountSpec {
    private int uses;
    private boolean freed;

    public boolean tryUse() {
        if (freed) return false;
        uses++;
        return true;
    }

    public String addUse() {
        if (uses == 0) return "REFUSED";
        uses++;
        return "ADDED";
    }

    public String endUse() {
        if (uses == 0) return "REFUSED";
        uses--;
        return release();
    }

    public String free() {
        if (freed) return "REFUSED";
        freed = true;
        return release();
    }

    private String release() {
        if (freed && uses == 0) {
            return "RELEASED";
        }
        return "KEPT";
    }

    public int uses() {
        return uses;
    }

    public String state() {
        return (freed ? "freed" : "live") + ", " + uses + " uses";
    }
}
