package io.strata.core.placement;

import java.util.List;

/**
 * HDFS-H: a fraction P of each file's blocks live wholly in the SSD zone (every replica on flash tiers), the
 * rest wholly in the HDD zone, spread evenly over the file. Block {@code i} is an SSD block when
 * {@code round((i+1)P) - round(iP) = 1}, so any N consecutive blocks hold round(NP) SSD blocks, +-1, and no
 * stretch of the file is left out of either zone. Racks follow HDFS's default rules inside the zone.
 */
public final class RatioPolicy extends ReplicaByReplicaPolicy {
  private final double ratio;

  public RatioPolicy(double ratio) {
    if (!(ratio >= 0 && ratio <= 1)) {
      throw new IllegalArgumentException("ratio must be within [0, 1], got " + ratio);
    }
    this.ratio = ratio;
  }

  public double ratio() {
    return ratio;
  }

  @Override
  public String name() {
    return "ratio:" + (ratio == Math.rint(ratio) ? String.valueOf((int) ratio) : String.valueOf(ratio));
  }

  /** True when block {@code index} of a file belongs in the SSD zone. */
  public boolean isFlashBlock(long index) {
    return Math.round((index + 1) * ratio) - Math.round(index * ratio) == 1;
  }

  /** Only this policy reads a new block's position in its file. */
  @Override
  public boolean needsBlockIndex() {
    return true;
  }

  @Override
  protected List<Attempt> attempts(PlacementRequest request, List<Replica> placed, TargetChooser chooser) {
    List<String> flash = TierChoices.flashPrimaryNames(chooser.tiers());
    List<String> disk = TierChoices.diskPrimaryNames(chooser.tiers());
    boolean flashBlock = request.blockIndex() >= 0
        ? isFlashBlock(request.blockIndex())
        : flashMajority(placed, flash);
    List<String> zone = flashBlock ? flash : disk;
    List<String> other = flashBlock ? disk : flash;
    return RackScopes.tierFirst(List.of(zone, other), RackScopes.networkAware(request, placed));
  }

  /** A block whose position is unknown (re-replication) stays in the zone its live replicas are in. */
  private boolean flashMajority(List<Replica> placed, List<String> flash) {
    if (placed.isEmpty()) {
      return ratio >= 0.5;
    }
    long onFlash = placed.stream().filter(r -> flash.contains(r.tier())).count();
    return onFlash * 2 >= placed.size();
  }
}
