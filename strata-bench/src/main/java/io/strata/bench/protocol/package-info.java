/**
 * The measuring protocol every benchmark follows (docs/results.md#protocol): configurations interleaved and rotated
 * between rounds, each configuration's spread over rounds, a target judged on the declared configuration's worst
 * round, and runs the CPU decided marked cpu-bound.
 */
package io.strata.bench.protocol;
