package io.strata.core.placement;

/** A replica of a block, or a target chosen for one: which node, in which rack, on which tier. */
public record Replica(String host, String rack, String tier) {}
