---- MODULE MC_probe_single_thread ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model probe_single_thread: probe/malloc/recv in one thread (MPI-3.1 §3.8.1: with no other *)
(* receive in between, the receive after a probe gets the probed message): 2 senders, 3 messages, A *)
(* (ANY, 2) then (ANY, ANY) twice, so its first probe skips a tag-1 message; no false match, every *)
(* receive fits, exactly once, non-overtaking, all received, refinement of MpiProbe's probe program *)
EXTENDS Probe
MC_Threads == {"A"}
MC_Senders == {"s1", "s2"}
MC_Sent == [x \in MC_Senders |-> CASE x = "s1" -> <<[tag |-> 1, size |-> 10], [tag |-> 2, size |-> 20]>> [] x = "s2" -> <<[tag |-> 1, size |-> 30]>>]
MC_Recvs == [x \in MC_Threads |-> CASE x = "A" -> <<[src |-> Wild, tag |-> 2], [src |-> Wild, tag |-> Wild], [src |-> Wild, tag |-> Wild]>>]
MC_Variant == "probe"
====
