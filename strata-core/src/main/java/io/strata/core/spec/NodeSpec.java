package io.strata.core.spec;

import io.strata.core.device.StorageKind;
import java.util.List;

/**
 * A worker node: its host name, its rack and its devices (one DataNode, one volume per device), and the memory its
 * page cache holds for intermediate data ({@code pageCacheBytes}, 0 when the page cache is not modelled).
 */
public record NodeSpec(String host, String rack, List<VolumeSpec> volumes, long pageCacheBytes) {
  public NodeSpec {
    volumes = List.copyOf(volumes);
    if (pageCacheBytes < 0) {
      throw new IllegalArgumentException("node " + host + ": page cache must be >= 0, got " + pageCacheBytes);
    }
  }

  /** A node whose page cache is not modelled. */
  public NodeSpec(String host, String rack, List<VolumeSpec> volumes) {
    this(host, rack, volumes, 0);
  }

  /** True when some volume on this node has the given storage kind. */
  public boolean has(StorageKind kind) {
    return volumes.stream().anyMatch(v -> v.storageKind() == kind);
  }
}
