package org.mpiverify.audit.run;

import org.mpiverify.harness.launch.AuditTarget;

/**
 * One column of a target's audit matrix: a configuration of the implementation under audit. Native
 * targets have exactly one; the core has one per critical-section granularity × matching engine, plus
 * its deliberately unsafe variants ({@code unsafe}), which the audit must reject.
 */
public record AuditColumn(String name, boolean unsafe, AuditTarget target) {

    /** The one column of a target that has a single configuration. */
    public static AuditColumn single(AuditTarget target) {
        return new AuditColumn(target.describe(), false, target);
    }
}
