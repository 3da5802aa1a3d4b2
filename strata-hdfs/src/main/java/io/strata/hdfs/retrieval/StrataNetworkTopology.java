package io.strata.hdfs.retrieval;

import io.strata.core.device.StorageKind;
import io.strata.core.retrieval.Locality;
import io.strata.core.retrieval.NetworkRetrieval;
import io.strata.core.retrieval.ReplicaChoice;
import io.strata.core.retrieval.RetrievalPolicies;
import io.strata.core.retrieval.RetrievalPolicy;
import io.strata.core.retrieval.RetrievalSettings;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NetworkSpec;
import io.strata.core.spec.SpecParser;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.StrataKeys;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.net.Node;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Strata's read-ordering plugin ({@code dfs.net.topology.impl}): the NameNode asks its topology to sort each
 * block's replicas for a reader, and this subclass sorts them by the configured retrieval policy instead of
 * by distance alone.
 *
 * <p>Why this hook: it is the one supported place where a stock NameNode lets a plugin order the replicas it
 * returns (the alternatives, {@code dfs.namenode.read.considerStorageType} and {@code considerLoad}, only break
 * ties within one network distance and exclude each other). The NameNode calls it with the replicas as
 * {@code DatanodeInfoWithStorage}, each carrying its own storage type and ID, and rebuilds the block's storage
 * arrays from the sorted locations afterwards, so permuting the array keeps them aligned. Only the two
 * sort methods are overridden: the same object serves write placement, which is left to the parent.
 * Replicas past {@code activeLen} (stale, decommissioning, slow) stay at the end, as HDFS keeps them.
 */
public class StrataNetworkTopology extends DFSNetworkTopology implements Configurable {
  private static final Logger LOG = LoggerFactory.getLogger(StrataNetworkTopology.class);

  /** HDFS's storage types as Strata's kinds, looked up once rather than by name per replica. */
  private static final Map<StorageType, StorageKind> KINDS = new EnumMap<>(StorageType.class);

  static {
    for (StorageType type : StorageType.values()) {
      StorageKind kind = StorageKind.parse(type.name());
      if (kind != null) {
        KINDS.put(type, kind);
      }
    }
  }

  private Configuration conf;
  private TierMap tierMap = TierMap.byStorageKind();
  private RetrievalSettings baseSettings;
  private volatile RetrievalSettings settings;
  private volatile RetrievalPolicy policy;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    int streams = conf.getInt(StrataKeys.RETRIEVAL_STREAMS_PER_NODE, RetrievalSettings.DEFAULT_STREAMS_PER_NODE);
    String specFile = conf.getTrimmed(StrataKeys.SPEC_FILE);
    if (specFile != null && !specFile.isEmpty()) {
      ClusterSpec spec = SpecParser.parse(Path.of(specFile));
      tierMap = spec.tierMap();
      baseSettings = RetrievalSettings.defaults(spec, streams);
    } else {
      baseSettings = RetrievalSettings.defaults(tierMap, NetworkSpec.defaults(), 20, streams);
    }
    setRetrievalPolicy(conf.getTrimmed(StrataKeys.RETRIEVAL_POLICY, StrataKeys.RETRIEVAL_POLICY_DEFAULT),
        conf.get(StrataKeys.RETRIEVAL_WEIGHTS));
    ReadMetrics.publish();
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /**
   * Switches this NameNode's retrieval policy and tier weight overrides ({@code tier:weight,...}, or null for the
   * defaults); benchmarks compare policies on one running cluster this way.
   */
  public synchronized void setRetrievalPolicy(String name, String weights) {
    RetrievalSettings next = baseSettings.withWeights(weights, tierMap);
    RetrievalPolicy nextPolicy = RetrievalPolicies.parse(name, next);
    settings = next;
    policy = nextPolicy;
    LOG.info("Strata read ordering: policy '{}', tier weights {}", nextPolicy.name(), describe(next.tierWeights()));
  }

  /** Tier weights for a reader, heaviest first: {@code pcie-ssd 533, sata-ssd 191, hdd 61}. */
  static String describe(Map<String, Double> weights) {
    return weights.entrySet().stream()
        .sorted(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .map(e -> e.getKey() + " " + BigDecimal.valueOf(e.getValue()).stripTrailingZeros().toPlainString())
        .collect(Collectors.joining(", "));
  }

  public RetrievalPolicy retrievalPolicy() {
    return policy;
  }

  @Override
  public <T extends Node> void sortByDistance(Node reader, T[] nodes, int activeLen, Consumer<List<T>> secondarySort) {
    if (!reorder(reader, nodes, activeLen, true)) {
      super.sortByDistance(reader, nodes, activeLen, secondarySort);
      countFirst(reader, nodes, activeLen, true);
    }
  }

  @Override
  public <T extends Node> void sortByDistanceUsingNetworkLocation(Node reader, T[] nodes, int activeLen,
      Consumer<List<T>> secondarySort) {
    if (!reorder(reader, nodes, activeLen, false)) {
      super.sortByDistanceUsingNetworkLocation(reader, nodes, activeLen, secondarySort);
      countFirst(reader, nodes, activeLen, false);
    }
  }

  /**
   * Orders the active replicas by a weighted policy; false for {@code network} (HDFS's own sort is the
   * network policy, with its tie-breaking options) and for arrays that are not block replicas.
   */
  private <T extends Node> boolean reorder(Node reader, T[] nodes, int activeLen, boolean readerIsDataNode) {
    RetrievalPolicy current = policy;
    if (current == null || current instanceof NetworkRetrieval || activeLen <= 0) {
      return false;
    }
    ReplicaChoice[] choices = new ReplicaChoice[activeLen];
    for (int i = 0; i < activeLen; i++) {
      if (!(nodes[i] instanceof DatanodeInfoWithStorage replica) || replica.getStorageType() == null) {
        return false;
      }
      choices[i] = choiceOf(replica);
    }
    String readerHost = readerIsDataNode && reader instanceof DatanodeInfo dn ? dn.getHostName() : null;
    String readerRack = reader == null ? null : reader.getNetworkLocation();
    List<ReplicaChoice> ordered = current.order(readerHost, readerRack, Arrays.asList(choices),
        ThreadLocalRandom.current());
    // A policy returns the same choice objects reordered; finding each by identity in a block's few replicas is
    // cheaper than a map (this runs for every block of every open).
    T[] original = Arrays.copyOf(nodes, activeLen);
    for (int i = 0; i < ordered.size(); i++) {
      ReplicaChoice choice = ordered.get(i);
      int k = 0;
      while (choices[k] != choice) {
        k++;
      }
      nodes[i] = original[k];
    }
    ReplicaChoice first = ordered.get(0);
    ReadMetrics.get().count(first.tier(), Locality.of(readerHost, readerRack, first));
    return true;
  }

  private <T extends Node> void countFirst(Node reader, T[] nodes, int activeLen, boolean readerIsDataNode) {
    if (activeLen > 0 && nodes[0] instanceof DatanodeInfoWithStorage replica && replica.getStorageType() != null) {
      ReplicaChoice first = choiceOf(replica);
      String readerHost = readerIsDataNode && reader instanceof DatanodeInfo dn ? dn.getHostName() : null;
      ReadMetrics.get().count(first.tier(),
          Locality.of(readerHost, reader == null ? null : reader.getNetworkLocation(), first));
    }
  }

  private ReplicaChoice choiceOf(DatanodeInfoWithStorage replica) {
    return new ReplicaChoice(replica.getHostName(), replica.getNetworkLocation(),
        tierMap.tierName(replica.getHostName(), KINDS.get(replica.getStorageType()), null),
        replica.getXceiverCount());
  }
}
