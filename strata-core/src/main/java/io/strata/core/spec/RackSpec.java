package io.strata.core.spec;

import java.util.List;

/** A rack: a network location (HDFS style, e.g. {@code /rack1}) and the nodes under its switch. */
public record RackSpec(String name, List<NodeSpec> nodes) {
  public RackSpec {
    nodes = List.copyOf(nodes);
  }
}
