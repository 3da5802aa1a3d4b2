package io.strata.core.energy;

import io.strata.core.device.DeviceProfile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The power state machine of one volume, and the one place Strata decides whether a volume may sleep. The HDFS
 * power manager and the simulator both drive it; neither decides on its own.
 *
 * <p>Clock-free: every call takes the current time in seconds, from the simulator's event clock or the daemon's
 * wall clock. Time never runs backwards here: an earlier time than the last one seen is taken as the last one.
 *
 * <p>An adapter with a real disk asks {@link #mayEnterStandby}, puts the disk to sleep, and only when that worked
 * calls {@link #enterStandby}; I/O that reaches the volume is reported with {@link #ioStarted} (which says how long
 * it must wait for a spin-up) and {@link #ioFinished}. Not thread-safe: the caller serialises calls.
 */
public final class VolumePower {
  private final String volume;
  private final StandbyRule rule;
  private final DeviceProfile device;

  private PowerState state;
  private double accountedUntil;
  private double lastActivity;
  private double spinUpEnd;
  private int inFlight;
  private boolean predictedWakeUnused;
  private final Set<WakeCause> holds = EnumSet.noneOf(WakeCause.class);
  private final Deque<Double> recentSpinUps = new ArrayDeque<>();

  private final Map<PowerState, Double> seconds = new EnumMap<>(PowerState.class);
  private final Map<WakeCause, Integer> spinUps = new EnumMap<>(WakeCause.class);
  private final Map<WakeCause, Double> stalls = new EnumMap<>(WakeCause.class);
  private long stalledIos;
  private long unusedPredictedSpinUps;
  private long totalSpinUps;

  /**
   * A volume found in {@code initial} state at {@code now} (ACTIVE and SPINNING_UP are taken as IDLE: nothing is in
   * flight yet). Its idle timer starts at {@code now}.
   *
   * @param volume a name for messages, e.g. {@code dn3:/data/backup}
   */
  public VolumePower(String volume, StandbyRule rule, double now, PowerState initial) {
    this.volume = volume;
    this.rule = rule;
    this.device = rule.device();
    this.state = initial == PowerState.STANDBY ? PowerState.STANDBY : PowerState.IDLE;
    this.accountedUntil = now;
    this.lastActivity = now;
  }

  /** A volume that is awake and idle at {@code now}. */
  public VolumePower(String volume, StandbyRule rule, double now) {
    this(volume, rule, now, PowerState.IDLE);
  }

  public String volume() {
    return volume;
  }

  public StandbyRule rule() {
    return rule;
  }

  /**
   * Spin-ups from an earlier run of the power manager (e.g. before a restart), so the daily budget keeps counting
   * them. Times older than a day are ignored.
   */
  public void restoreSpinUps(Collection<Double> times, double now) {
    List<Double> sorted = new ArrayList<>(times);
    sorted.addAll(recentSpinUps);
    sorted.sort(Double::compare);
    recentSpinUps.clear();
    recentSpinUps.addAll(sorted);
    pruneBudget(now);
  }

  /** Times of the spin-ups counted against the budget in the 24 hours before {@code now}, oldest first. */
  public List<Double> spinUpsInLastDay(double now) {
    pruneBudget(now);
    return List.copyOf(recentSpinUps);
  }

  /** The volume's state at {@code now}. */
  public PowerState state(double now) {
    advance(now);
    return state;
  }

  /**
   * I/O reaches the volume. A volume in standby starts spinning up. Returns how many seconds the I/O must wait for
   * the spin-up to end (0 when the volume is spun up).
   */
  public double ioStarted(double now, WakeCause cause) {
    now = advance(now);
    predictedWakeUnused = false;
    inFlight++;
    double wait = 0;
    switch (state) {
      case STANDBY -> {
        beginSpinUp(now, cause);
        wait = spinUpEnd - now;
      }
      case SPINNING_UP -> wait = spinUpEnd - now;
      case IDLE -> state = PowerState.ACTIVE;
      case ACTIVE -> {
        // already transferring
      }
    }
    if (wait > 0) {
      stalls.merge(cause, wait, Double::sum);
      stalledIos++;
    }
    return wait;
  }

  /** An I/O started with {@link #ioStarted} ended; the idle timer restarts when the last one ends. */
  public void ioFinished(double now) {
    now = advance(now);
    if (inFlight == 0) {
      throw new IllegalStateException("volume " + volume + ": ioFinished without a matching ioStarted");
    }
    inFlight--;
    lastActivity = Math.max(lastActivity, state == PowerState.SPINNING_UP ? spinUpEnd : now);
    if (inFlight == 0 && state == PowerState.ACTIVE) {
      state = PowerState.IDLE;
    }
  }

  /**
   * Wakes the volume ahead of I/O (prediction, a lost primary, an operator) or keeps an awake one from sleeping
   * for another idle timeout. Returns the seconds until it is spun up.
   */
  public double wake(double now, WakeCause cause) {
    now = advance(now);
    if (state == PowerState.STANDBY) {
      beginSpinUp(now, cause);
      predictedWakeUnused = cause == WakeCause.PREDICTED;
    }
    lastActivity = Math.max(lastActivity, state == PowerState.SPINNING_UP ? spinUpEnd : now);
    return state == PowerState.SPINNING_UP ? spinUpEnd - now : 0;
  }

  /**
   * Keeps the volume awake while {@code reason} lasts (low redundancy, a decommission, a lost primary, an
   * operator's hold), waking it if it sleeps.
   */
  public void hold(double now, WakeCause reason) {
    holds.add(reason);
    wake(now, reason);
  }

  /** Ends a hold; the idle timer runs from the last activity as before. */
  public void release(double now, WakeCause reason) {
    now = advance(now);
    holds.remove(reason);
  }

  public Set<WakeCause> holds() {
    return Set.copyOf(holds);
  }

  /** True when the guards allow standby at {@code now}. */
  public boolean mayEnterStandby(double now) {
    return standbyVeto(now).isEmpty();
  }

  /** Why the volume may not enter standby at {@code now}; empty when it may. */
  public Optional<String> standbyVeto(double now) {
    now = advance(now);
    if (state == PowerState.STANDBY) {
      return Optional.of("already in standby");
    }
    if (state == PowerState.SPINNING_UP) {
      return Optional.of("spinning up");
    }
    if (inFlight > 0) {
      return Optional.of("busy: " + inFlight + " I/O in flight");
    }
    if (!holds.isEmpty()) {
      return Optional.of("held: " + holds.stream().map(c -> c.name().toLowerCase(Locale.ROOT).replace('_', ' '))
          .collect(Collectors.joining(", ")));
    }
    // The same sum as standbyDueAt, so a caller that looks at that time is never refused by rounding.
    if (now < lastActivity + rule.idleTimeoutSeconds()) {
      return Optional.of(String.format(Locale.ROOT, "idle %.0f s of the %.0f s timeout",
          Math.max(0, now - lastActivity), rule.idleTimeoutSeconds()));
    }
    pruneBudget(now);
    if (recentSpinUps.size() >= rule.dailySpinUpBudget()) {
      return Optional.of("daily spin-up budget used: " + recentSpinUps.size() + " of " + rule.dailySpinUpBudget()
          + " in the last 24 h");
    }
    return Optional.empty();
  }

  /**
   * The earliest time the idle timer lets the volume sleep, if nothing else happens: for an event-driven caller
   * to schedule its next check. Infinite while I/O is in flight, a hold lasts or the volume sleeps; the budget is
   * checked by {@link #mayEnterStandby} at that time.
   */
  public double standbyDueAt() {
    if (state == PowerState.STANDBY || inFlight > 0 || !holds.isEmpty()) {
      return Double.POSITIVE_INFINITY;
    }
    double activity = state == PowerState.SPINNING_UP ? Math.max(lastActivity, spinUpEnd) : lastActivity;
    return activity + rule.idleTimeoutSeconds();
  }

  /**
   * When the guards that keep the volume awake at {@code now} may next allow standby, if nothing else happens:
   * {@code now} when they allow it now, the end of the idle timeout, or when the oldest spin-up of the last 24
   * hours leaves the budget's window; infinite while I/O is in flight, a hold lasts or the volume sleeps. Always
   * after {@code now} when standby is refused, so a caller that looks again then makes progress.
   */
  public double standbyRecheckAt(double now) {
    if (mayEnterStandby(now)) {
      return now;
    }
    double due = standbyDueAt();
    if (due > now) {
      return due;
    }
    return recentSpinUps.isEmpty() ? Double.POSITIVE_INFINITY : recentSpinUps.peekFirst() + StandbyRule.DAY_SECONDS;
  }

  /** Puts the volume into standby if the guards allow it; returns whether it did. */
  public boolean enterStandby(double now) {
    if (!mayEnterStandby(now)) {
      return false;
    }
    if (predictedWakeUnused) {
      unusedPredictedSpinUps++;
      predictedWakeUnused = false;
    }
    state = PowerState.STANDBY;
    return true;
  }

  /** What the volume spent up to {@code now}. */
  public VolumeEnergy energy(double now) {
    now = advance(now);
    return new VolumeEnergy(seconds, spinUps, stalls, stalledIos, unusedPredictedSpinUps,
        VolumeEnergy.joules(device, seconds, totalSpinUps));
  }

  private void beginSpinUp(double now, WakeCause cause) {
    state = PowerState.SPINNING_UP;
    spinUpEnd = now + device.spinUpSeconds();
    spinUps.merge(cause, 1, Integer::sum);
    totalSpinUps++;
    recentSpinUps.addLast(now);
  }

  private void pruneBudget(double now) {
    while (!recentSpinUps.isEmpty() && recentSpinUps.peekFirst() + StandbyRule.DAY_SECONDS <= now) {
      recentSpinUps.removeFirst();
    }
  }

  /** Accounts the time since the last call to the states the volume was in, ending a spin-up that completed. */
  private double advance(double requested) {
    double now = Math.max(requested, accountedUntil);
    if (state == PowerState.SPINNING_UP && now >= spinUpEnd) {
      seconds.merge(PowerState.SPINNING_UP, spinUpEnd - accountedUntil, Double::sum);
      accountedUntil = spinUpEnd;
      state = inFlight > 0 ? PowerState.ACTIVE : PowerState.IDLE;
    }
    if (now > accountedUntil) {
      seconds.merge(state, now - accountedUntil, Double::sum);
      accountedUntil = now;
    }
    return now;
  }
}
