package org.mpiverify.lincheck.core.handle;

/**
 * Sequential specification of a freeable handle's use count (Gropp &amp; Thakur §4.1): pending uses, the user's
 * freed mark and whether the object was released. A use is refused once freed; an end of use with none pending
 * and a second free are refused; the object is released exactly when it is freed and no use is pending, by the
 * call that makes it so.
 */
public class UseCountSpec {
    private int uses;
    private boolean freed;
    private int releases;

    public boolean tryUse() {
        if (freed) return false;
        uses++;
        return true;
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
            releases++;
            return "RELEASED";
        }
        return "KEPT";
    }

    public int uses() {
        return uses;
    }

    public String state() {
        return (freed ? "freed" : "live") + ", " + uses + " uses, " + releases + " releases";
    }
}
