package io.strata.core.energy;

import io.strata.core.config.ConfigException;
import io.strata.core.device.DeviceProfile;
import java.util.Locale;

/**
 * The guards on putting one kind of disk into standby: an idle timeout that never goes below the disk's break-even
 * time or the operator's floor, and a daily spin-up budget drawn from the disk's rated start/stop cycles.
 *
 * @param device              the disk these guards are for
 * @param idleTimeoutSeconds  how long a volume must be idle before it may enter standby
 * @param floorSeconds        the operator's lower limit on the timeout (0 when none is set)
 * @param dailySpinUpBudget   spin-ups allowed in any 24 hours; once used up the disk stays awake.
 *                            {@link Integer#MAX_VALUE} when the device has no start/stop rating
 */
public record StandbyRule(DeviceProfile device, double idleTimeoutSeconds, double floorSeconds, int dailySpinUpBudget) {
  /** Seconds in the window the spin-up budget is counted over. */
  public static final double DAY_SECONDS = 86_400;

  private static final double DAYS_PER_YEAR = 365.25;

  public StandbyRule {
    if (!device.canSpinDown()) {
      throw new ConfigException("device '" + device.name() + "' has no standby state that saves power (standby "
          + device.standbyWatts() + " W, idle " + device.idleWatts() + " W, spin-up " + device.spinUpSeconds()
          + " s): it cannot be put to sleep");
    }
    if (!(floorSeconds >= 0) || Double.isInfinite(floorSeconds)) {
      throw new ConfigException("standby floor " + floorSeconds + " s: must be a finite number of seconds >= 0");
    }
    if (!(idleTimeoutSeconds > 0) || Double.isInfinite(idleTimeoutSeconds)) {
      throw new ConfigException("idle timeout " + idleTimeoutSeconds + " s: must be a finite number of seconds > 0");
    }
    double breakEven = breakEvenSeconds(device);
    if (idleTimeoutSeconds < breakEven) {
      throw new ConfigException(String.format(Locale.ROOT,
          "idle timeout %s for device '%s' is below its break-even time %s (spin-up %.0f J / (idle %.2f W - "
              + "standby %.2f W)): sleeping for less than that costs more energy than it saves",
          seconds(idleTimeoutSeconds), device.name(), seconds(breakEven), device.spinUpJoules(),
          device.idleWatts(), device.standbyWatts()));
    }
    if (idleTimeoutSeconds < floorSeconds) {
      throw new ConfigException("idle timeout " + seconds(idleTimeoutSeconds) + " for device '" + device.name()
          + "' is below the operator's floor " + seconds(floorSeconds));
    }
    int rated = ratedDailySpinUps(device);
    if (dailySpinUpBudget < 1) {
      throw new ConfigException("daily spin-up budget " + dailySpinUpBudget + " for device '" + device.name()
          + "': must be at least 1");
    }
    if (dailySpinUpBudget > rated) {
      throw new ConfigException("daily spin-up budget " + dailySpinUpBudget + " for device '" + device.name()
          + "' is above its rating of " + rated + " a day (" + device.ratedStartStops() + " start/stop cycles over "
          + device.serviceLifeYears() + " years)");
    }
  }

  /** The guards for {@code device} with the budget its rating allows. */
  public static StandbyRule of(DeviceProfile device, double idleTimeoutSeconds, double floorSeconds) {
    return new StandbyRule(device, idleTimeoutSeconds, floorSeconds, ratedDailySpinUps(device));
  }

  /** The same guards with a smaller daily budget than the rating allows (an operator's choice). */
  public StandbyRule withDailyBudget(int spinUps) {
    return new StandbyRule(device, idleTimeoutSeconds, floorSeconds, spinUps);
  }

  /**
   * How long a disk must stay in standby for the sleep to pay for its spin-up: the spin-up energy over the power
   * standby saves each second. Infinite for a device without a saving standby state.
   */
  public static double breakEvenSeconds(DeviceProfile device) {
    double saved = device.idleWatts() - device.standbyWatts();
    return saved > 0 ? device.spinUpJoules() / saved : Double.POSITIVE_INFINITY;
  }

  /**
   * Spin-ups a day the device's rating allows: its rated start/stop cycles spread evenly over its service life.
   * {@link Integer#MAX_VALUE} for a device without a rating.
   */
  public static int ratedDailySpinUps(DeviceProfile device) {
    if (!device.hasStartStopRating()) {
      return Integer.MAX_VALUE;
    }
    return (int) Math.max(1, Math.floor(device.ratedStartStops() / (device.serviceLifeYears() * DAYS_PER_YEAR)));
  }

  /** The smallest idle timeout these guards accept for {@code device}: its break-even time or the floor. */
  public static double minimumTimeoutSeconds(DeviceProfile device, double floorSeconds) {
    return Math.max(breakEvenSeconds(device), floorSeconds);
  }

  /** True when the device has a start/stop rating, so the budget binds. */
  public boolean budgeted() {
    return dailySpinUpBudget != Integer.MAX_VALUE;
  }

  private static String seconds(double s) {
    return String.format(Locale.ROOT, "%.1f s", s);
  }
}
