package org.mpiverify.bench.runner;

/** Where one measured value goes: plot, series, x. */
public record Slot(String plot, String series, double x) {
}
