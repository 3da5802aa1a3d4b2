package io.strata.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.device.DeviceCatalog;
import io.strata.core.device.DeviceProfile;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata devices}: the built-in device profiles. */
@Command(name = "devices", mixinStandardHelpOptions = true,
    description = {"List the built-in device profiles (bandwidth, IOPS, power, cost).",
        "With --sources, also where each number comes from."})
final class DevicesCommand implements Callable<Integer> {
  @Option(names = "--json", description = "print JSON")
  boolean json;

  @Option(names = "--sources", description = "print the source of every number")
  boolean sources;

  @Override
  public Integer call() throws Exception {
    DeviceCatalog catalog = DeviceCatalog.builtin();
    if (json) {
      System.out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(catalog.all()));
      return 0;
    }
    System.out.printf("%-14s %-8s %8s %8s %8s %7s %6s %8s %8s %7s%n",
        "device", "type", "read MB/s", "write", "IOPS", "active W", "idle W", "standby W", "wake s", "$/GB");
    for (DeviceProfile d : catalog.all()) {
      System.out.printf("%-14s %-8s %9.0f %8.0f %8.0f %8.1f %6.2f %9.2f %8.0f %7.3f%s%n",
          d.name(), d.storageKind(), d.readMBps(), d.writeMBps(), d.iops(), d.activeWatts(), d.idleWatts(),
          d.standbyWatts(), d.spinUpSeconds(), d.costPerGB(),
          d.internallyRedundant() ? "  (internally redundant)" : "");
      if (sources) {
        d.sources().forEach((field, source) -> System.out.printf("    %-20s %s%n", field, source));
      }
    }
    return 0;
  }
}
