package io.strata.dashboard.pages;

import io.strata.dashboard.DashboardPage;
import io.strata.dashboard.Endpoint;
import io.strata.hdfs.autotier.JournalSummary;
import java.util.Map;

/** The autotier daemon's journal: {@code strata autotier journal --json}. */
public final class JournalPage implements DashboardPage {
  @Override
  public String id() {
    return "journal";
  }

  @Override
  public String title() {
    return "Autotier journal";
  }

  @Override
  public Map<String, Endpoint> endpoints() {
    return Map.of("", (context, query) -> JournalSummary.read(context.fs()));
  }
}
