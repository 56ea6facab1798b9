package org.mpiverify.mpi;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * An MPI group: an ordered set of processes, seen from one process. Immutable, so every method is
 * "Access Only" or "Allocate" in Gropp &amp; Thakur's terms and needs no lock.
 */
public final class Group {
    /** {@code MPI_IDENT}, {@code MPI_SIMILAR}, {@code MPI_UNEQUAL}. */
    public static final int IDENT = 0;
    public static final int SIMILAR = 2;
    public static final int UNEQUAL = 3;

    private final int[] worldRanks;
    private final int myWorldRank;
    private final int myRank;

    Group(int[] worldRanks, int myWorldRank) {
        this.worldRanks = worldRanks;
        this.myWorldRank = myWorldRank;
        int r = Mpi.UNDEFINED;
        for (int i = 0; i < worldRanks.length; i++) {
            if (worldRanks[i] == myWorldRank) {
                r = i;
                break;
            }
        }
        this.myRank = r;
    }

    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public int size() { return worldRanks.length; }

    /** The calling process's rank in this group, or {@link Mpi#UNDEFINED}. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public int rank() { return myRank; }

    /** {@code MPI_Group_incl}: the processes at {@code ranks}, in that order. */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public Group incl(int... ranks) {
        checkDistinctRanks(ranks);
        int[] w = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            w[i] = worldRanks[ranks[i]];
        }
        return new Group(w, myWorldRank);
    }

    /** {@code MPI_Group_excl}: every process but those at {@code ranks}, in group order. */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public Group excl(int... ranks) {
        checkDistinctRanks(ranks);
        boolean[] drop = new boolean[worldRanks.length];
        for (int r : ranks) {
            drop[r] = true;
        }
        return new Group(IntStream.range(0, worldRanks.length)
                .filter(i -> !drop[i]).map(i -> worldRanks[i]).toArray(), myWorldRank);
    }

    /** {@code MPI_Group_translate_ranks}: ranks in {@code a} to ranks in {@code b} ({@link Mpi#UNDEFINED} where absent). */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public static int[] translateRanks(Group a, int[] ranks, Group b) {
        checkNotNull(a);
        checkNotNull(b);
        if (ranks == null) {
            throw new MpiException(ErrorClass.ERR_ARG, "ranks is null");
        }
        Map<Integer, Integer> inB = new HashMap<>();
        for (int i = 0; i < b.worldRanks.length; i++) {
            inB.put(b.worldRanks[i], i);
        }
        int[] out = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            int r = ranks[i];
            if (r == Mpi.PROC_NULL) {
                out[i] = Mpi.PROC_NULL;
                continue;
            }
            if (r < 0 || r >= a.worldRanks.length) {
                throw new MpiException(ErrorClass.ERR_RANK, "rank " + r + " is not in a group of size " + a.size());
            }
            out[i] = inB.getOrDefault(a.worldRanks[r], Mpi.UNDEFINED);
        }
        return out;
    }

    /** {@code MPI_Group_compare}: IDENT (same members, same order), SIMILAR (same members) or UNEQUAL. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public static int compare(Group a, Group b) {
        checkNotNull(a);
        checkNotNull(b);
        if (Arrays.equals(a.worldRanks, b.worldRanks)) {
            return IDENT;
        }
        int[] x = a.worldRanks.clone();
        int[] y = b.worldRanks.clone();
        Arrays.sort(x);
        Arrays.sort(y);
        return Arrays.equals(x, y) ? SIMILAR : UNEQUAL;
    }

    /** {@code MPI_Group_union}: this group's members, then {@code other}'s that are not in it. */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public Group union(Group other) {
        checkNotNull(other);
        return new Group(IntStream.concat(Arrays.stream(worldRanks),
                Arrays.stream(other.worldRanks)).distinct().toArray(), myWorldRank);
    }

    /** {@code MPI_Group_intersection}: this group's members that are also in {@code other}, in this group's order. */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public Group intersection(Group other) {
        checkNotNull(other);
        Set<Integer> set = Arrays.stream(other.worldRanks).boxed().collect(Collectors.toSet());
        return new Group(Arrays.stream(worldRanks).filter(set::contains).toArray(), myWorldRank);
    }

    int worldRank(int rank) {
        return worldRanks[rank];
    }

    int[] worldRanks() {
        return worldRanks;
    }

    int myWorldRank() {
        return myWorldRank;
    }

    private static void checkNotNull(Group g) {
        if (g == null) {
            throw new MpiException(ErrorClass.ERR_GROUP, "group is null");
        }
    }

    private void checkDistinctRanks(int[] ranks) {
        if (ranks == null) {
            throw new MpiException(ErrorClass.ERR_ARG, "ranks is null");
        }
        boolean[] seen = new boolean[worldRanks.length];
        for (int r : ranks) {
            if (r < 0 || r >= worldRanks.length) {
                throw new MpiException(ErrorClass.ERR_RANK, "rank " + r + " is not in a group of size " + size());
            }
            if (seen[r]) {
                throw new MpiException(ErrorClass.ERR_RANK, "rank " + r + " appears twice");
            }
            seen[r] = true;
        }
    }

    @Override
    public String toString() {
        return "Group" + Arrays.toString(worldRanks);
    }
}
