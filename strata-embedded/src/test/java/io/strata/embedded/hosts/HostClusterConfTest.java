package io.strata.embedded.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.VolumeSpec;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.RoundRobinVolumeChoosingPolicy;
import org.apache.hadoop.util.DiskChecker.DiskOutOfSpaceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The configuration a cluster of hosts writes for its NameNode and for each host. */
class HostClusterConfTest {
  @TempDir
  Path dir;

  /**
   * HDFS-H's preset gives each node a 983 MiB SSD. Stock Hadoop's round-robin volume chooser wants a block plus
   * 1 GiB free on a volume, so without the host's own settings no block could ever be written to that SSD.
   */
  @Test
  void aDataNodeWritesOnAVolumeSmallerThanAGibibyte() throws IOException {
    ClusterSpec spec = Presets.load("hdfsh");
    HostCluster.Options options = HostCluster.Options.defaults(dir.resolve("cluster"), spec, "",
        dir.resolve("plugin.jar"), List.of(), Map.of());
    NodeSpec node = spec.nodes().get(0);
    VolumeSpec ssd = node.volumes().stream().filter(v -> v.storageKind().name().equals("SSD")).findFirst()
        .orElseThrow();
    FsVolumeSpi volume = mock(FsVolumeSpi.class);
    when(volume.getStorageType()).thenReturn(StorageType.SSD);
    when(volume.getAvailable()).thenReturn(ssd.capacityBytes());
    long blockSize = options.blockSize();

    Path confDir = HostClusterConf.writeDataNode(options, node.host(), "10.0.0.2", URI.create("hdfs://10.0.0.1"));
    Configuration conf = new Configuration(false);
    conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("hdfs-site.xml").toUri()));
    assertEquals("10.0.0.2:9866", conf.get("dfs.datanode.address"));
    RoundRobinVolumeChoosingPolicy<FsVolumeSpi> hosts = new RoundRobinVolumeChoosingPolicy<>();
    hosts.setConf(conf);
    assertSame(volume, hosts.chooseVolume(List.of(volume), blockSize, null));

    RoundRobinVolumeChoosingPolicy<FsVolumeSpi> stock = new RoundRobinVolumeChoosingPolicy<>();
    stock.setConf(new Configuration(false));
    assertThrows(DiskOutOfSpaceException.class, () -> stock.chooseVolume(List.of(volume), blockSize, null));
  }

  /** HDFS checks permissions on the hosts as on any cluster; `-D dfs.permissions.enabled=false` turns that off. */
  @Test
  void theNameNodeChecksPermissionsUnlessTold() throws IOException {
    ClusterSpec spec = Presets.load("hdfsh");
    HostNetworkState network = new HostNetworkState("c", "10.0.0.0/24", "10.0.0.1", List.of());
    HostCluster.Options options = HostCluster.Options.defaults(dir.resolve("cluster"), spec, "",
        dir.resolve("plugin.jar"), List.of(), Map.of());
    assertEquals("true", nameNodeConf(options, network, "on").get("dfs.permissions.enabled"));
    HostCluster.Options off = options.withHdfsConf(Map.of("dfs.permissions.enabled", "false"));
    assertEquals("false", nameNodeConf(off, network, "off").get("dfs.permissions.enabled"));
    // The clients' too: Strata's tools judge the rules file's owner only where the NameNode does.
    HostClusterConf.writeClient(off, java.net.URI.create("hdfs://10.0.0.2:8020"), "http://10.0.0.2:9870");
    Configuration client = new Configuration(false);
    client.addResource(new org.apache.hadoop.fs.Path(off.dir().resolve("hdfs-site.xml").toUri()));
    assertEquals("false", client.get("dfs.permissions.enabled"));
  }

  private Configuration nameNodeConf(HostCluster.Options options, HostNetworkState network, String name)
      throws IOException {
    Path confDir = HostClusterConf.writeNameNode(options, network, dir.resolve(name));
    Configuration conf = new Configuration(false);
    conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("hdfs-site.xml").toUri()));
    return conf;
  }
}
