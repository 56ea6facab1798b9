package org.mpiverify.specs.mutation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tla2sany.semantic.ExprNode;
import tla2sany.semantic.ExprOrOpArgNode;
import tla2sany.semantic.FormalParamNode;
import tla2sany.semantic.LetInNode;
import tla2sany.semantic.ModuleNode;
import tla2sany.semantic.OpApplNode;
import tla2sany.semantic.OpDeclNode;
import tla2sany.semantic.OpDefNode;
import tla2sany.semantic.SemanticNode;
import tla2sany.semantic.SubstInNode;
import tla2sany.st.Location;

/**
 * {@code SPLIT_ACTION} and {@code REORDER_HANDOVER}: one atomic action ({@link SpecGraph}) made into two
 * steps, with a fresh variable that says which of its instances are half done.
 *
 * <p>The construction, for an action {@code A(p)} whose bulleted conjunction has guards G, updates
 * U1..Un (those of history variables ride with the update before them) and {@code UNCHANGED}
 * conjuncts K, cut before update Uk:
 * <pre>
 * A(p) == \/ /\ &lt;&lt;p&gt;&gt; \notin mutPending          first step: when A was enabled
 *            /\ G
 *            /\ UNCHANGED (what only the second step writes)
 *            /\ K
 *            /\ U1 ... U(k-1)
 *            /\ mutPending' = mutPending \cup {&lt;&lt;p&gt;&gt;}
 *         \/ /\ &lt;&lt;p&gt;&gt; \in mutPending             second step: any time later
 *            /\ UNCHANGED (what only the first step writes)
 *            /\ K
 *            /\ Uk ... Un
 *            /\ mutPending' = mutPending \ {&lt;&lt;p&gt;&gt;}
 * </pre>
 * and {@code VARIABLE mutPending}, {@code mutPending = {}} in every initial predicate of the models that
 * run A, {@code mutPending} in their subscript tuple ({@code vars}) and VIEW, and {@code UNCHANGED
 * mutPending} in every other action of their next-state relations (see {@code Frame}). The second step's
 * updates are evaluated in the state it runs in (as the Java's later statements read shared memory
 * again), with the first step's writes visible. The guards are decided once, at the first step; an
 * instance cannot start again before its second step. Fairness on A covers both steps, so a pending
 * second step is eventually taken whenever A was fair. {@code REORDER_HANDOVER} swaps the two parts
 * (Uk..Un first, U1..U(k-1) second), where Uk..Un write a variable that another action's guard reads:
 * the flag published before what it guards. No TypeOK sees the fresh variable, so no such invariant
 * kills the mutant by its mere presence.
 *
 * <p>A cut point is made for every place between two updates of variables outside the history: each is
 * a different race. Actions whose conjunction is not bulleted, whose parameters are operators, or
 * whose models' initial predicate, subscript or VIEW cannot take the fresh variable are not split.
 */
final class ActionSplitter {
    static final String PENDING = "mutPending";

    private ActionSplitter() {}

    static List<MutantGenerator.Candidate> candidates(SpecGraph g, Set<SpecOperator> operators) {
        List<MutantGenerator.Candidate> out = new ArrayList<>();
        Map<SpecGraph.DefKey, OpApplNode> actions = new LinkedHashMap<>();
        for (SpecGraph.ModelView v : g.views()) v.actions().forEach(actions::putIfAbsent);
        for (Map.Entry<SpecGraph.DefKey, OpApplNode> a : actions.entrySet()) {
            SpecGraph.Definition def = g.definitions().get(a.getKey());
            if (def == null || !g.sources().containsKey(a.getKey().module())) continue;
            new Split(g, def, a.getValue(), operators, out).make();
        }
        return out;
    }

    /** The mutants of one action. */
    private static final class Split {
        private final SpecGraph g;
        private final SpecGraph.Definition def;
        private final OpApplNode list;
        private final Set<SpecOperator> operators;
        private final List<MutantGenerator.Candidate> out;
        private final ModuleSource src;
        private final Set<String> history;

        Split(SpecGraph g, SpecGraph.Definition def, OpApplNode list, Set<SpecOperator> operators,
              List<MutantGenerator.Candidate> out) {
            this.g = g;
            this.def = def;
            this.list = list;
            this.operators = operators;
            this.out = out;
            this.src = g.sources().get(def.key().module());
            this.history = g.history(def.models());
        }

        void make() {
            List<ExprOrOpArgNode> conjuncts = List.of(list.getArgs());
            List<ExprOrOpArgNode> guards = new ArrayList<>(), unchanged = new ArrayList<>(), updates = new ArrayList<>();
            List<Set<String>> writes = new ArrayList<>();
            List<Integer> cuts = new ArrayList<>();   // indices into updates where a part may start
            for (ExprOrOpArgNode c : conjuncts) {
                if (Nodes.level(c) < 2) {
                    guards.add(c);
                } else if (Nodes.op(c).equals(Nodes.UNCHANGED)) {
                    unchanged.add(c);
                } else {
                    Set<String> w = Constrained.of(c);
                    if (w == null) return;
                    if (!history.containsAll(w) && updates.stream().anyMatch(u -> !history.containsAll(Constrained.of(u)))) {
                        cuts.add(updates.size());
                    }
                    updates.add(c);
                    writes.add(w);
                }
            }
            if (cuts.isEmpty()) return;
            String pending = freshName();
            List<String> params = new ArrayList<>();
            for (FormalParamNode p : def.node().getParams()) {
                if (p.getArity() != 0) return;
                params.add(p.getName().toString());
            }
            String tuple = "<<" + String.join(", ", params) + ">>";
            List<Edit> common = commonEdits(pending);
            if (common == null) return;
            Set<String> flags = guardReads();
            for (int cut : cuts) {
                List<ExprOrOpArgNode> first = updates.subList(0, cut), second = updates.subList(cut, updates.size());
                Set<String> w1 = union(writes.subList(0, cut)), w2 = union(writes.subList(cut, writes.size()));
                String detail = names(w1) + " | " + names(w2);
                if (operators.contains(SpecOperator.SPLIT_ACTION)) {
                    add(SpecOperator.SPLIT_ACTION, detail, "`" + def.key().name() + "` in two steps: it writes "
                                    + names(w1) + " first and " + names(w2) + " in a later step",
                            text(pending, tuple, guards, unchanged, first, w1, second, w2), common);
                }
                Set<String> w2flags = new TreeSet<>(w2);
                w2flags.retainAll(flags);
                w2flags.removeAll(history);
                if (operators.contains(SpecOperator.REORDER_HANDOVER) && !w2flags.isEmpty()) {
                    add(SpecOperator.REORDER_HANDOVER, names(w2) + " before " + names(w1),
                            "`" + def.key().name() + "` hands over in the wrong order: it writes " + names(w2)
                                    + " (read by another action's guard: " + names(w2flags) + ") first and "
                                    + names(w1) + " in a later step",
                            text(pending, tuple, guards, unchanged, second, w2, first, w1), common);
                }
            }
        }

        private void add(SpecOperator op, String detail, String description, String replacement, List<Edit> common) {
            Location loc = list.getLocation();
            int start = src.start(loc);
            List<Edit> edits = new ArrayList<>(common);
            edits.add(new Edit(def.key().module(), start, src.end(loc), replacement));
            SpecMutant m = new SpecMutant("", g.family(), def.key().module(), def.key().name(), op, description,
                    src.line(start), edits, def.models(), def.oracles());
            out.add(new MutantGenerator.Candidate(def.key(), op, detail, start, m));
        }

        /** The two-step text of the action's conjunction, starting at the conjunction's column. */
        private String text(String pending, String tuple, List<ExprOrOpArgNode> guards, List<ExprOrOpArgNode> unchanged,
                            List<ExprOrOpArgNode> first, Set<String> w1, List<ExprOrOpArgNode> second, Set<String> w2) {
            int c = src.column(src.start(list.getLocation()));
            String indent = " ".repeat(c - 1);
            List<String> a = new ArrayList<>();
            a.add(tuple + " \\notin " + pending);
            for (ExprOrOpArgNode x : guards) a.add(conjunct(x, c));
            Set<String> only2 = new TreeSet<>(w2);
            only2.removeAll(w1);
            if (!only2.isEmpty()) a.add("UNCHANGED " + tupleOf(only2));
            for (ExprOrOpArgNode x : unchanged) a.add(conjunct(x, c));
            for (ExprOrOpArgNode x : first) a.add(conjunct(x, c));
            a.add(pending + "' = " + pending + " \\cup {" + tuple + "}");
            List<String> b = new ArrayList<>();
            b.add(tuple + " \\in " + pending);
            Set<String> only1 = new TreeSet<>(w1);
            only1.removeAll(w2);
            if (!only1.isEmpty()) b.add("UNCHANGED " + tupleOf(only1));
            for (ExprOrOpArgNode x : unchanged) b.add(conjunct(x, c));
            for (ExprOrOpArgNode x : second) b.add(conjunct(x, c));
            b.add(pending + "' = " + pending + " \\ {" + tuple + "}");
            StringBuilder sb = new StringBuilder();
            disjunct(sb, a, indent, true);
            disjunct(sb, b, indent, false);
            return sb.toString();
        }

        private static void disjunct(StringBuilder sb, List<String> conjuncts, String indent, boolean first) {
            for (int i = 0; i < conjuncts.size(); i++) {
                if (!(first && i == 0)) sb.append('\n').append(indent);
                sb.append(i == 0 ? "\\/ /\\ " : "   /\\ ").append(conjuncts.get(i));
            }
        }

        /**
         * A conjunct's text for the new layout: its bullet moves 3 columns right, so its text starts 3
         * columns right of where it was and every later line of it moves right by as much.
         */
        private String conjunct(ExprOrOpArgNode x, int c) {
            String text = src.slice(x.getLocation());
            int s = src.column(src.start(x.getLocation()));
            int col = Math.max(c + 6, s + 3);
            return " ".repeat(col - (c + 6)) + text.replace("\n", "\n" + " ".repeat(col - s));
        }

        private static String tupleOf(Set<String> vars) {
            return vars.size() == 1 ? vars.iterator().next() : "<<" + String.join(", ", vars) + ">>";
        }

        private static String names(Set<String> vars) {
            return "{" + String.join(", ", vars) + "}";
        }

        private static Set<String> union(List<Set<String>> sets) {
            Set<String> u = new TreeSet<>();
            sets.forEach(u::addAll);
            return u;
        }

        private String freshName() {
            String name = PENDING;
            for (int i = 2; anySourceContains(name); i++) name = PENDING + i;
            return name;
        }

        private boolean anySourceContains(String name) {
            return g.sources().values().stream().anyMatch(s -> s.text().contains(name));
        }

        /** The variables the guards of the other actions of the models read. */
        private Set<String> guardReads() {
            Set<String> out = new TreeSet<>();
            for (SpecGraph.ModelView v : g.views()) {
                if (!def.models().contains(v.model().name())) continue;
                v.guards().forEach((owner, gs) -> {
                    if (owner.equals(def.key())) return;
                    for (ExprOrOpArgNode x : gs) out.addAll(Reads.of(x));
                });
            }
            return out;
        }

        /**
         * The declaration of the fresh variable and its place in every initial predicate, subscript and
         * VIEW of the models that run the action; null if one of them cannot take it.
         */
        private List<Edit> commonEdits(String pending) {
            Map<String, Edit> edits = new LinkedHashMap<>();
            Set<String> modules = new LinkedHashSet<>();
            modules.add(def.key().module());
            Map<String, Set<String>> extendsOf = new LinkedHashMap<>();
            for (SpecGraph.ModelView v : g.views()) {
                if (!def.models().contains(v.model().name())) continue;
                for (String name : v.parse().files().keySet()) {
                    ModuleNode m = v.parse().module(name);
                    if (m == null) continue;
                    Set<String> ext = extendsOf.computeIfAbsent(name, x -> new TreeSet<>());
                    for (ModuleNode e : m.getExtendedModuleSet()) ext.add(e.getName().toString());
                }
                if (v.init() == null || v.subscriptTuple() == null || v.next() == null) return null;
                if (!initEdit(v.init(), pending, edits, modules)) return null;
                if (!new Frame(v, pending, edits, modules).visit(v.next())) return null;
                if (!tupleEdit(v.subscriptTuple(), pending, edits, modules)) return null;
                if (v.view() != null && !tupleEdit(Nodes.underLets(v.view().getBody()), pending, edits, modules)) return null;
            }
            // declared in the module every edited one extends; an instanced module (one no model's root
            // extends) declares it too, and its instance substitutes the instancing module's by name
            Set<String> extendedByRoots = new TreeSet<>();
            for (SpecGraph.ModelView v : g.views()) {
                if (!def.models().contains(v.model().name())) continue;
                for (ModuleNode e : v.parse().root().getExtendedModuleSet()) extendedByRoots.add(e.getName().toString());
            }
            Set<String> instanced = new TreeSet<>(modules);
            instanced.removeAll(extendedByRoots);
            Set<String> rest = new LinkedHashSet<>(modules);
            rest.removeAll(instanced);
            String home = deepest(rest, extendsOf);
            if (home == null) return null;
            List<String> declareIn = new ArrayList<>();
            declareIn.add(home);
            declareIn.addAll(instanced);
            for (String m : declareIn) {
                Edit d = declaration(m, pending);
                if (d == null) return null;
                edits.put("decl:" + m, d);
            }
            return new ArrayList<>(edits.values());
        }

        /**
         * Every other step of the models leaves the fresh variable unchanged: {@code UNCHANGED pending} is
         * added to each action that does not reach the split one, at the highest definition where the
         * next-state relation's disjunctions and existential quantifiers stop (as a bullet after its
         * bulleted conjunction, or conjoined to a one-line body). A definition on the way to the split
         * action is gone through; a conjunction on the way is left alone (its steps are the split
         * action's, which set the variable).
         */
        private final class Frame {
            private final SpecGraph.ModelView view;
            private final String pending;
            private final Map<String, Edit> edits;
            private final Set<String> modules;

            Frame(SpecGraph.ModelView view, String pending, Map<String, Edit> edits, Set<String> modules) {
                this.view = view;
                this.pending = pending;
                this.edits = edits;
                this.modules = modules;
            }

            /** False if a step cannot be given the frame condition. */
            boolean visit(SemanticNode e) {
                while (e instanceof LetInNode || e instanceof SubstInNode) {
                    e = e instanceof LetInNode l ? l.getBody() : ((SubstInNode) e).getBody();
                }
                String op = Nodes.op(e);
                if (op.equals(Nodes.OR) || op.equals(Nodes.DISJ_LIST)) {
                    for (ExprOrOpArgNode a : Nodes.args(e)) if (!visit(a)) return false;
                    return true;
                }
                if (op.equals("$BoundedExists") || op.equals("$UnboundedExists")) return visit(Nodes.args(e).get(0));
                OpDefNode d = Nodes.calledDef(e);
                if (d != null) {
                    OpDefNode src = (OpDefNode) d.getSource();
                    SpecGraph.DefKey k = view.top().get(src);
                    if (def.key().equals(k)) return true;
                    if (!view.reach(d).contains(def.key())) return frame(src, k);
                    return visit(d.getBody());
                }
                if (op.equals(Nodes.AND) || op.equals(Nodes.CONJ_LIST)) {
                    // a conjunction that reaches the split action is one of its steps (which set the variable);
                    // one that does not gets the frame through the sub-actions it applies
                    if (view.reach(e).contains(def.key())) return true;
                    for (ExprOrOpArgNode c : Nodes.conjuncts(e)) {
                        if (Nodes.level(c) < 2 || Nodes.op(c).equals(Nodes.UNCHANGED)) continue;
                        if (Nodes.calledDef(c) == null || !visit(c)) return false;
                    }
                    return true;
                }
                return false;   // a conditional or an update written inline: no place for the frame condition
            }

            private boolean frame(OpDefNode d, SpecGraph.DefKey k) {
                if (k == null) return false;
                ExprNode body = Nodes.underLets(d.getBody());
                String op = Nodes.op(body);
                if (op.equals(Nodes.OR) || op.equals(Nodes.DISJ_LIST) || op.equals("$BoundedExists")
                        || op.equals("$UnboundedExists")) {
                    return visit(body);
                }
                Location l = body.getLocation();
                ModuleSource s = g.sources().get(l.source());
                if (s == null) return false;
                modules.add(l.source());
                String key = "frame:" + l.source() + ":" + s.start(l);
                if (edits.containsKey(key)) return true;
                if (op.equals(Nodes.CONJ_LIST)) {
                    int c = s.column(s.start(l));
                    edits.put(key, new Edit(l.source(), s.end(l), s.end(l), "\n" + " ".repeat(c - 1) + "/\\ UNCHANGED " + pending));
                } else if (l.beginLine() == l.endLine()) {
                    edits.put(key, new Edit(l.source(), s.start(l), s.end(l), "(" + s.slice(l) + ") /\\ UNCHANGED " + pending));
                } else {
                    return false;
                }
                return true;
            }
        }

        /** The module among {@code modules} that every other one extends, or null. */
        private static String deepest(Set<String> modules, Map<String, Set<String>> extendsOf) {
            for (String d : modules) {
                boolean all = true;
                for (String m : modules) {
                    if (!m.equals(d) && !extendsOf.getOrDefault(m, Set.of()).contains(d)) all = false;
                }
                if (all) return d;
            }
            return null;
        }

        /** {@code VARIABLE pending} before the first top-level definition of {@code module}. */
        private Edit declaration(String module, String pending) {
            ModuleSource s = g.sources().get(module);
            if (s == null) return null;
            int first = Integer.MAX_VALUE;
            for (SpecGraph.ModelView v : g.views()) {
                ModuleNode m = v.parse().module(module);
                if (m == null) continue;
                for (OpDefNode d : m.getOpDefs()) {
                    Location l = d.getLocation();
                    if (d.getOriginallyDefinedInModuleNode() != m || d.getSource() != d || d.getInRecursive()
                            || !l.source().equals(module)) continue;
                    first = Math.min(first, l.beginLine());
                }
            }
            if (first == Integer.MAX_VALUE) return null;
            int at = s.lineStart(first);
            return new Edit(module, at, at, "VARIABLE " + pending + "   \\* spec mutant: instances of a split action half done\n");
        }

        private boolean initEdit(OpDefNode init, String pending, Map<String, Edit> edits, Set<String> modules) {
            ExprNode body = Nodes.underLets(init.getBody());
            Location l = body.getLocation();
            String module = l.source();
            ModuleSource s = g.sources().get(module);
            if (s == null) return false;
            modules.add(module);
            String key = "init:" + module + ":" + s.start(l);
            if (edits.containsKey(key)) return true;
            if (Nodes.op(body).equals(Nodes.CONJ_LIST)) {
                int c = s.column(s.start(l));
                edits.put(key, new Edit(module, s.end(l), s.end(l), "\n" + " ".repeat(c - 1) + "/\\ " + pending + " = {}"));
            } else if (l.beginLine() == l.endLine()) {
                edits.put(key, new Edit(module, s.start(l), s.end(l), "(" + s.slice(l) + ") /\\ " + pending + " = {}"));
            } else {
                return false;
            }
            return true;
        }

        private boolean tupleEdit(ExprNode tuple, String pending, Map<String, Edit> edits, Set<String> modules) {
            if (!Nodes.op(tuple).equals(Nodes.TUPLE)) return false;
            Location l = tuple.getLocation();
            String module = l.source();
            ModuleSource s = g.sources().get(module);
            if (s == null) return false;
            modules.add(module);
            int end = s.end(l);
            if (!s.text().startsWith(">>", end - 2)) return false;
            String key = "tuple:" + module + ":" + end;
            edits.putIfAbsent(key, new Edit(module, end - 2, end - 2, (Nodes.args(tuple).isEmpty() ? "" : ", ") + pending));
            return true;
        }
    }

    /** The state variables an expression reads (unprimed), through the definitions it applies. */
    static final class Reads {
        private final Set<String> out = new TreeSet<>();
        private final Set<SemanticNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        private final boolean typing;

        private Reads(boolean typing) {
            this.typing = typing;
        }

        static Set<String> of(SemanticNode n) {
            Reads r = new Reads(true);
            r.walk(n);
            return r.out;
        }

        /** As {@link #of}, but {@code v \in S} of a variable itself (a type invariant's conjunct) is not a read of it. */
        static Set<String> beyondTyping(SemanticNode n) {
            Reads r = new Reads(false);
            r.walk(n);
            return r.out;
        }

        private void walk(SemanticNode n) {
            if (n == null || !seen.add(n)) return;
            OpDeclNode v = Nodes.variable(n);
            if (v != null) {
                out.add(v.getName().toString());
                return;
            }
            if (!typing && Nodes.op(n).equals("\\in") && Nodes.variable(Nodes.args(n).get(0)) != null) {
                walk(Nodes.args(n).get(1));
                return;
            }
            if (n instanceof OpApplNode o) {
                OpDefNode d = Nodes.userDef(o.getOperator());
                if (d != null) walk(d.getBody());
                if (o.getBdedQuantBounds() != null) for (ExprNode r : o.getBdedQuantBounds()) walk(r);
                for (ExprOrOpArgNode a : o.getArgs()) walk(a);
            } else if (n instanceof LetInNode l) {
                for (OpDefNode d : l.getLets()) walk(d.getBody());
                walk(l.getBody());
            } else if (n instanceof SubstInNode s) {
                walk(s.getBody());
            } else if (n.getChildren() != null) {
                for (SemanticNode c : n.getChildren()) walk(c);
            }
        }
    }
}
