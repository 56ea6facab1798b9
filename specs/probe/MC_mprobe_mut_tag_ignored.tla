---- MODULE MC_mprobe_mut_tag_ignored ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model mprobe_mut_tag_ignored: mutant TagIgnored (the matching rule forgets the tag): an (ANY, 2) *)
(* mprobe takes a tag-1 message *)
EXTENDS ProbeMutants
MC_Threads == {"A"}
MC_Senders == {"s1"}
MC_Sent == [x \in MC_Senders |-> CASE x = "s1" -> <<[tag |-> 1, size |-> 10]>>]
MC_Recvs == [x \in MC_Threads |-> CASE x = "A" -> <<[src |-> Wild, tag |-> 2]>>]
MC_Variant == "mprobe"
====
