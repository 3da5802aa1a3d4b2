package io.strata.core.retrieval;

/** How far a replica is from its reader. */
public enum Locality {
  NODE_LOCAL, RACK_LOCAL, REMOTE;

  public static Locality of(String readerHost, String readerRack, ReplicaChoice replica) {
    if (readerHost != null && readerHost.equals(replica.host())) {
      return NODE_LOCAL;
    }
    if (readerRack != null && readerRack.equals(replica.rack())) {
      return RACK_LOCAL;
    }
    return REMOTE;
  }
}
