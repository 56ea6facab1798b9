package org.mpiverify.specs.mutation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tla2sany.semantic.ASTConstants;
import tla2sany.semantic.AtNode;
import tla2sany.semantic.ExprNode;
import tla2sany.semantic.ExprOrOpArgNode;
import tla2sany.semantic.LetInNode;
import tla2sany.semantic.NumeralNode;
import tla2sany.semantic.OpApplNode;
import tla2sany.semantic.OpDeclNode;
import tla2sany.semantic.OpDefNode;
import tla2sany.semantic.SemanticNode;
import tla2sany.st.Location;
import tla2sany.st.TreeNode;

/**
 * Makes the expression-level spec mutants of a family: every site of every operator in the
 * definitions its passing models' behaviour uses ({@link SpecGraph}), found in SANY's semantic tree and
 * edited at the exact source range SANY gives (the syntax tree's token for an infix operator or a
 * quantifier), and the split and reordered actions ({@link ActionSplitter}); then names them
 * ({@link SpecMutant}'s stable ids).
 *
 * <p>Left out, each for a reason: the SPECIFICATION formula (fairness is not the algorithm); constants
 * of arity 0 written as literals (a number, a name, a record of them: the model's encoding); in what an
 * initial predicate reaches, the
 * assignments {@code v = e} and {@code v \in S} themselves (dropping or negating one leaves a variable
 * without an initial value, which TLC reports as an error, not a bug); anything in the update of a
 * history variable (outside every VIEW of the models that use the definition: by the VIEW's
 * soundness no action and no property reads it, so such a mutant is equivalent by construction).
 * Comparisons, quantifiers and memberships are mutated only in state predicates (a level-2 one is an
 * update or reads the next state; negating {@code x' \in S} makes an unbounded update). Plus or minus
 * one leaves a tuple literal's components and a component's index alone ({@code <<0, m>>}, {@code k[1]}:
 * another field, not an off-by-one).
 *
 * <p>Not thread-safe; one generator per call.
 */
public final class MutantGenerator {
    private static final Map<String, String> SPELLING = Map.of("<", "<", "\\leq", "<=", ">", ">",
            "\\geq", ">=", "=", "=", "/=", "#");
    private static final Map<String, List<String>> COMPARISON_SWAPS = Map.of(
            "<", List.of("<=", ">="), "<=", List.of("<", ">"), ">", List.of(">=", "<="), ">=", List.of(">", "<"),
            "=", List.of("#"), "#", List.of("="));
    private static final Set<String> ARITHMETIC = Set.of("+", "-", "*", "\\div", "%", "..", "<", "\\leq", ">", "\\geq");
    private static final Set<String> QUANTIFIERS = Set.of("$BoundedForall", "$BoundedExists", "$UnboundedForall",
            "$UnboundedExists");
    private static final int DETAIL_MAX = 100;

    /** A mutant before it is named: what the id is made of, and the mutant. */
    record Candidate(SpecGraph.DefKey def, SpecOperator operator, String detail, int start, SpecMutant mutant) {}

    private final SpecGraph graph;
    private final Set<SpecOperator> operators;
    private final List<Candidate> out = new ArrayList<>();

    private MutantGenerator(SpecGraph graph, Set<SpecOperator> operators) {
        this.graph = graph;
        this.operators = operators;
    }

    /** Every mutant of the family by {@code operators}, named, in module, definition and source order. */
    public static List<SpecMutant> generate(SpecGraph graph, Set<SpecOperator> operators) {
        MutantGenerator g = new MutantGenerator(graph, operators);
        for (SpecGraph.Definition d : graph.definitions().values()) {
            if (d.formula() || d.setup() || !graph.sources().containsKey(d.key().module())) continue;
            new DefinitionWalk(g, d).walk(d.node().getBody(), null);
        }
        if (operators.contains(SpecOperator.SPLIT_ACTION) || operators.contains(SpecOperator.REORDER_HANDOVER)) {
            g.out.addAll(ActionSplitter.candidates(graph, operators));
        }
        return name(g.out);
    }

    /** Gives each candidate its stable id: {@code Module!Def/OPERATOR/detail#n}, n counting equal prefixes in source order. */
    static List<SpecMutant> name(List<Candidate> candidates) {
        List<Candidate> sorted = new ArrayList<>(candidates);
        sorted.sort(Comparator.comparing((Candidate c) -> c.def().module()).thenComparingInt(Candidate::start)
                .thenComparing(c -> c.operator().ordinal()).thenComparing(Candidate::detail));
        Map<String, Integer> seen = new LinkedHashMap<>();
        List<SpecMutant> out = new ArrayList<>();
        for (Candidate c : sorted) {
            String prefix = c.def() + "/" + c.operator() + "/" + c.detail();
            int n = seen.merge(prefix, 1, Integer::sum);
            out.add(c.mutant().withId(prefix + "#" + n));
        }
        return out;
    }

    static String detail(String s) {
        String t = ModuleSource.oneLine(s);
        return t.length() <= DETAIL_MAX ? t : t.substring(0, DETAIL_MAX - 1) + "…";
    }

    /** The walk over one definition's body that proposes the expression-level mutants. */
    private static final class DefinitionWalk {
        private final MutantGenerator g;
        private final SpecGraph.Definition def;
        private final ModuleSource src;
        private final Set<String> history;

        DefinitionWalk(MutantGenerator g, SpecGraph.Definition def) {
            this.g = g;
            this.def = def;
            this.src = g.graph.sources().get(def.key().module());
            this.history = g.graph.history(def.models());
        }

        private boolean here(SemanticNode n) {
            Location l = n.getLocation();
            return l != null && l.beginLine() > 0 && l.beginLine() < Integer.MAX_VALUE
                    && l.source().equals(def.key().module());
        }

        void walk(SemanticNode n, SemanticNode parent) {
            if (n == null || !here(n)) return;
            if (n instanceof OpApplNode o) {
                String op = Nodes.op(o);
                if ((op.equals("=") || op.equals("\\in")) && o.getArgs().length == 2) {
                    OpDeclNode v = Nodes.primedVariable(o.getArgs()[0]);
                    if (v != null && history.contains(v.getName().toString())) return;
                }
                sites(o, parent);
                if (o.getBdedQuantBounds() != null) for (ExprNode r : o.getBdedQuantBounds()) walk(r, o);
                for (ExprOrOpArgNode a : o.getArgs()) walk(a, o);
            } else if (n instanceof LetInNode l) {
                for (OpDefNode d : l.getLets()) walk(d.getBody(), l);
                walk(l.getBody(), l);
            } else if (n instanceof NumeralNode num) {
                if (g.operators.contains(SpecOperator.OFF_BY_ONE) && !selector(num, parent)) offByOneNumber(num, parent);
            } else if (n.getChildren() != null) {
                for (SemanticNode c : n.getChildren()) walk(c, n);
            }
        }

        private void sites(OpApplNode o, SemanticNode parent) {
            String op = Nodes.op(o);
            boolean conjunction = op.equals(Nodes.CONJ_LIST) || op.equals(Nodes.AND);
            String parentOp = Nodes.op(parent);
            if (conjunction && !parentOp.equals(Nodes.CONJ_LIST) && !parentOp.equals(Nodes.AND)) dropConjuncts(o);
            if (SPELLING.containsKey(op) && o.getArgs().length == 2 && Nodes.level(o) <= 1 && !assignment(o)) {
                String from = SPELLING.get(op);
                for (String to : COMPARISON_SWAPS.get(from)) infixToken(o, SpecOperator.SWAP_COMPARISON, to);
            }
            if ((op.equals("=") || op.equals("\\in")) && o.getArgs().length == 2) updateToUnchanged(o);
            if (op.equals("\\union") || op.equals("\\cup")) infixToken(o, SpecOperator.SWAP_SET_OPERATOR, "\\cap");
            if (op.equals("\\intersect") || op.equals("\\cap")) infixToken(o, SpecOperator.SWAP_SET_OPERATOR, "\\cup");
            if ((op.equals("\\in") || op.equals("\\notin")) && o.getArgs().length == 2 && Nodes.level(o) <= 1 && !assignment(o)) {
                infixToken(o, SpecOperator.SWAP_MEMBERSHIP, op.equals("\\in") ? "\\notin" : "\\in");
            }
            if (op.equals("\\subseteq") && Nodes.level(o) <= 1) infixToken(o, SpecOperator.SWAP_MEMBERSHIP, "\\supseteq");
            if (QUANTIFIERS.contains(op) && Nodes.level(o) <= 1) quantifier(o);
            if (g.operators.contains(SpecOperator.SWAP_SEQUENCE_END)) sequenceEnd(o);
            if (g.operators.contains(SpecOperator.OFF_BY_ONE) && ARITHMETIC.contains(parentOp) && numericConstant(o)) {
                String text = src.slice(o.getLocation());
                String context = src.slice(parent.getLocation());
                for (String sign : List.of("+", "-")) {
                    String to = "(" + text + " " + sign + " 1)";
                    add(SpecOperator.OFF_BY_ONE, detail(context) + ": " + text + " -> " + to,
                            "`" + text + "` becomes `" + to + "` in `" + detail(context) + "`",
                            src.start(o.getLocation()), src.end(o.getLocation()), to);
                }
            }
        }

        /** {@code v = e} or {@code v \in S} with an unprimed variable, in what an initial predicate reaches. */
        private boolean assignment(OpApplNode o) {
            String op = Nodes.op(o);
            return def.initSide() && (op.equals("=") || op.equals("\\in")) && o.getArgs().length == 2
                    && Nodes.variable(o.getArgs()[0]) != null;
        }

        private void dropConjuncts(OpApplNode o) {
            if (!g.operators.contains(SpecOperator.DROP_CONJUNCT)) return;
            List<ExprOrOpArgNode> cs = Nodes.conjuncts(o);
            if (cs.size() < 2) return;
            for (ExprOrOpArgNode c : cs) {
                if (c == null || !here(c) || Nodes.level(c) > 1) continue;
                if (Nodes.op(c).equals("TRUE") || (c instanceof OpApplNode a && assignment(a))) continue;
                String text = src.slice(c.getLocation());
                add(SpecOperator.DROP_CONJUNCT, detail(text), "drops the conjunct `" + detail(text) + "`",
                        src.start(c.getLocation()), src.end(c.getLocation()), "TRUE");
            }
        }

        private void updateToUnchanged(OpApplNode o) {
            if (!g.operators.contains(SpecOperator.UPDATE_TO_UNCHANGED)) return;
            OpDeclNode v = Nodes.primedVariable(o.getArgs()[0]);
            if (v == null || history.contains(v.getName().toString())) return;
            String text = src.slice(o.getLocation());
            String to = "UNCHANGED " + v.getName();
            add(SpecOperator.UPDATE_TO_UNCHANGED, detail(text), "`" + detail(text) + "` becomes `" + to + "`",
                    src.start(o.getLocation()), src.end(o.getLocation()), to);
        }

        /** Replaces the operator token of a binary infix application. */
        private void infixToken(OpApplNode o, SpecOperator operator, String to) {
            if (!g.operators.contains(operator)) return;
            TreeNode t = o.getTreeNode();
            if (t == null || t.heirs() == null || t.heirs().length != 3) return;
            Location tok = t.heirs()[1].getLocation();
            if (tok == null || tok.beginLine() <= 0 || tok.beginLine() == Integer.MAX_VALUE) return;
            String from = src.slice(tok);
            if (from.equals(to) || from.contains("\n")) return;
            String text = src.slice(o.getLocation());
            add(operator, detail(text) + ": " + from + " -> " + to,
                    "`" + detail(text) + "`: `" + from + "` becomes `" + to + "`", src.start(tok), src.end(tok), to);
        }

        private void quantifier(OpApplNode o) {
            if (!g.operators.contains(SpecOperator.SWAP_QUANTIFIER)) return;
            TreeNode t = o.getTreeNode();
            if (t == null || t.heirs() == null || t.heirs().length == 0) return;
            Location tok = t.heirs()[0].getLocation();
            String from = src.slice(tok);
            String to = switch (from) {
                case "\\A", "\\forall" -> "\\E";
                case "\\E", "\\exists" -> "\\A";
                default -> null;
            };
            if (to == null) return;
            String text = src.slice(o.getLocation());
            add(SpecOperator.SWAP_QUANTIFIER, detail(text) + ": " + from + " -> " + to,
                    "`" + detail(text) + "`: `" + from + "` becomes `" + to + "`", src.start(tok), src.end(tok), to);
        }

        /** An argument's text; {@code @} for EXCEPT's {@code @}, whose node spans the whole EXCEPT clause. */
        private String arg(ExprOrOpArgNode a) {
            return a instanceof AtNode ? "@" : src.slice(a.getLocation());
        }

        private void sequenceEnd(OpApplNode o) {
            List<ExprOrOpArgNode> a = Nodes.args(o);
            String to = null;
            if (Nodes.isStandard(o, "Sequences", "Head") && a.size() == 1) {
                String s = arg(a.get(0));
                to = "(" + s + ")[Len(" + s + ")]";
            } else if (Nodes.isStandard(o, "Sequences", "Tail") && a.size() == 1) {
                String s = arg(a.get(0));
                to = "SubSeq(" + s + ", 1, Len(" + s + ") - 1)";
            } else if (Nodes.isStandard(o, "Sequences", "Append") && a.size() == 2) {
                to = "(<<" + arg(a.get(1)) + ">> \\o (" + arg(a.get(0)) + "))";
            } else {
                OpDefNode d = Nodes.calledDef(o);
                String name = d == null ? "" : d.getName().toString();
                String other = name.equals("Min") ? "Max" : name.equals("Max") ? "Min" : null;
                if (other != null && a.size() == 1) {
                    OpDefNode o2 = d.getOriginallyDefinedInModuleNode().getOpDef(other);
                    if (o2 == null || o2.getArity() != 1) return;
                    TreeNode t = o.getTreeNode();
                    Location nameLoc = t != null && t.heirs() != null && t.heirs().length > 0 ? t.heirs()[0].getLocation() : null;
                    if (nameLoc == null || !src.slice(nameLoc).endsWith(name)) return;
                    int end = src.end(nameLoc);
                    String text = src.slice(o.getLocation());
                    add(SpecOperator.SWAP_SEQUENCE_END, detail(text) + ": " + name + " -> " + other,
                            "`" + detail(text) + "`: `" + name + "` becomes `" + other + "`", end - name.length(), end, other);
                    return;
                }
            }
            if (to == null) return;
            String text = src.slice(o.getLocation());
            add(SpecOperator.SWAP_SEQUENCE_END, detail(text) + " -> " + detail(to),
                    "`" + detail(text) + "` becomes `" + detail(to) + "`", src.start(o.getLocation()), src.end(o.getLocation()), to);
        }

        /** A CONSTANT, or a definition of arity 0 whose body is a number, applied here. */
        private static boolean numericConstant(OpApplNode o) {
            if (o.getArgs().length != 0) return false;
            if (o.getOperator() instanceof OpDeclNode c) return c.getKind() == ASTConstants.ConstantDeclKind;
            OpDefNode d = Nodes.userDef(o.getOperator());
            if (d == null || d.getArity() != 0) return false;
            ExprNode b = d.getBody();
            return b instanceof NumeralNode || (Nodes.op(b).equals("-.") && Nodes.args(b).getFirst() instanceof NumeralNode);
        }

        /**
         * A number that encodes data rather than counts: a component of a tuple literal ({@code <<0, m>>},
         * a key's tag) or the index of a component ({@code k[1]}). Plus or minus one there picks another
         * field, which TLC reports as an error or which changes the model's encoding, not the algorithm.
         */
        private static boolean selector(NumeralNode n, SemanticNode parent) {
            String op = Nodes.op(parent);
            return op.equals(Nodes.TUPLE) || (op.equals("$FcnApply") && Nodes.args(parent).size() == 2
                    && Nodes.args(parent).get(1) == n);
        }

        private void offByOneNumber(NumeralNode n, SemanticNode parent) {
            if (n.bigVal() != null) return;
            String text = src.slice(n.getLocation());
            String context = parent != null && here(parent) ? src.slice(parent.getLocation()) : text;
            for (int delta : new int[] {1, -1}) {
                int v = n.val() + delta;
                String to = Integer.toString(v);
                if (v < 0 && Nodes.op(parent).equals("-.")) continue;   // - -1: the minus is its own site's context
                add(SpecOperator.OFF_BY_ONE, detail(context) + ": " + text + " -> " + to,
                        "`" + text + "` becomes `" + to + "` in `" + detail(context) + "`",
                        src.start(n.getLocation()), src.end(n.getLocation()), to);
            }
        }

        private void add(SpecOperator operator, String detail, String description, int start, int end, String to) {
            Edit e = new Edit(def.key().module(), start, end, to);
            SpecMutant m = new SpecMutant("", g.graph.family(), def.key().module(), def.key().name(), operator,
                    description, src.line(start), List.of(e), def.models(), def.oracles());
            g.out.add(new Candidate(def.key(), operator, detail, start, m));
        }
    }
}
