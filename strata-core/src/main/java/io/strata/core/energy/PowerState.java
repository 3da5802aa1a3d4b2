package io.strata.core.energy;

/** The power states of a volume the power manager drives. */
public enum PowerState {
  /** Spun up and transferring data. */
  ACTIVE,
  /** Spun up, no I/O in flight; the idle timer runs. */
  IDLE,
  /** Spun down: the lowest-power state; the next I/O waits for a spin-up. */
  STANDBY,
  /** Between standby and ready; I/O waits until the spin-up ends. */
  SPINNING_UP
}
