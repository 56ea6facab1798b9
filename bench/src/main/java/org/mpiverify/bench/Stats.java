package org.mpiverify.bench;

import java.util.Arrays;

/** Summary of repeated measurements: median and spread (min, quartiles, max). */
public record Stats(double median, double min, double p25, double p75, double max, int n) {

    public static Stats of(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return new Stats(quantile(v, 0.5), v[0], quantile(v, 0.25), quantile(v, 0.75), v[v.length - 1], v.length);
    }

    private static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = (int) Math.ceil(pos);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }

    /** Interquartile range relative to the median, in percent. */
    public double spreadPercent() {
        return median == 0 ? 0 : 100 * (p75 - p25) / median;
    }

    public String json() {
        return String.format(java.util.Locale.ROOT,
                "{\"median\": %.3f, \"min\": %.3f, \"p25\": %.3f, \"p75\": %.3f, \"max\": %.3f, \"n\": %d}",
                median, min, p25, p75, max, n);
    }
}
