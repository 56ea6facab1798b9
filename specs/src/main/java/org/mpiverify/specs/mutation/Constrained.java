package org.mpiverify.specs.mutation;

import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tla2sany.semantic.ExprNode;
import tla2sany.semantic.ExprOrOpArgNode;
import tla2sany.semantic.LetInNode;
import tla2sany.semantic.OpApplNode;
import tla2sany.semantic.OpDeclNode;
import tla2sany.semantic.OpDefNode;
import tla2sany.semantic.SemanticNode;
import tla2sany.semantic.Subst;
import tla2sany.semantic.SubstInNode;

/**
 * The state variables an action-level expression constrains: those it updates ({@code x' = e},
 * {@code x' \in S}), those it leaves {@code UNCHANGED} (a primed variable that is only read is not
 * counted), through the definitions and instances it applies (an instance's variable counts as
 * the instancing module's variable it is substituted by). Null when that cannot be told (a variable of
 * an instance substituted by an expression that is not a variable, a primed expression that is not a
 * variable or a definition of variables).
 */
final class Constrained {
    private final Set<String> out = new TreeSet<>();
    private final Set<SemanticNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    private boolean unknown;

    private Constrained() {}

    static Set<String> of(SemanticNode n) {
        Constrained c = new Constrained();
        c.walk(n, Map.of());
        return c.unknown ? null : c.out;
    }

    private void walk(SemanticNode n, Map<String, String> rename) {
        if (n == null || unknown) return;
        if (n instanceof OpApplNode o) {
            String op = Nodes.op(o);
            if ((op.equals("=") || op.equals("\\in")) && o.getArgs().length == 2
                    && Nodes.op(o.getArgs()[0]).equals(Nodes.PRIME)) {
                variables(Nodes.args(o.getArgs()[0]).get(0), rename);   // x' = e, x' \in S: a constraint of x
                return;
            }
            if (op.equals(Nodes.UNCHANGED)) {
                variables(o.getArgs()[0], rename);
                return;
            }
            if (op.equals(Nodes.PRIME)) return;   // x' read, not constrained, here
            OpDefNode d = Nodes.userDef(o.getOperator());
            if (d != null && Nodes.level(o) == 2 && seen.add(d)) walk(d.getBody(), rename);
            if (o.getBdedQuantBounds() != null) for (ExprNode r : o.getBdedQuantBounds()) walk(r, rename);
            for (ExprOrOpArgNode a : o.getArgs()) walk(a, rename);
        } else if (n instanceof LetInNode l) {
            walk(l.getBody(), rename);
        } else if (n instanceof SubstInNode s) {
            Map<String, String> inner = new HashMap<>(rename);
            for (Subst x : s.getSubsts()) {
                OpDeclNode v = Nodes.variable(x.getExpr());
                String name = x.getOp().getName().toString();
                inner.put(name, v != null ? rename.getOrDefault(v.getName().toString(), v.getName().toString()) : null);
            }
            walk(s.getBody(), inner);
        }
    }

    /** The variables of a primed or UNCHANGED expression: a variable, a tuple of them, a definition of one. */
    private void variables(SemanticNode n, Map<String, String> rename) {
        OpDeclNode v = Nodes.variable(n);
        if (v != null) {
            String name = v.getName().toString();
            String mapped = rename.containsKey(name) ? rename.get(name) : name;
            if (mapped == null) unknown = true;
            else out.add(mapped);
            return;
        }
        if (Nodes.op(n).equals(Nodes.TUPLE)) {
            for (ExprOrOpArgNode a : Nodes.args(n)) variables(a, rename);
            return;
        }
        OpDefNode d = Nodes.calledDef(n);
        if (d != null && Nodes.args(n).isEmpty()) {
            variables(Nodes.underLets(d.getBody()), rename);
            return;
        }
        unknown = true;
    }
}
