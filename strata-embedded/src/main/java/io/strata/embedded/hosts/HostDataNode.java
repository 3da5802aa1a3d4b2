package io.strata.embedded.hosts;

import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.SpecParser;
import io.strata.core.spec.VolumeSpec;
import io.strata.embedded.emulation.DeviceSpeedEmulator;
import io.strata.embedded.emulation.VolumeBandwidthEvents.VolumeSpeed;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.StorageLocation;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsVolumeImpl;

/**
 * One host's DataNode, run by {@link HostCluster} inside the host's network namespace: a stock DataNode on the
 * volumes its configuration lists (in spec order), each then given its device's capacity and, unless the speed
 * scale is 0, its device's emulated bandwidth.
 *
 * <p>Usage: {@code HostDataNode CONF_DIR SPEC_FILE HOST SPEED_SCALE}. Exits when its stdin closes, so it does not
 * outlive a launcher that was killed, and on SIGTERM.
 */
public final class HostDataNode {
  private static final long START_TIMEOUT_MILLIS = 120_000;

  private HostDataNode() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      System.err.println("usage: HostDataNode CONF_DIR SPEC_FILE HOST SPEED_SCALE");
      System.exit(2);
    }
    Path confDir = Path.of(args[0]);
    NodeSpec node = SpecParser.parse(Path.of(args[1])).nodes().stream()
        .filter(n -> n.host().equals(args[2]))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no host " + args[2] + " in " + args[1]));
    double speedScale = Double.parseDouble(args[3]);

    Configuration conf = new HdfsConfiguration();
    conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("core-site.xml").toUri()));
    conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("hdfs-site.xml").toUri()));
    DataNode dataNode = DataNode.createDataNode(new String[0], conf);
    Runtime.getRuntime().addShutdownHook(new Thread(dataNode::shutdown, "host-datanode-shutdown"));
    exitWhenStdinCloses();
    awaitFullyStarted(dataNode);
    prepareVolumes(dataNode, conf, node, speedScale);
    while (dataNode.isDatanodeUp()) {
      Thread.sleep(1000);
    }
    System.err.println("the DataNode has stopped");
    System.exit(1);
  }

  /** Sets each volume's capacity to its device's and, when {@code speedScale > 0}, installs its bandwidth. */
  private static void prepareVolumes(DataNode dataNode, Configuration conf, NodeSpec node, double speedScale)
      throws IOException {
    List<File> dirs = new ArrayList<>();
    for (String location : conf.getTrimmedStrings("dfs.datanode.data.dir")) {
      dirs.add(new File(StorageLocation.parse(location).getUri()).getCanonicalFile());
    }
    Map<String, VolumeSpeed> speeds = new HashMap<>();
    try (FsDatasetSpi.FsVolumeReferences volumes = dataNode.getFSDataset().getFsVolumeReferences()) {
      for (FsVolumeSpi volume : volumes) {
        int index = dirs.indexOf(new File(volume.getBaseURI()).getCanonicalFile());
        if (index < 0 || index >= node.volumes().size()) {
          throw new IOException("volume " + volume.getBaseURI() + " is not one the spec gives " + node.host());
        }
        VolumeSpec device = node.volumes().get(index);
        ((FsVolumeImpl) volume).setCapacityForTesting(device.capacityBytes());
        speeds.put(volume.getStorageID(), VolumeSpeed.ofDataNodeVolume(device.device(), speedScale));
      }
    }
    if (speedScale > 0) {
      DeviceSpeedEmulator.install(dataNode, speeds);
    }
  }

  private static void awaitFullyStarted(DataNode dataNode) throws InterruptedException {
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MILLIS;
    while (!dataNode.isDatanodeFullyStarted()) {
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("the DataNode did not register within " + START_TIMEOUT_MILLIS + " ms");
      }
      Thread.sleep(100);
    }
  }

  private static void exitWhenStdinCloses() {
    Thread watcher = new Thread(() -> {
      try {
        while (System.in.read() >= 0) {
          // the launcher never writes; it only keeps the pipe open while it lives
        }
      } catch (IOException e) {
        // a broken pipe means the launcher is gone too
      }
      System.exit(0);
    }, "host-datanode-stdin");
    watcher.setDaemon(true);
    watcher.start();
  }
}
