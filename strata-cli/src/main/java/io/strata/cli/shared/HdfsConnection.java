package io.strata.cli.shared;

import io.strata.core.config.ConfigException;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.core.tier.TierMap;
import io.strata.embedded.ClientConfigWriter;
import io.strata.hdfs.HdfsFileSystems;
import io.strata.hdfs.tier.ClusterView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.security.ssl.SSLFactory;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How a command reaches a live HDFS: {@code --conf DIR} (a Hadoop client configuration directory, e.g. the one
 * {@code strata cluster up} writes, else {@code $HADOOP_CONF_DIR}) and/or {@code --fs URI}; and which tiers to
 * report: {@code --preset}/{@code --spec}, else the spec found in DIR, else one tier per storage type; and, when the
 * configuration turns Kerberos on, who to log in as ({@link KerberosLogin}).
 */
public final class HdfsConnection {
  @Option(names = "--conf", paramLabel = "DIR",
      description = "Hadoop client configuration directory (default: $HADOOP_CONF_DIR)")
  Path confDir;

  @Option(names = "--fs", paramLabel = "URI",
      description = "file system URI, e.g. hdfs://nn:8020 (overrides the configuration)")
  String fsUri;

  @Mixin
  ClusterChoice cluster;

  @Mixin
  KerberosLogin kerberos;

  /** The client configuration the options name; on a Kerberized cluster this process is logged in to it first. */
  public Configuration configuration() {
    Configuration conf = configuration(configDir(), fsUri);
    kerberos.login(conf);
    return conf;
  }

  /** A new client of the file system the options name (closing it closes no one else's); its conf is theirs. */
  public FileSystem fileSystem() throws IOException {
    return FileSystem.newInstance(configuration());
  }

  /**
   * As {@link #fileSystem()}, for the commands that work only on HDFS.
   *
   * @throws ConfigException when the options name a file system that is not HDFS
   */
  public DistributedFileSystem hdfs() throws IOException {
    return HdfsFileSystems.open(configuration());
  }

  /** A client configuration from a configuration directory (may be null) and a file system URI (may be null). */
  public static Configuration configuration(Path dir, String fsUri) {
    Configuration conf = new HdfsConfiguration();
    if (dir != null) {
      if (!Files.isDirectory(dir)) {
        throw new ConfigException(dir + ": no such configuration directory");
      }
      for (String file : new String[] {"core-site.xml", "hdfs-site.xml"}) {
        if (Files.isRegularFile(dir.resolve(file))) {
          conf.addResource(new org.apache.hadoop.fs.Path(dir.resolve(file).toUri()));
        }
      }
      // The truststore for the NameNode's HTTPS web UI: Hadoop looks for ssl-client.xml on the class path, where a
      // configuration directory is not, and otherwise takes the ssl.client.* keys from the configuration itself.
      String sslClient = conf.get(SSLFactory.SSL_CLIENT_CONF_KEY, SSLFactory.SSL_CLIENT_CONF_DEFAULT);
      if (!sslClient.contains("/") && Files.isRegularFile(dir.resolve(sslClient))) {
        conf.addResource(new org.apache.hadoop.fs.Path(dir.resolve(sslClient).toUri()));
      }
    }
    if (fsUri != null) {
      conf.set("fs.defaultFS", fsUri);
    }
    return conf;
  }

  public TierMap tierMap() {
    return specTierMap().orElseGet(TierMap::byStorageKind);
  }

  /**
   * As {@link #tierMap()}, except that without a spec the tiers are the storage types the live DataNodes of
   * {@code fs} have, as the placement plugin sees them, so tier layouts come out as the plugin places them.
   */
  public TierMap tierMap(DistributedFileSystem fs) throws IOException {
    Optional<TierMap> spec = specTierMap();
    return spec.isPresent() ? spec.get() : ClusterView.tiersByStorageType(fs);
  }

  private Optional<TierMap> specTierMap() {
    return spec().map(ClusterSpec::tierMap);
  }

  /**
   * True when every volume of the spec's secondary tiers (backup or ARCHIVE) sits on an internally redundant
   * device, such as a RAID filer; false without a spec.
   */
  public boolean secondaryTierRedundant() {
    return spec().map(ClusterSpec::secondaryTierRedundant).orElse(false);
  }

  /** The spec of {@code --preset}/{@code --spec}, else the one found in the configuration directory. */
  private Optional<ClusterSpec> spec() {
    if (cluster.given()) {
      return Optional.of(cluster.load(null).spec());
    }
    Path dir = configDir();
    if (dir != null && Files.isRegularFile(dir.resolve(ClientConfigWriter.SPEC_FILE))) {
      return Optional.of(SpecParser.parse(dir.resolve(ClientConfigWriter.SPEC_FILE)));
    }
    return Optional.empty();
  }

  /** {@code --conf}, else $HADOOP_CONF_DIR, else null. */
  public Path configDir() {
    return configDir(confDir);
  }

  /** The given directory, else $HADOOP_CONF_DIR, else null. */
  public static Path configDir(Path given) {
    if (given != null) {
      return given;
    }
    String env = System.getenv("HADOOP_CONF_DIR");
    return env == null || env.isBlank() ? null : Path.of(env);
  }
}
