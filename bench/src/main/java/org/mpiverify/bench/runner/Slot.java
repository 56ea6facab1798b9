package org.mpiverify.bench.figures;

/** Where one measured value goes: plot, series, x. */
public record Slot(String plot, String series, double x) {
}
