package org.mpiverify.specs.mutation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tla2sany.semantic.ASTConstants;
import tla2sany.semantic.ExprNode;
import tla2sany.semantic.ExprOrOpArgNode;
import tla2sany.semantic.LetInNode;
import tla2sany.semantic.LevelNode;
import tla2sany.semantic.OpApplNode;
import tla2sany.semantic.OpDeclNode;
import tla2sany.semantic.OpDefNode;
import tla2sany.semantic.SemanticNode;
import tla2sany.semantic.SubstInNode;
import tla2sany.semantic.SymbolNode;

/** Small questions about SANY's semantic nodes, named for what the mutation operators ask. */
final class Nodes {
    static final String CONJ_LIST = "$ConjList";
    static final String DISJ_LIST = "$DisjList";
    static final String AND = "\\land";
    static final String OR = "\\lor";
    static final String PRIME = "'";
    static final String UNCHANGED = "UNCHANGED";
    static final String TUPLE = "$Tuple";

    private Nodes() {}

    /** The operator's name of an application, or "" for any other node. */
    static String op(SemanticNode n) {
        return n instanceof OpApplNode o ? o.getOperator().getName().toString() : "";
    }

    /** The arguments of an application (none for any other node); an absent one (CASE's OTHER guard) is null. */
    static List<ExprOrOpArgNode> args(SemanticNode n) {
        return n instanceof OpApplNode o ? Arrays.asList(o.getArgs()) : List.of();
    }

    /** The level of a node: 0 constant, 1 state, 2 action, 3 temporal. */
    static int level(SemanticNode n) {
        return n instanceof LevelNode l ? l.getLevel() : 0;
    }

    /** A user definition (not a built-in, not of a standard module), or null. */
    static OpDefNode userDef(SymbolNode s) {
        return s instanceof OpDefNode d && d.getKind() == ASTConstants.UserDefinedOpKind && !d.isStandardModule() ? d : null;
    }

    /** An application of a user definition, or null. */
    static OpDefNode calledDef(SemanticNode n) {
        return n instanceof OpApplNode o ? userDef(o.getOperator()) : null;
    }

    /** A definition of a standard module applied here under {@code name} (e.g. Sequences' Head), or false. */
    static boolean isStandard(SemanticNode n, String module, String name) {
        return n instanceof OpApplNode o && o.getOperator() instanceof OpDefNode d && d.isStandardModule()
                && d.getName().toString().equals(name)
                && d.getOriginallyDefinedInModuleNode().getName().toString().equals(module);
    }

    /** The state variable a node names (an application of a VARIABLE), or null. */
    static OpDeclNode variable(SemanticNode n) {
        return n instanceof OpApplNode o && o.getOperator() instanceof OpDeclNode v
                && v.getKind() == ASTConstants.VariableDeclKind ? v : null;
    }

    /** The variable {@code x} of {@code x'}, or null. */
    static OpDeclNode primedVariable(SemanticNode n) {
        return op(n).equals(PRIME) ? variable(args(n).get(0)) : null;
    }

    /** A conjunction (bulleted or infix) flattened into its conjuncts, in source order. */
    static List<ExprOrOpArgNode> conjuncts(SemanticNode n) {
        List<ExprOrOpArgNode> out = new ArrayList<>();
        flatten(n, out, CONJ_LIST, AND);
        return out;
    }

    /** A disjunction (bulleted or infix) flattened into its disjuncts, in source order. */
    static List<ExprOrOpArgNode> disjuncts(SemanticNode n) {
        List<ExprOrOpArgNode> out = new ArrayList<>();
        flatten(n, out, DISJ_LIST, OR);
        return out;
    }

    private static void flatten(SemanticNode n, List<ExprOrOpArgNode> out, String list, String infix) {
        String op = op(n);
        if (op.equals(list) || op.equals(infix)) {
            for (ExprOrOpArgNode a : args(n)) flatten(a, out, list, infix);
        } else if (n instanceof ExprOrOpArgNode e) {
            out.add(e);
        }
    }

    private static final java.util.Set<String> CONSTRUCTORS = java.util.Set.of("$SetEnumerate", "$Tuple",
            "$RcdConstructor", "$Pair", "TRUE", "FALSE", "-.");

    /** A literal: a number, a string, a boolean, or a set, tuple or record of literals. */
    static boolean literal(SemanticNode n) {
        if (n instanceof tla2sany.semantic.NumeralNode || n instanceof tla2sany.semantic.StringNode
                || n instanceof tla2sany.semantic.DecimalNode) {
            return true;
        }
        if (!(n instanceof OpApplNode o) || !CONSTRUCTORS.contains(op(o))) return false;
        for (ExprOrOpArgNode a : o.getArgs()) if (a == null || !literal(a)) return false;
        return true;
    }

    /** The expression under any LET (the definitions of a LET stay in scope of the text inside it). */
    static ExprNode underLets(ExprNode e) {
        while (e instanceof LetInNode l) e = l.getBody();
        return e;
    }

    /** The body of an instanced definition's substitution ({@code TW!Publish}'s is ThreadWaitSignal's Publish). */
    static ExprNode underSubst(ExprNode e) {
        while (e instanceof SubstInNode s) e = s.getBody();
        return e;
    }
}
