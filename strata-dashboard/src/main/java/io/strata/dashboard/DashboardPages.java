package io.strata.dashboard;

import io.strata.dashboard.pages.EnergyPage;
import io.strata.dashboard.pages.JournalPage;
import io.strata.dashboard.pages.PlacementPage;
import io.strata.dashboard.pages.PopularityPage;
import io.strata.dashboard.pages.ReadsPage;
import io.strata.dashboard.pages.TiersPage;
import java.time.Duration;
import java.util.List;

/** The pages a dashboard serves, in the order of its menu. A new page is one line here. */
public final class DashboardPages {
  private DashboardPages() {}

  /**
   * Fresh instances, since pages may keep state between requests.
   *
   * @param readSamples how often the read counters are sampled for the reads-over-time charts
   */
  public static List<DashboardPage> standard(Duration readSamples) {
    return List.of(
        new TiersPage(),
        new PlacementPage(),
        new ReadsPage(readSamples),
        new PopularityPage(),
        new JournalPage(),
        new EnergyPage());
  }
}
