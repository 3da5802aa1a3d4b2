package io.strata.sim.engine;

import java.util.ArrayDeque;

/** The simulated time, and the events due now that run before it moves on. */
final class EventClock {
  private final ArrayDeque<Runnable> due = new ArrayDeque<>();
  private double now;

  double now() {
    return now;
  }

  void advanceTo(double time) {
    now = time;
  }

  /** Runs {@code event} at the current time, after the event being handled: for steps with no transfer to wait for. */
  void atOnce(Runnable event) {
    due.add(event);
  }

  /** Runs the first event due now; false when there is none. */
  boolean runDue() {
    Runnable event = due.poll();
    if (event == null) {
      return false;
    }
    event.run();
    return true;
  }
}
