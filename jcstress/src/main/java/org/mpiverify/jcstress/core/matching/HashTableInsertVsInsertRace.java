package org.mpiverify.jcstress.core.matching;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.matching.MatchTable;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Race: two {@code insert(k, ·)} on the same key of the Dang, Snir &amp; Gropp table (§2.2 eq. (1)), as
 * when a receive is posted while the matching message arrives: exactly one insert stores its value and
 * the other gets that value back (this is how the two sides of Alg. 1-2 meet). The table has one bucket
 * holding two other keys, so the inserts also race over the bucket's free entries.
 *
 * <p>r1 = 1 if thread 1's insert stored its value, r2 = the same for thread 2, r3 = the id of the value
 * k holds afterwards. Forbidden: both or neither stored (equation (3) broken: two values for one key, or
 * a lost insert), or k holding a value other than the winner's.
 */
@JCStressTest
@Description("MatchTable: insert vs insert on one key: exactly one wins, the other sees the winner")
@Outcome(id = {"1, 0, 1", "0, 1, 2"}, expect = ACCEPTABLE, desc = "One insert stored its value; the other got it back.")
@Outcome(expect = FORBIDDEN, desc = "Two values for one key, a lost insert, or a loser that saw something else.")
@State
public class HashTableInsertVsInsertRace {
    static final long K = 5;

    final MatchTable table = new MatchTable(1);
    final Integer one = 1;
    final Integer two = 2;
    Object got1;
    Object got2;

    public HashTableInsertVsInsertRace() {
        table.insert(100, 100);
        table.insert(200, 200);
    }

    @Actor
    public void thread1() {
        got1 = table.insert(K, one);
    }

    @Actor
    public void thread2() {
        got2 = table.insert(K, two);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = got1 == one ? 1 : 0;
        r.r2 = got2 == two ? 1 : 0;
        Object now = table.get(K);
        boolean loserSawWinner = (got1 == one && got2 == one) || (got2 == two && got1 == two);
        r.r3 = now instanceof Integer i && loserSawWinner && table.size() == 3 ? i : -1;
    }
}
