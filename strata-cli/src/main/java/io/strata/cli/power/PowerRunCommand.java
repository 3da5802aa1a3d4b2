package io.strata.cli.power;

import io.strata.cli.shared.DurationArg;
import io.strata.cli.shared.HdfsConnection;
import io.strata.cli.shared.KerberosLogin;
import io.strata.core.config.ConfigException;
import io.strata.core.device.DeviceCatalog;
import io.strata.core.device.DeviceProfile;
import io.strata.core.energy.PowerState;
import io.strata.core.energy.WriteGroup;
import io.strata.core.energy.WriteGroups;
import io.strata.hdfs.power.BlockDevices;
import io.strata.hdfs.power.DataNodeList;
import io.strata.hdfs.power.HdparmDriver;
import io.strata.hdfs.power.PowerManager;
import io.strata.hdfs.power.PoweredVolume;
import io.strata.hdfs.power.RedundancyWatch;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import sun.misc.Signal;

/** {@code strata power run}: the power manager beside one DataNode, on its real disks. */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = {"The power manager of one DataNode host, until Ctrl-C: each backup volume's disk goes into standby",
        "after its idle timeout (hdparm -y), its state is read without waking it (hdparm -C), I/O is seen in",
        "/proc/diskstats, and the disks stay awake while the NameNode reports low-redundancy blocks or a",
        "decommission. The kernel holds I/O on a sleeping disk until it has spun up (HDFS never sees it go away).",
        "Restartable: spin-ups counted against each disk's daily budget are kept in --state-dir.",
        "For the embedded cluster use `strata cluster up --preset energy --power` (emulated disks)."})
final class PowerRunCommand implements Callable<Integer> {
  @Option(names = "--backup", paramLabel = "DIR", required = true,
      description = "a backup volume's data directory (repeat); must be on a rotational disk that is not the system "
          + "disk")
  List<Path> backups;

  @Option(names = "--primary", paramLabel = "DIR",
      description = "a primary volume's directory, accounted only (repeat)")
  List<Path> primaries = new ArrayList<>();

  @Option(names = "--backup-device", paramLabel = "PROFILE", defaultValue = "hdd",
      description = "device profile of the backup disks, for their powers and spin-up (default: ${DEFAULT-VALUE})")
  String backupDevice;

  @Option(names = "--primary-device", paramLabel = "PROFILE", defaultValue = "hdd",
      description = "device profile of the primary disks (default: ${DEFAULT-VALUE})")
  String primaryDevice;

  @Option(names = "--namenode", paramLabel = "URL", required = true,
      description = "the NameNode web UI, e.g. http://nn:9870 (its JMX says when blocks are low on redundancy)")
  URI nameNode;

  @Option(names = "--conf", paramLabel = "DIR",
      description = "Hadoop client configuration directory, which says whether Kerberos is on (default: "
          + "$HADOOP_CONF_DIR)")
  Path confDir;

  @Mixin
  KerberosLogin kerberos;

  @Option(names = "--state-dir", paramLabel = "DIR", required = true,
      description = "where the state (spin-up budgets) and status files go")
  Path stateDir;

  @Option(names = "--idle-timeout", paramLabel = "DURATION",
      description = "idle time before standby (default: the disk's break-even time or --floor, the least allowed)")
  DurationArg idleTimeout;

  @Option(names = "--floor", paramLabel = "DURATION", defaultValue = "0s",
      description = "the least idle timeout the operator allows (default: ${DEFAULT-VALUE})")
  DurationArg floor;

  @Option(names = "--daily-budget", paramLabel = "N",
      description = "spin-ups a disk may do a day (default: its rated start/stop cycles over its service life)")
  Integer dailyBudget;

  @Option(names = "--hdparm", paramLabel = "PATH", defaultValue = "hdparm",
      description = "the hdparm executable (default: ${DEFAULT-VALUE}, on PATH)")
  String hdparm;

  @Option(names = "--tool-timeout", paramLabel = "DURATION", defaultValue = "10s",
      description = "how long an hdparm call may take before it is killed and counted (default: ${DEFAULT-VALUE})")
  DurationArg toolTimeout;

  @Option(names = "--host", paramLabel = "NAME", description = "this DataNode's host name (default: this machine's)")
  String host;

  @Option(names = "--write-group", paramLabel = "SIZE/PERIOD", defaultValue = "off",
      description = {"the NameNode's strata.energy.write-group, e.g. 25%%/1h: this host's backups stay awake through "
          + "its turns in the group (woken a spin-up ahead) and may sleep between them; --host must be the name "
          + "the NameNode knows the DataNode by (default: ${DEFAULT-VALUE})"})
  String writeGroup;

  @Option(names = "--tick", paramLabel = "DURATION", defaultValue = "5s",
      description = "how often the disks are looked at (default: ${DEFAULT-VALUE})")
  DurationArg tick;

  @Override
  public Integer call() throws Exception {
    Optional<WriteGroup> group = WriteGroups.parse(writeGroup, "--write-group");
    // The NameNode's JMX is read over SPNEGO when the configuration turns Kerberos on.
    Configuration conf = HdfsConnection.configuration(HdfsConnection.configDir(confDir), null);
    kerberos.login(conf);
    DeviceCatalog catalog = DeviceCatalog.builtin();
    DeviceProfile backup = catalog.get(backupDevice);
    DeviceProfile primary = catalog.get(primaryDevice);
    if (!backup.canSpinDown()) {
      throw new ConfigException("--backup-device " + backupDevice + " has no standby state that saves power");
    }
    String hostName = host != null ? host : InetAddress.getLocalHost().getHostName();
    List<PoweredVolume> volumes = new ArrayList<>();
    for (Path dir : primaries) {
      volumes.add(new PoweredVolume(dir.toAbsolutePath().toString(), hostName, dir.toAbsolutePath(), primary, false));
    }
    for (Path dir : backups) {
      volumes.add(new PoweredVolume(dir.toAbsolutePath().toString(), hostName, dir.toAbsolutePath(), backup, true));
    }
    HdparmDriver driver;
    try {
      driver = new HdparmDriver(volumes, hdparm, toolTimeout.duration(), BlockDevices.HOST);
    } catch (IllegalArgumentException e) {
      throw new ConfigException("--backup: " + e.getMessage());
    }
    PowerManager.Settings settings = new PowerManager.Settings(idleTimeout == null ? null : idleTimeout.duration(),
        floor.duration(), dailyBudget, tick.duration(), stateDir, true,
        io.strata.core.energy.NodePower.THESIS_MIDPOINT);
    PowerManager manager = new PowerManager(volumes, settings, driver, RedundancyWatch.nameNodeJmx(nameNode, conf),
        PowerManager.WALL_CLOCK);
    if (group.isPresent()) {
      manager.useWriteGroup(group.get(), DataNodeList.nameNodeJmx(nameNode, conf));
    }
    System.out.printf("strata power run on %s: %d backup volume(s), driver hdparm, state in %s%n", hostName,
        backups.size(), stateDir);
    group.ifPresent(g -> System.out.printf("  %s%n", g.describe()));
    for (PoweredVolume volume : volumes) {
      if (volume.backup()) {
        System.out.printf("  %s on %s: %s%n", volume.directory(), driver.disk(volume).orElseThrow().deviceFile(),
            manager.state(volume.id()));
      }
    }
    CountDownLatch stop = new CountDownLatch(1);
    for (String signal : List.of("INT", "TERM")) {
      try {
        Signal.handle(new Signal(signal), s -> stop.countDown());
      } catch (IllegalArgumentException e) {
        // not available here: Ctrl-C ends the JVM, and the state file is at most one tick old
      }
    }
    Map<String, PowerState> last = new HashMap<>();
    try (manager) {
      while (!stop.await(tick.millis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
        manager.tick();
        for (PoweredVolume volume : volumes) {
          PowerState now = manager.state(volume.id());
          if (volume.backup() && last.put(volume.id(), now) != now) {
            System.out.printf("%s %s: %s%n", java.time.LocalTime.now().withNano(0), volume.directory(),
                now.name().toLowerCase(java.util.Locale.ROOT));
          }
        }
      }
    }
    return 0;
  }
}
