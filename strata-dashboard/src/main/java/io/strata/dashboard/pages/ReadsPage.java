package io.strata.dashboard.pages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.dashboard.DashboardContext;
import io.strata.dashboard.DashboardPage;
import io.strata.dashboard.Endpoint;
import io.strata.hdfs.retrieval.ReadCounts;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads per tier and per locality class as the NameNode's read-ordering plugin counts them (hatS Fig. 6):
 * {@code strata report --reads --json} now, and the counters sampled over time since the dashboard started.
 */
public final class ReadsPage implements DashboardPage {
  private static final Logger LOG = LoggerFactory.getLogger(ReadsPage.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Samples kept: an hour at the default of one every 5 s. */
  static final int KEPT = 720;

  private final Duration every;
  private final Deque<ObjectNode> samples = new ArrayDeque<>();
  private String lastFailure;

  public ReadsPage(Duration every) {
    this.every = every;
  }

  @Override
  public String id() {
    return "reads";
  }

  @Override
  public String title() {
    return "Reads";
  }

  @Override
  public Map<String, Endpoint> endpoints() {
    return Map.of("", (context, query) -> JSON.readTree(ReadCounts.fetch(context.conf()).json()),
        "history", (context, query) -> history());
  }

  @Override
  public void start(DashboardContext context, ScheduledExecutorService timer) {
    timer.scheduleWithFixedDelay(() -> sample(context), 0, every.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void sample(DashboardContext context) {
    try {
      JsonNode counts = JSON.readTree(ReadCounts.fetch(context.conf()).json());
      ObjectNode sample = JSON.createObjectNode().put("time", System.currentTimeMillis());
      sample.setAll((ObjectNode) counts);
      synchronized (this) {
        samples.addLast(sample);
        while (samples.size() > KEPT) {
          samples.removeFirst();
        }
        lastFailure = null;
      }
    } catch (Exception e) {
      // The page shows it; the log gets each new failure once, not every few seconds.
      synchronized (this) {
        if (!String.valueOf(e.getMessage()).equals(lastFailure)) {
          LOG.warn("dashboard: sampling the read counters failed: {}", e.toString());
        }
        lastFailure = String.valueOf(e.getMessage());
      }
    }
  }

  /** The samples, oldest first: each the cumulative counts at {@code time} (epoch milliseconds). */
  private synchronized JsonNode history() {
    ObjectNode root = JSON.createObjectNode();
    root.put("intervalMillis", every.toMillis());
    if (lastFailure != null) {
      root.put("lastFailure", lastFailure);
    }
    ArrayNode list = root.putArray("samples");
    samples.forEach(list::add);
    return root;
  }
}
