package io.strata.sim.power;

import io.strata.core.config.ConfigException;
import io.strata.core.energy.FutureDemand;
import io.strata.core.energy.NodePower;
import io.strata.core.energy.WakePredictors;
import io.strata.core.energy.WriteGroup;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How a run accounts for energy and, with standby, drives each backup volume's power state through the decision
 * core ({@link io.strata.core.energy.VolumePower}).
 *
 * @param standby            false: every disk stays spun up (native HDFS), energy is only accounted; true: backup
 *                           volumes go to standby after the idle timeout
 * @param idleTimeoutSeconds the idle timeout of backup volumes (checked against each disk's break-even time)
 * @param predictor          the wake predictor's name in {@link WakePredictors#STANDARD}
 * @param pollSeconds        how often the predictor is asked while jobs run
 * @param nodePower          each node's power besides its data disks
 * @param future             for the {@code oracle} predictor: the future backup demand, made when the run starts;
 *                           null otherwise
 * @param recorder           where to record each backup volume's I/O times (for an oracle run to come); may be null
 * @param writeGroup         with standby: the write group whose backups take new backup replicas and stay awake
 *                           through their turn; null for none (backup replicas go to any backup)
 */
public record PowerSettings(boolean standby, double idleTimeoutSeconds, String predictor, double pollSeconds,
    NodePower nodePower, Supplier<FutureDemand> future, DemandRecorder recorder, WriteGroup writeGroup) {

  /** Seconds between the predictor's looks, like a power-manager daemon polling job progress. */
  public static final double DEFAULT_POLL_SECONDS = 10;

  public PowerSettings {
    Objects.requireNonNull(nodePower, "nodePower");
    if (standby) {
      if (!(pollSeconds > 0) || Double.isInfinite(pollSeconds)) {
        throw new ConfigException("predictor poll interval " + pollSeconds + " s: must be a finite number > 0");
      }
      if (!WakePredictors.NAMES.contains(predictor)) {
        WakePredictors.parse(predictor, new WakePredictors.Context(pollSeconds, null)); // names the choices
      }
    }
  }

  /** Native HDFS: all disks always spun up; node and disk energy accounted. */
  public static PowerSettings alwaysOn(NodePower nodePower) {
    return new PowerSettings(false, 0, "reactive", DEFAULT_POLL_SECONDS, nodePower, null, null, null);
  }

  /** Backup volumes sleep after {@code idleTimeoutSeconds}, woken by I/O and by {@code predictor}. */
  public static PowerSettings standby(double idleTimeoutSeconds, String predictor, NodePower nodePower) {
    return new PowerSettings(true, idleTimeoutSeconds, predictor, DEFAULT_POLL_SECONDS, nodePower, null, null,
        null);
  }

  public PowerSettings withFuture(Supplier<FutureDemand> value) {
    return new PowerSettings(standby, idleTimeoutSeconds, predictor, pollSeconds, nodePower, value, recorder,
        writeGroup);
  }

  public PowerSettings recordingInto(DemandRecorder value) {
    return new PowerSettings(standby, idleTimeoutSeconds, predictor, pollSeconds, nodePower, future, value,
        writeGroup);
  }

  /** Backup replicas prefer {@code group}'s backups, which stay awake through their turn. */
  public PowerSettings withWriteGroup(WriteGroup group) {
    if (!standby) {
      throw new ConfigException("a write group needs backups that sleep (standby)");
    }
    return new PowerSettings(standby, idleTimeoutSeconds, predictor, pollSeconds, nodePower, future, recorder, group);
  }

  /** A short description for run labels and reports. */
  public String describe() {
    if (!standby) {
      return "always on";
    }
    return "standby after " + minutes(idleTimeoutSeconds) + ", " + predictor + " waking"
        + (writeGroup == null ? "" : ", write group " + writeGroup.parameters());
  }

  static String minutes(double seconds) {
    return seconds % 60 == 0 ? (long) (seconds / 60) + " min" : String.format(Locale.ROOT, "%.0f s",
        seconds);
  }
}
