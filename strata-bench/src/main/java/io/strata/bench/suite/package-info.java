/**
 * {@code strata bench suite}'s evidence: docs/results.md's tables rebuilt from one JSON result per bench
 * ({@link io.strata.bench.protocol.BenchResult}), and the check that no table figure lacks one.
 */
package io.strata.bench.suite;
