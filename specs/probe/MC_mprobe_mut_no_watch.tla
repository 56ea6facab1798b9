---- MODULE MC_mprobe_mut_no_watch ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model mprobe_mut_no_watch: mutant NoWatch (a blocking mprobe forgets EventCount.watch()): it *)
(* looks, finds nothing, the sender enqueues and sees no watcher, and the thread waits forever *)
(* beside its message *)
EXTENDS ProbeMutants
MC_Threads == {"A", "B"}
MC_Senders == {"s1"}
MC_Sent == [x \in MC_Senders |-> CASE x = "s1" -> <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>>]
MC_Recvs == [x \in MC_Threads |-> CASE x = "A" -> <<[src |-> Wild, tag |-> Wild]>> [] x = "B" -> <<[src |-> Wild, tag |-> Wild]>>]
MC_Variant == "mprobe"
====
