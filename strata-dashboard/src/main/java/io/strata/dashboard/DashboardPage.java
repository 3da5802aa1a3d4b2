package io.strata.dashboard;

import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;

/**
 * One page of the dashboard. Its id names its place in the page ({@code #ID}), its script ({@code web/pages/ID.js},
 * which draws it from the JSON) and its endpoints: {@code /api/ID} for the key {@code ""}, which returns what the
 * matching command prints with {@code --json}, and {@code /api/ID/NAME} for any other.
 */
public interface DashboardPage {
  String id();

  String title();

  /** The page's endpoints by name; {@code ""} is the page's own. */
  Map<String, Endpoint> endpoints();

  /** Starts what the page keeps up between requests (a history of samples); nothing by default. */
  default void start(DashboardContext context, ScheduledExecutorService timer) {}
}
