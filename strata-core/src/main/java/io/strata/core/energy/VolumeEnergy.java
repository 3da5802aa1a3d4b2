package io.strata.core.energy;

import io.strata.core.device.DeviceProfile;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * What one volume (or a sum of volumes) spent: seconds in each power state, spin-ups by cause, the stalls I/O waited
 * for spin-ups, and joules from the device profile's powers.
 *
 * <p>Joules = active W x active s + idle W x idle s + standby W x standby s + spin-ups x spin-up J. The time spent
 * spinning up is covered by the spin-up energy, so it adds nothing more.
 *
 * @param secondsByState         seconds spent in each state
 * @param spinUpsByCause         spin-ups from standby, by what caused them
 * @param stallSecondsByCause    seconds that I/O waited for a spin-up, by the I/O's cause
 * @param stalledIos             I/O operations that had to wait for a spin-up
 * @param unusedPredictedSpinUps predicted spin-ups after which no I/O came before the volume slept again
 * @param joules                 energy spent
 */
public record VolumeEnergy(
    Map<PowerState, Double> secondsByState,
    Map<WakeCause, Integer> spinUpsByCause,
    Map<WakeCause, Double> stallSecondsByCause,
    long stalledIos,
    long unusedPredictedSpinUps,
    double joules) {

  /** Nothing spent. */
  public static final VolumeEnergy NONE = new VolumeEnergy(Map.of(), Map.of(), Map.of(), 0, 0, 0);

  public VolumeEnergy {
    secondsByState = frozen(secondsByState, PowerState.class);
    spinUpsByCause = frozen(spinUpsByCause, WakeCause.class);
    stallSecondsByCause = frozen(stallSecondsByCause, WakeCause.class);
  }

  /**
   * A volume that never sleeps: {@code busySeconds} active, the rest of {@code totalSeconds} idle. Native HDFS's
   * disks and the always-on primary volumes.
   */
  public static VolumeEnergy alwaysOn(DeviceProfile device, double busySeconds, double totalSeconds) {
    double busy = Math.min(Math.max(0, busySeconds), totalSeconds);
    Map<PowerState, Double> seconds = new EnumMap<>(PowerState.class);
    seconds.put(PowerState.ACTIVE, busy);
    seconds.put(PowerState.IDLE, totalSeconds - busy);
    return new VolumeEnergy(seconds, Map.of(), Map.of(), 0, 0, joules(device, seconds, 0));
  }

  /** The energy of the given state times and spin-ups on {@code device}. */
  static double joules(DeviceProfile device, Map<PowerState, Double> seconds, long spinUps) {
    return seconds.getOrDefault(PowerState.ACTIVE, 0.0) * device.activeWatts()
        + seconds.getOrDefault(PowerState.IDLE, 0.0) * device.idleWatts()
        + seconds.getOrDefault(PowerState.STANDBY, 0.0) * device.standbyWatts()
        + spinUps * device.spinUpJoules();
  }

  public double seconds(PowerState state) {
    return secondsByState.getOrDefault(state, 0.0);
  }

  public int spinUps(WakeCause cause) {
    return spinUpsByCause.getOrDefault(cause, 0);
  }

  public long totalSpinUps() {
    long total = 0;
    for (int n : spinUpsByCause.values()) {
      total += n;
    }
    return total;
  }

  public double totalStallSeconds() {
    double total = 0;
    for (double s : stallSecondsByCause.values()) {
      total += s;
    }
    return total;
  }

  /** The wall time accounted for: the sum over all states. */
  public double totalSeconds() {
    double total = 0;
    for (double s : secondsByState.values()) {
      total += s;
    }
    return total;
  }

  /** Average power over the time accounted for; 0 for none. */
  public double averageWatts() {
    double t = totalSeconds();
    return t > 0 ? joules / t : 0;
  }

  /** The sum of this and {@code other}: for a node's disks, a tier, or a whole cluster. */
  public VolumeEnergy plus(VolumeEnergy other) {
    Map<PowerState, Double> seconds = new EnumMap<>(PowerState.class);
    seconds.putAll(secondsByState);
    other.secondsByState.forEach((k, v) -> seconds.merge(k, v, Double::sum));
    Map<WakeCause, Integer> spinUps = new EnumMap<>(WakeCause.class);
    spinUps.putAll(spinUpsByCause);
    other.spinUpsByCause.forEach((k, v) -> spinUps.merge(k, v, Integer::sum));
    Map<WakeCause, Double> stalls = new EnumMap<>(WakeCause.class);
    stalls.putAll(stallSecondsByCause);
    other.stallSecondsByCause.forEach((k, v) -> stalls.merge(k, v, Double::sum));
    return new VolumeEnergy(seconds, spinUps, stalls, stalledIos + other.stalledIos,
        unusedPredictedSpinUps + other.unusedPredictedSpinUps, joules + other.joules);
  }

  private static <K extends Enum<K>, V> Map<K, V> frozen(Map<K, V> map, Class<K> type) {
    EnumMap<K, V> copy = new EnumMap<>(type);
    if (map != null) {
      copy.putAll(map);
    }
    return Collections.unmodifiableMap(copy);
  }
}
