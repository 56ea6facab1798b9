package org.mpiverify.specs.mutation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.mpiverify.specs.ModelSpec;
import tla2sany.semantic.ExprNode;
import tla2sany.semantic.ExprOrOpArgNode;
import tla2sany.semantic.LetInNode;
import tla2sany.semantic.ModuleNode;
import tla2sany.semantic.OpApplNode;
import tla2sany.semantic.OpArgNode;
import tla2sany.semantic.OpDeclNode;
import tla2sany.semantic.OpDefNode;
import tla2sany.semantic.SemanticNode;
import tla2sany.semantic.Subst;
import tla2sany.semantic.SubstInNode;

/**
 * What the models of one spec family make of its modules, from SANY's semantic tree: for every passing
 * model (the models a mutant must get past), which definitions its behaviour uses, which its oracles
 * use, its initial predicate, next-state relation, subscript and VIEW, and its atomic actions.
 *
 * <p>The behaviour of a model is everything its {@code SPECIFICATION} formula reaches (the initial
 * predicate, the next-state relation, fairness) through definitions, LETs and instances; the right-hand
 * side of an update of a history variable (a variable outside the model's {@code VIEW} whose value none
 * of its invariants and properties reads, a type invariant's {@code v \in S} apart; no action reads it
 * either, or the VIEW would not be sound) is not part of it. An oracle is an invariant or
 * property the model checks; a definition that both reaches is <em>shared</em>: a mutant of it changes
 * the oracle with the behaviour (reported with the mutant, never hidden).
 *
 * <p>An abstract spec is a module whose specification a passing model's refinement property checks
 * ({@code RefinesMpiMatching == Abs!Spec}): the promise the algorithm is held to, an oracle. Its
 * definitions are not mutated, also where a model of the promise alone runs it as its behaviour (that
 * model checks the promise's own invariants; a mutant of the promise changes what "correct" means, it
 * is not a mistake an implementation could make).
 *
 * <p>An atomic action is a definition whose bulleted conjunction holds at least two updates of
 * variables outside the history (not counting {@code UNCHANGED}), reached from the next-state relation
 * through disjunctions, existential quantifiers, definitions, and conjunctions whose other conjuncts
 * are guards (state predicates) or {@code UNCHANGED}: the steps that {@code SPLIT_ACTION} and
 * {@code REORDER_HANDOVER} cut in two.
 *
 * <p>Not thread-safe; built once per family and then only read.
 */
public final class SpecGraph {
    /** A top-level definition: its module and name. */
    public record DefKey(String module, String name) implements Comparable<DefKey> {
        @Override
        public String toString() {
            return module + "!" + name;
        }

        @Override
        public int compareTo(DefKey o) {
            return toString().compareTo(o.toString());
        }
    }

    /**
     * A definition of the family that some passing model's behaviour uses.
     *
     * @param key      module and name
     * @param node     its node in the first parse that reached it (locations are the same in every parse)
     * @param models   the passing models whose behaviour uses it
     * @param oracles  the invariants and properties of those models that use it too
     * @param formula  it is a model's SPECIFICATION formula (never mutated: fairness is not the algorithm)
     * @param setup    a constant of arity 0 written as a literal (a number, a string, a record, tuple or set
     *                 of them: a value of the model's encoding, not the algorithm)
     * @param initSide an initial predicate reaches it (there {@code v = e} assigns, it does not compare)
     */
    public record Definition(DefKey key, OpDefNode node, Set<String> models, Set<String> oracles, boolean formula,
                             boolean setup, boolean initSide) {}

    /**
     * One passing model.
     *
     * @param model      the manifest's model
     * @param parse      SANY's parse of its MC module
     * @param init       the initial predicate's definition (null if the formula does not name one)
     * @param subscript  the definition of the next-state relation's subscript ({@code vars}), or null
     * @param subscriptTuple the subscript's tuple node (the body of {@code vars}, or the tuple in the formula)
     * @param view       the VIEW's definition, or null
     * @param history    the variables outside the VIEW that no invariant or property reads beyond its
     *                   type ({@code v \in S}) (empty without a VIEW)
     * @param behaviour  the definitions its behaviour uses
     * @param actions    its atomic actions, each with the node of its bulleted conjunction
     * @param guards     per action of its next-state relation (atomic or not), the guards of its conjunction
     * @param next       the next-state relation (null if the formula has none)
     * @param top        the top-level definitions of the family's modules in this parse, by node
     */
    public record ModelView(ModelSpec model, Sany.Parse parse, OpDefNode init, OpDefNode subscript,
                            ExprNode subscriptTuple, OpDefNode view, Set<String> history, Set<DefKey> behaviour,
                            Map<DefKey, OpApplNode> actions, Map<DefKey, List<ExprOrOpArgNode>> guards,
                            SemanticNode next, Map<OpDefNode, DefKey> top) {
        /** The top-level definitions {@code d} reaches (itself included). */
        public Set<DefKey> reach(OpDefNode d) {
            Reach r = new Reach(top, Set.of());
            r.def(d);
            return r.reached;
        }

        /** The top-level definitions an expression reaches. */
        public Set<DefKey> reach(SemanticNode e) {
            Reach r = new Reach(top, Set.of());
            r.expr(e);
            return r.reached;
        }
    }

    private final String family;
    private final Path folder;
    private final List<ModelView> views;
    private final Map<DefKey, Definition> definitions;
    private final Map<String, ModuleSource> sources;
    private final Set<String> abstractModules;

    private SpecGraph(String family, Path folder, List<ModelView> views, Map<DefKey, Definition> definitions,
                      Map<String, ModuleSource> sources, Set<String> abstractModules) {
        this.abstractModules = Set.copyOf(abstractModules);
        this.family = family;
        this.folder = folder;
        this.views = List.copyOf(views);
        this.definitions = Collections.unmodifiableMap(definitions);
        this.sources = Collections.unmodifiableMap(sources);
    }

    public String family() {
        return family;
    }

    /** The abstract specs (the modules the passing models' refinement properties check), whose definitions are not mutated. */
    public Set<String> abstractModules() {
        return abstractModules;
    }

    /** The folder the modules were read from. */
    public Path folder() {
        return folder;
    }

    public List<ModelView> views() {
        return views;
    }

    /** The definitions some passing model's behaviour uses, by key, in module and source order. */
    public Map<DefKey, Definition> definitions() {
        return definitions;
    }

    /** The family's own modules (not the MC modules, not the standard ones) by name. */
    public Map<String, ModuleSource> sources() {
        return sources;
    }

    /** The variables outside the VIEW of every model that uses {@code key} (history variables there). */
    public Set<String> history(Set<String> models) {
        Set<String> h = null;
        for (ModelView v : views) {
            if (!models.contains(v.model().name())) continue;
            if (h == null) h = new TreeSet<>(v.history());
            else h.retainAll(v.history());
        }
        return h == null ? Set.of() : h;
    }

    /**
     * Analyses the passing models {@code models} of family {@code family}, whose modules and generated MC
     * modules are in {@code folder}.
     *
     * @throws IllegalStateException if SANY rejects a model's MC module
     */
    public static SpecGraph build(Sany sany, String family, Path folder, List<ModelSpec> models) {
        List<ModelView> views = new ArrayList<>();
        Map<DefKey, OpDefNode> nodes = new LinkedHashMap<>();
        Map<DefKey, Set<String>> usedBy = new LinkedHashMap<>();
        Map<DefKey, Set<String>> oracles = new LinkedHashMap<>();
        Set<DefKey> formulas = new LinkedHashSet<>();
        Set<DefKey> initSide = new LinkedHashSet<>();
        Map<String, ModuleSource> sources = new LinkedHashMap<>();
        Set<String> abstracts = new TreeSet<>();
        for (ModelSpec m : models) {
            Sany.Parse p = sany.parse(folder, m.module());
            if (!p.ok()) throw new IllegalStateException("SANY rejects " + m.module() + ":\n" + p.messages());
            Map<OpDefNode, DefKey> top = topLevel(p, folder, sources);
            ModuleNode root = p.root();
            OpDefNode spec = def(root, m.specification(), m);
            SpecParts parts = new SpecParts();
            parts.visit(spec.getBody());
            OpDefNode view = m.view() == null ? null : def(root, m.view(), m);
            Set<String> history = new TreeSet<>(history(root, view));
            for (String oracle : concat(m.invariants(), m.properties())) {
                history.removeAll(ActionSplitter.Reads.beyondTyping(def(root, oracle, m).getBody()));
            }
            // a state constraint reads what it bounds: what TLC explores depends on those variables
            if (m.constraint() != null) history.removeAll(ActionSplitter.Reads.of(def(root, m.constraint(), m).getBody()));
            Reach behaviour = new Reach(top, history);
            behaviour.def(spec);
            for (DefKey k : behaviour.reached) {
                usedBy.computeIfAbsent(k, x -> new TreeSet<>()).add(m.name());
            }
            behaviour.nodes.forEach(nodes::putIfAbsent);
            DefKey specKey = top.get(spec);
            if (specKey != null) formulas.add(specKey);
            for (String property : m.properties()) {
                String target = refinementTarget(def(root, property, m));
                if (target != null) abstracts.add(target);
            }
            for (String oracle : concat(m.invariants(), m.properties())) {
                Reach r = new Reach(top, Set.of());
                r.def(def(root, oracle, m));
                for (DefKey k : r.reached) oracles.computeIfAbsent(k, x -> new TreeSet<>()).add(oracle);
            }
            Actions actions = new Actions(history);
            if (parts.next != null) actions.visit(parts.next);
            OpDefNode init = Nodes.calledDef(parts.init) != null && Nodes.args(parts.init).isEmpty()
                    ? Nodes.calledDef(parts.init) : null;
            OpDefNode subscript = Nodes.calledDef(parts.subscript) != null && Nodes.args(parts.subscript).isEmpty()
                    ? Nodes.calledDef(parts.subscript) : null;
            ExprNode tuple = subscript != null ? Nodes.underLets(subscript.getBody())
                    : parts.subscript instanceof ExprNode e ? e : null;
            if (init != null) {
                Reach r = new Reach(top, history);
                r.def(init);
                initSide.addAll(r.reached);
            }
            Map<DefKey, OpApplNode> acts = new LinkedHashMap<>();
            actions.found.forEach((d, list) -> {
                DefKey k = top.get(d);
                if (k != null) acts.put(k, list);
            });
            Map<DefKey, List<ExprOrOpArgNode>> guards = new LinkedHashMap<>();
            actions.guards.forEach((d, list) -> {
                DefKey k = d == null ? null : top.get(d);
                guards.computeIfAbsent(k == null ? new DefKey("", "") : k, x -> new ArrayList<>()).addAll(list);
            });
            views.add(new ModelView(m, p, init, subscript, tuple, view, history, Set.copyOf(behaviour.reached), acts,
                    guards, parts.next, top));
        }
        Map<DefKey, Definition> defs = new LinkedHashMap<>();
        nodes.entrySet().stream()
                .filter(e -> !abstracts.contains(e.getKey().module()))
                .sorted((a, b) -> a.getKey().module().equals(b.getKey().module())
                        ? Integer.compare(a.getValue().getLocation().beginLine(), b.getValue().getLocation().beginLine())
                        : a.getKey().module().compareTo(b.getKey().module()))
                .forEach(e -> {
                    OpDefNode d = e.getValue();
                    boolean setup = d.getArity() == 0 && Nodes.level(d.getBody()) == 0 && Nodes.literal(d.getBody());
                    defs.put(e.getKey(), new Definition(e.getKey(), d, Set.copyOf(usedBy.get(e.getKey())),
                            Set.copyOf(oracles.getOrDefault(e.getKey(), Set.of())), formulas.contains(e.getKey()), setup,
                            initSide.contains(e.getKey())));
                });
        return new SpecGraph(family, folder, views, defs, sources, abstracts);
    }

    /**
     * The module whose specification a refinement property checks: the module that originally defines the
     * instance's definition the property applies ({@code Abs!Spec}), else null.
     */
    static String refinementTarget(OpDefNode property) {
        OpDefNode called = Nodes.calledDef(Nodes.underLets(property.getBody()));
        if (called == null || !called.getName().toString().contains("!")) return null;
        OpDefNode original = called.getSource();
        if (original == null || original.getOriginallyDefinedInModuleNode() == null) return null;
        return original.getOriginallyDefinedInModuleNode().getName().toString();
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static OpDefNode def(ModuleNode root, String name, ModelSpec m) {
        OpDefNode d = root.getOpDef(name);
        if (d == null) throw new IllegalStateException(m.module() + " defines no '" + name + "'");
        return d;
    }

    /** The top-level definitions of the family's own modules in parse {@code p}, and their sources. */
    private static Map<OpDefNode, DefKey> topLevel(Sany.Parse p, Path folder, Map<String, ModuleSource> sources) {
        Map<OpDefNode, DefKey> top = new IdentityHashMap<>();
        for (Map.Entry<String, Path> f : p.files().entrySet()) {
            String name = f.getKey();
            if (!f.getValue().getParent().equals(folder.toAbsolutePath().normalize()) || name.startsWith("MC_")) continue;
            ModuleNode module = p.module(name);
            if (module == null) continue;
            if (!sources.containsKey(name)) {
                try {
                    sources.put(name, new ModuleSource(name, Files.readString(f.getValue())));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            for (OpDefNode d : module.getOpDefs()) {
                if (d.getOriginallyDefinedInModuleNode() == module && d.getSource() == d) top.put(d, new DefKey(name, d.getName().toString()));
            }
        }
        return top;
    }

    /**
     * The variables of the root module outside the VIEW tuple (none if there is no VIEW or it is not a tuple).
     * A component that is an expression of variables (an abstraction such as ProgressEngineBounded's {@code Lag},
     * the relation of two counters) keeps every variable it reads in the view: their values decide the state.
     */
    private static Set<String> history(ModuleNode root, OpDefNode view) {
        if (view == null) return Set.of();
        ExprNode body = Nodes.underLets(view.getBody());
        if (!Nodes.op(body).equals(Nodes.TUPLE)) return Set.of();
        Set<String> inView = new TreeSet<>();
        for (ExprOrOpArgNode a : Nodes.args(body)) {
            OpDeclNode v = Nodes.variable(a);
            if (v != null) inView.add(v.getName().toString());
            else inView.addAll(ActionSplitter.Reads.of(a));
        }
        Set<String> out = new TreeSet<>();
        for (OpDeclNode v : root.getVariableDecls()) {
            if (!inView.contains(v.getName().toString())) out.add(v.getName().toString());
        }
        return out;
    }

    /** The parts of a SPECIFICATION formula: Init /\ [][Next]_vars /\ fairness. */
    private static final class SpecParts {
        SemanticNode init, next, subscript;
        private final Set<OpDefNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());

        void visit(SemanticNode e) {
            String op = Nodes.op(e);
            OpDefNode d = Nodes.calledDef(e);
            if (op.equals(Nodes.AND) || op.equals(Nodes.CONJ_LIST)) {
                for (ExprOrOpArgNode a : Nodes.args(e)) visit(a);
            } else if (op.equals("[]") && Nodes.op(Nodes.args(e).get(0)).equals("$SquareAct")) {
                List<ExprOrOpArgNode> sq = Nodes.args(Nodes.args(e).get(0));
                next = sq.get(0);
                subscript = sq.get(1);
            } else if (Nodes.level(e) <= 1) {
                init = e;
            } else if (d != null && Nodes.args(e).isEmpty() && Nodes.level(e) == 3 && seen.add(d)) {
                visit(d.getBody());
            } else if (e instanceof LetInNode l) {
                visit(l.getBody());
            }
        }
    }

    /**
     * The top-level definitions an expression reaches through definitions, LETs, instances and operator
     * arguments, leaving out the right-hand sides of history variables' updates.
     */
    static final class Reach {
        final Set<DefKey> reached = new LinkedHashSet<>();
        final Map<DefKey, OpDefNode> nodes = new LinkedHashMap<>();
        private final Map<OpDefNode, DefKey> top;
        private final Set<String> history;
        private final Set<SemanticNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());

        Reach(Map<OpDefNode, DefKey> top, Set<String> history) {
            this.top = top;
            this.history = history;
        }

        /** Whether an expression or definition this walk went through lies over {@code line} of {@code module}. */
        boolean containsLocation(String module, int line) {
            for (SemanticNode n : seen) {
                if (MutantRunner.contains(n.getLocation(), module, line)) return true;
            }
            return false;
        }

        void def(OpDefNode d) {
            OpDefNode src = (OpDefNode) d.getSource();
            DefKey k = top.get(src);
            if (k != null && reached.add(k)) nodes.put(k, src);
            if (seen.add(d)) expr(d.getBody());
        }

        void expr(SemanticNode n) {
            if (n == null || !seen.add(n)) return;
            if (n instanceof OpApplNode o) {
                if (Nodes.op(o).equals("=") && o.getArgs().length == 2) {
                    OpDeclNode v = Nodes.primedVariable(o.getArgs()[0]);
                    if (v != null && history.contains(v.getName().toString())) return;
                }
                OpDefNode d = Nodes.userDef(o.getOperator());
                if (d != null) def(d);
                if (o.getBdedQuantBounds() != null) for (ExprNode r : o.getBdedQuantBounds()) expr(r);
                for (ExprOrOpArgNode a : o.getArgs()) expr(a);
            } else if (n instanceof LetInNode l) {
                for (OpDefNode d : l.getLets()) def(d);
                expr(l.getBody());
            } else if (n instanceof SubstInNode s) {
                for (Subst x : s.getSubsts()) expr(x.getExpr());
                expr(s.getBody());
            } else if (n instanceof OpArgNode a) {
                OpDefNode d = Nodes.userDef(a.getOp());
                if (d != null) def(d);
            } else if (n.getChildren() != null) {
                for (SemanticNode c : n.getChildren()) expr(c);
            }
        }
    }

    /** The atomic actions of a next-state relation (see the class comment). */
    static final class Actions {
        final Map<OpDefNode, OpApplNode> found = new LinkedHashMap<>();
        final Map<OpDefNode, List<ExprOrOpArgNode>> guards = new LinkedHashMap<>();
        private final Set<String> history;
        private final Set<OpDefNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());

        Actions(Set<String> history) {
            this.history = history;
        }

        void visit(SemanticNode e) {
            while (e instanceof LetInNode || e instanceof SubstInNode) {
                e = e instanceof LetInNode l ? l.getBody() : ((SubstInNode) e).getBody();
            }
            String op = Nodes.op(e);
            if (op.equals(Nodes.OR) || op.equals(Nodes.DISJ_LIST)) {
                for (ExprOrOpArgNode a : Nodes.args(e)) visit(a);
            } else if (op.equals("$BoundedExists") || op.equals("$UnboundedExists")) {
                visit(Nodes.args(e).get(0));
            } else if (op.equals(Nodes.AND) || op.equals(Nodes.CONJ_LIST)) {
                conjunction(e, null);
            } else {
                OpDefNode d = Nodes.calledDef(e);
                if (d != null && Nodes.level(e) == 2 && seen.add(d)) {
                    ExprNode b = d.getBody();
                    while (b instanceof LetInNode || b instanceof SubstInNode) {
                        b = b instanceof LetInNode l ? l.getBody() : ((SubstInNode) b).getBody();
                    }
                    String bop = Nodes.op(b);
                    if (bop.equals(Nodes.AND) || bop.equals(Nodes.CONJ_LIST)) conjunction(b, (OpDefNode) d.getSource());
                    else visit(b);
                }
            }
        }

        private void conjunction(SemanticNode e, OpDefNode owner) {
            List<ExprOrOpArgNode> real = new ArrayList<>();
            for (ExprOrOpArgNode c : Nodes.conjuncts(e)) {
                if (Nodes.level(c) < 2) guards.computeIfAbsent(owner, x -> new ArrayList<>()).add(c);
                if (Nodes.level(c) < 2 || Nodes.op(c).equals(Nodes.UNCHANGED)) continue;
                Set<String> w = Constrained.of(c);
                if (w != null && history.containsAll(w)) continue;
                real.add(c);
            }
            if (real.size() >= 2) {
                if (owner != null && Nodes.op(e).equals(Nodes.CONJ_LIST)) found.putIfAbsent(owner, (OpApplNode) e);
            } else if (real.size() == 1) {
                visit(real.get(0));
            }
        }
    }
}
