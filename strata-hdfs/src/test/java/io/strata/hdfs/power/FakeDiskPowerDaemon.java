package io.strata.hdfs.power;

import io.strata.core.device.DeviceProfile;
import io.strata.core.spec.SpecParser;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The smallest real power daemon, for tests that kill it: its own JVM owning a state directory, the {@code hdparm}
 * driver over one backup disk of a fake host (a {@code /proc} and {@code /sys} under a directory, and an
 * {@code hdparm} script keeping the drive's state in a file, which outlives the daemon as a real drive's does), the
 * NameNode's JMX for redundancy. Prints {@code state STATE} once it has read the disk's state, then ticks until killed.
 *
 * <p>Arguments: spec file (its first backup volume's device is the disk's profile), state dir, fake root, hdparm
 * script, tool timeout in ms, NameNode web UI, the backup volume's directory.
 */
public final class FakeDiskPowerDaemon {
  private FakeDiskPowerDaemon() {}

  public static void main(String[] args) throws Exception {
    DeviceProfile device = SpecParser.parse(Path.of(args[0])).nodes().get(0).volumes().stream()
        .filter(v -> v.backup()).findFirst().orElseThrow().device();
    PoweredVolume volume = new PoweredVolume(FakeDisk.VOLUME_ID, "e1", Path.of(args[6]), device, true);
    HdparmDriver driver = new HdparmDriver(List.of(volume), args[3], Duration.ofMillis(Long.parseLong(args[4])),
        new BlockDevices(Path.of(args[2])));
    PowerManager manager = new PowerManager(List.of(volume), PowerManager.Settings.defaults(Path.of(args[1]))
        .withIdleTimeout(Duration.ofSeconds(2)).withTick(Duration.ofMillis(200)), driver,
        RedundancyWatch.nameNodeJmx(URI.create(args[5])), PowerManager.WALL_CLOCK);
    System.out.println("state " + manager.state(volume.id()));
    System.out.flush();
    manager.start();
    Thread.sleep(Long.MAX_VALUE);
  }
}
