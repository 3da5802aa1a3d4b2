package io.strata.core.spec;

import io.strata.core.device.StorageKind;
import java.util.List;

/** A worker node: its host name, its rack and its devices (one DataNode, one volume per device). */
public record NodeSpec(String host, String rack, List<VolumeSpec> volumes) {
  public NodeSpec {
    volumes = List.copyOf(volumes);
  }

  /** True when some volume on this node has the given storage kind. */
  public boolean has(StorageKind kind) {
    return volumes.stream().anyMatch(v -> v.storageKind() == kind);
  }
}
