------------------------ MODULE MultithreadedFig3Mutants ------------------------
(***************************************************************************)
(* Spec mutants of MultithreadedFig3: each definition below replaces one   *)
(* operator of the spec (a model's configuration says which, with          *)
(* "Op <- Mutant"), and each is a defect that some property must catch.    *)
(* The manifest names, for every mutant model, the property TLC must find  *)
(* violated; a mutant that TLC passes is a property that cannot fail.      *)
(***************************************************************************)
EXTENDS MultithreadedFig3

(* Fig. 3 with keys and the ownership bit but no eager round: every thread *)
(* starts in a Fig. 3 round, whose owner may wait for members still busy   *)
(* in earlier calls while holding the mask.                                *)
KeyedFirstPc == "start"

(* The owner takes the lowest id of its own mask instead of the AND's:     *)
(* members of one call can take different ids.                             *)
OwnMaskPickId(p, and) == IF mask[p] # {} THEN Min(mask[p]) ELSE Min(and)

(* The owner takes an id but leaves it marked free.                        *)
TakeIdKeepsItFree(p, id) == UNCHANGED mask

(* An off-by-one in "location of first set bit": the id after the AND's    *)
(* highest, which can lie outside the id space.                            *)
OffByOnePickId(p, and) == Max(and) + 1

(* Out of ids whenever the AND is empty, also when a member did not own    *)
(* its mask (a contended round): every member fails alike, so Agreement    *)
(* and UniqueLive still hold.                                              *)
FailsOnEmptyAnd(w) == w.m = {}

(* createGroup's allreduce addressed by the members' ranks in the new      *)
(* group instead of in the parent: the bug the audit found                 *)
(* (comm-create-group-subsets-concurrent), where rank 0 of {0,2} looked    *)
(* like rank 0 of {1,2} on the parent's context with the same tag.         *)
GroupRankAddr(c, p) == Cardinality({q \in Members[c] : q < p})
(* A Fig. 3 owner offers every eager segment nobody holds, also those it  *)
(* has not claimed: an eager round may claim one of them meanwhile, and    *)
(* both calls take the same id (the prototype of the segmented eager round *)
(* did this).                                                              *)
UnclaimedSegmentsOffer(p, claim) == mask[p] \ UNION {SegIds(s) : s \in eagerInUse[p]}

(* An off-by-one in Drop's index shift: a receive removes a later message  *)
(* of its inbox (or none) instead of the word it took, which stays there   *)
(* for the next round to take again (OneRoundAhead).                       *)
RECURSIVE DropSkipsOne(_, _)
DropSkipsOne(s, is) == IF s = <<>> THEN <<>>
                       ELSE (IF 1 \in is THEN <<>> ELSE <<Head(s)>>) \o DropSkipsOne(Tail(s), {i : i \in is \ {1}})
=============================================================================
