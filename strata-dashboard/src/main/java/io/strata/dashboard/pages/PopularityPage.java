package io.strata.dashboard.pages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.dashboard.DashboardContext;
import io.strata.dashboard.DashboardPage;
import io.strata.dashboard.Endpoint;
import io.strata.dashboard.NotConfiguredException;
import io.strata.dashboard.PlanSource;
import java.time.Duration;
import java.util.Map;

/**
 * Hot and cold files, their predicted popularity and the change AptStore plans: {@code strata autotier plan --json}
 * over the audit log the dashboard was given.
 */
public final class PopularityPage implements DashboardPage {
  /** A plan reads the whole audit log: pages refreshing every few seconds share one this recent. */
  static final Duration REUSE = Duration.ofSeconds(10);

  private JsonNode last;
  private long lastNanos;

  @Override
  public String id() {
    return "popularity";
  }

  @Override
  public String title() {
    return "Hot and cold files";
  }

  @Override
  public Map<String, Endpoint> endpoints() {
    return Map.of("", (context, query) -> plan(context), "source", (context, query) -> source(context));
  }

  private synchronized JsonNode plan(DashboardContext context) throws Exception {
    PlanSource plans = context.plans().orElseThrow(() -> new NotConfiguredException(
        "no audit log given: start the dashboard with --audit-log FILE (the NameNode's audit log) to see popularity "
            + "and AptStore's plan"));
    if (last == null || System.nanoTime() - lastNanos > REUSE.toNanos()) {
      last = plans.plan(context.fs(), context.tiers().forReport()).json();
      lastNanos = System.nanoTime();
    }
    return last;
  }

  private static JsonNode source(DashboardContext context) {
    ObjectNode node = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
    node.put("configured", context.plans().isPresent());
    node.put("description", context.plans().map(PlanSource::description).orElse(null));
    return node;
  }
}
