package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.bench.energy.EmbeddedClusterPower;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.DurationArg;
import io.strata.cli.shared.HdfsConnection;
import io.strata.cli.shared.PluginConf;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.power.EmbeddedPower;
import io.strata.hdfs.power.PowerManager;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.support.ui.WebDriverWait;
import picocli.CommandLine;

/**
 * {@code strata dashboard} as its own process against an embedded hatS cluster, its page loaded in a real headless
 * Chromium: the numbers it shows equal what {@code strata report --json} and {@code strata report --reads --json}
 * print for the same cluster, every page draws its charts without a console error, the placement page follows a
 * file being written, a move between tiers goes through only with its confirmation, and a bad path or an action on
 * a read-only dashboard is refused with a message. The energy page and {@code /api/energy} show what
 * {@code strata power status --json} prints for a power manager over the same cluster.
 *
 * <p>With {@code -Dstrata.dashboard.screenshots=DIR} it also saves a PNG of each page there (docs/dashboard.md).
 */
class DashboardIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(40);
  private static final List<String> PLACEMENT_FIELDS = List.of("files", "blocks", "replicas", "logicalBytes",
      "replicaBytes", "clusterRacks");
  private final CliRun cli = new CliRun();

  @Test
  void thePageShowsWhatTheCommandsPrintDrawsItsChartsAndFollowsTheCluster(@TempDir Path dir) throws Exception {
    ClusterChoice.Loaded hats = new ClusterChoice().load("hats");
    Path auditLog = dir.resolve("hdfs-audit.log");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(1 << 20).withAuditLog(auditLog)
        .withConf(PluginConf.forSpec(dir, hats, "/data/hot=tier-aware;/data/cold=hybrid"));
    Path shots = System.getProperty("strata.dashboard.screenshots") == null ? null
        : Path.of(System.getProperty("strata.dashboard.screenshots"));
    step("starting");
    HeadlessChromium.requireInstalled();
    // The browser starts while the cluster does, and the dashboard's JVM while the files are written.
    ExecutorService background = Executors.newSingleThreadExecutor();
    Future<HeadlessChromium> browser = background.submit(() -> HeadlessChromium.start(dir.resolve("chromium")));
    try (AutoCloseable closeBrowser = () -> browser.get().close();
         EmbeddedCluster cluster = EmbeddedCluster.start(hats.spec(), options)) {
      ClientConfigWriter.write(cluster, dir, hats.text());
      String conf = dir.toString();
      // The power manager as `cluster up --power` runs it (hatS has no backup volumes: it accounts, sleeps none).
      Path powerState = dir.resolve("power");
      EmbeddedPower power = EmbeddedClusterPower.start(cluster, PowerManager.Settings.defaults(powerState));
      Process dashboard = startDashboard(dir, conf, auditLog, powerState);
      try (power) {
        FileSystem fs = cluster.fileSystem();
        write(fs, "/data/hot/h1", 2 << 20);
        write(fs, "/data/hot/h2", 1 << 20);
        for (int i = 1; i <= 4; i++) {
          write(fs, "/data/cold/c" + i, 1 << 20);
        }
        write(fs, "/data/plain/p1", 1 << 20);
        for (int i = 0; i < 6; i++) {
          try (var in = fs.open(new org.apache.hadoop.fs.Path("/data/hot/h1"))) {
            in.readAllBytes();
          }
        }
        step("cluster up, files written");
        String url = firstLine(dashboard, dir);
        HeadlessChromium chromium = browser.get();
        var driver = chromium.driver;
        WebDriverWait wait = new WebDriverWait(driver, WAIT);

        step("dashboard at " + url + "");
        // Tiers: strata tier list --json.
        driver.get(url + "#tiers");
        wait.until(d -> !d.findElements(By.cssSelector("table[data-table=tiers] tr[data-row]")).isEmpty());
        assertEquals(0, cli.strata("tier", "list", "--json", "--conf", conf), cli.stderr());
        for (JsonNode tier : JSON.readTree(cli.stdout())) {
          String row = "table[data-table=tiers] tr[data-row='" + tier.get("tier").asText() + "'] ";
          assertEquals(tier.get("capacity").asText(), attribute(driver, row + "td[data-col=capacity]", "data-value"));
          assertEquals(tier.get("dataNodes").asText(), text(driver, row + "td[data-col=dataNodes]"));
          assertEquals(tier.get("volumes").asText(), text(driver, row + "td[data-col=volumes]"));
        }
        chartsDrawn(driver, wait, 2);
        screenshot(driver, shots, "tiers");

        step("tiers page checked");
        // A path's placement: strata report PATH --json, then the page follows a new file.
        driver.get(url + "#placement?path=/data");
        wait.until(d -> !d.findElements(By.cssSelector("table[data-table=tiers] tr[data-row]")).isEmpty());
        JsonNode report = placementMatchesReport(driver, wait, conf, "/data");
        chartsDrawn(driver, wait, 2);
        screenshot(driver, shots, "placement");
        int files = report.get("files").asInt();
        write(fs, "/data/cold/c5", 1 << 20);
        wait.until(d -> text(d, "[data-field=files]").equals(String.valueOf(files + 1)));
        report = placementMatchesReport(driver, wait, conf, "/data");
        assertEquals(files + 1, report.get("files").asInt());

        step("placement page checked");
        // Reads: strata report --reads --json. The placement page's block lookups count as reads too, so the
        // counters are compared once they stop moving (the NameNode refreshes them every 10 s).
        driver.get(url + "#reads");
        wait.until(d -> !d.findElements(By.cssSelector("table[data-table=byTier] tr[data-row]")).isEmpty());
        readsMatchReport(driver, conf);
        chartsDrawn(driver, wait, 4);
        screenshot(driver, shots, "reads");

        step("reads page checked");
        // Hot and cold files: strata autotier plan --json over the same audit log.
        driver.get(url + "#popularity");
        wait.until(d -> !d.findElements(By.cssSelector("table[data-table=hottest] tr[data-row]")).isEmpty());
        assertEquals(0, cli.strata("autotier", "plan", "--json", "--audit-log", auditLog.toString(), "--conf", conf),
            cli.stderr());
        JsonNode plan = JSON.readTree(cli.stdout());
        assertEquals("/data/hot/h1", plan.get("hottest").get(0).get("path").asText(), cli.stdout());
        assertEquals(plan.get("hottest").get(0).get("path").asText(),
            attribute(driver, "table[data-table=hottest] tbody tr:first-child", "data-row"));
        assertEquals(plan.get("files").asText(), text(driver, "[data-field=files]"));
        chartsDrawn(driver, wait, 1);
        screenshot(driver, shots, "popularity");

        step("popularity page checked");
        // The autotier journal: strata autotier journal --json (no daemon ran: nothing in it).
        driver.get(url + "#journal");
        wait.until(d -> !d.findElements(By.cssSelector("table[data-table=finished]")).isEmpty());
        assertEquals(0, cli.strata("autotier", "journal", "--json", "--conf", conf), cli.stderr());
        JsonNode journal = JSON.readTree(cli.stdout());
        assertEquals(journal.get("unfinished").size(), Integer.parseInt(text(driver, "[data-field=unfinished]")));
        assertEquals(journal.get("finished").size(), Integer.parseInt(text(driver, "[data-field=finished]")));
        chartsDrawn(driver, wait, 1);
        screenshot(driver, shots, "journal");

        step("journal page checked");
        // Energy: strata power status --json, every volume of the cluster with its state.
        driver.get(url + "#energy");
        wait.until(d -> !d.findElements(By.cssSelector("table[data-table=volumes] tr[data-row]")).isEmpty());
        assertEquals(cluster.volumes().size(),
            driver.findElements(By.cssSelector("table[data-table=volumes] tr[data-row]")).size());
        chartsDrawn(driver, wait, 2);
        screenshot(driver, shots, "energy");
        power.close();
        assertEquals(0, cli.strata("power", "status", "--state-dir", powerState.toString(), "--json"), cli.stderr());
        JsonNode printed = JSON.readTree(cli.stdout());
        assertEquals(printed, JSON.readTree(get(URI.create(url).resolve("/api/energy")).body()),
            "/api/energy is what strata power status --json prints");
        String volume = printed.get("volumes").get(0).get("id").asText();
        String joules = "table[data-table=volumes] tr[data-row='" + volume + "'] td[data-col=joules]";
        wait.until(d -> String.valueOf(printed.get("volumes").get(0).get("joules").asDouble())
            .equals(String.valueOf(Double.parseDouble(attribute(d, joules, "data-value")))));
        assertEquals(printed.get("totals").get("volumesInStandby").asText(),
            attribute(driver, "[data-field=volumesInStandby]", "data-value"));

        List<String> errors = chromium.errors();
        assertTrue(errors.isEmpty(), "console errors: " + errors);

        step("energy page checked");
        // A move between tiers, prepared and then confirmed on the page (the dashboard runs --allow-actions).
        driver.get(url + "#placement?path=/data/plain/p1");
        wait.until(d -> !d.findElements(By.id("move-form")).isEmpty());
        new org.openqa.selenium.support.ui.Select(driver.findElement(By.cssSelector("#move-form select[name=from]")))
            .selectByValue("hdd");
        new org.openqa.selenium.support.ui.Select(driver.findElement(By.cssSelector("#move-form select[name=to]")))
            .selectByValue("pcie-ssd");
        driver.findElement(By.cssSelector("#move-form button[type=submit]")).click();
        wait.until(d -> !d.findElements(By.id("confirm-move")).isEmpty());
        assertEquals(0, cli.strata("report", "/data/plain/p1", "--json", "--conf", conf));
        assertEquals(0, replicasOn(JSON.readTree(cli.stdout()), "pcie-ssd"), "prepared, not confirmed: nothing moved");
        driver.findElement(By.id("confirm-move")).click();
        wait.until(d -> !d.findElements(By.cssSelector("[data-field=move-result]")).isEmpty());
        assertTrue(text(driver, "[data-field=move-result]").startsWith("ok: "),
            text(driver, "[data-field=move-result]"));
        assertEquals(0, cli.strata("report", "/data/plain/p1", "--json", "--conf", conf));
        assertEquals(1, replicasOn(JSON.readTree(cli.stdout()), "pcie-ssd"), cli.stdout());

        step("move confirmed");
        // A path that does not exist: said on the page, not a blank one.
        driver.get(url + "#placement?path=/nope");
        wait.until(d -> d.findElement(By.id("error")).isDisplayed());
        assertTrue(text(driver, "#error").contains("no such file or directory: /nope"), text(driver, "#error"));
        assertFalse(driver.findElements(By.id("path-form")).isEmpty(), "the path form stays to fix the path");
        screenshot(driver, shots, "error");

        // A dashboard started read-only refuses actions.
        readOnlyRefusesActions(conf);
      } finally {
        dashboard.destroy();
      }
      assertTrue(dashboard.waitFor(30, TimeUnit.SECONDS), "strata dashboard did not stop on SIGTERM");
    } finally {
      background.shutdown();
    }
  }

  private static Process startDashboard(Path dir, String conf, Path auditLog, Path powerState) throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx512m", "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
        "-cp", System.getProperty("java.class.path"), StrataCli.class.getName(), "dashboard", "--conf", conf,
        "--port", "0", "--refresh", "1s", "--allow-actions", "--audit-log", auditLog.toString(), "--power-state",
        powerState.toString()));
    return new ProcessBuilder(command).redirectError(dir.resolve("dashboard.err").toFile()).start();
  }

  /** The address the dashboard printed on its first line. */
  private static String firstLine(Process dashboard, Path dir) throws Exception {
    BufferedReader out = new BufferedReader(new InputStreamReader(dashboard.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    assertTrue(line != null && line.startsWith("strata dashboard: http://127.0.0.1:"),
        line + "; stderr: " + Files.readString(dir.resolve("dashboard.err")));
    assertTrue(line.contains("actions allowed"), line);
    return line.substring("strata dashboard: ".length(), line.indexOf(' ', "strata dashboard: ".length()));
  }

  /** Every figure of the placement page equals strata report PATH --json, once both see the same files. */
  private JsonNode placementMatchesReport(org.openqa.selenium.WebDriver driver, WebDriverWait wait, String conf,
      String path) {
    JsonNode[] last = new JsonNode[1];
    wait.until(d -> {
      assertEquals(0, cli.strata("report", path, "--json", "--conf", conf), cli.stderr());
      try {
        last[0] = JSON.readTree(cli.stdout());
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      // Every figure, not just the counts: a refresh taken while a file was still being written shows it with
      // its replicas but without its bytes.
      return PLACEMENT_FIELDS.stream().allMatch(
          field -> last[0].get(field).asText().equals(attribute(d, "[data-field=" + field + "]", "data-value")));
    });
    JsonNode report = last[0];
    for (String field : PLACEMENT_FIELDS) {
      assertEquals(report.get(field).asText(), attribute(driver, "[data-field=" + field + "]", "data-value"), field);
    }
    for (String table : List.of("tiers", "racks", "nodes")) {
      assertEquals(report.get(table).size(),
          driver.findElements(By.cssSelector("table[data-table=" + table + "] tr[data-row]")).size(), table);
      for (JsonNode row : report.get(table)) {
        String cells = "table[data-table=" + table + "] tr[data-row='" + row.get("name").asText() + "'] ";
        assertEquals(row.get("replicas").asText(), text(driver, cells + "td[data-col=replicas]"), table);
        assertEquals(row.get("replicaBytes").asText(), attribute(driver, cells + "td[data-col=replicaBytes]",
            "data-value"), table);
        assertEquals(String.format(Locale.ROOT, "%.1f%%", 100 * row.get("share").asDouble()),
            text(driver, cells + "td[data-col=share]"), table);
      }
    }
    for (String findings : List.of("singleRackBlocks", "wholeFileViolations", "underReplicatedBlocks")) {
      assertEquals(report.get(findings).get("total").asText(), text(driver, "[data-field=" + findings + "]"));
    }
    return report;
  }

  /** The reads page's counts equal strata report --reads --json once the counters stop moving. */
  private void readsMatchReport(org.openqa.selenium.WebDriver driver, String conf) throws Exception {
    Supplier<String> page = () -> String.valueOf(((org.openqa.selenium.JavascriptExecutor) driver).executeScript(
        "let out = ''; for (const t of ['byTier', 'byLocality']) {"
            + " document.querySelectorAll('table[data-table=' + t + '] tr[data-row]').forEach(r =>"
            + " out += t + ' ' + r.dataset.row + '=' + r.querySelector('td[data-col=reads]').textContent.trim() + '\\n'); }"
            + " return out;"));
    String printed = null;
    for (long until = System.nanoTime() + WAIT.toNanos(); System.nanoTime() < until;) {
      assertEquals(0, cli.strata("report", "--reads", "--json", "--conf", conf), cli.stderr());
      JsonNode reads = JSON.readTree(cli.stdout());
      StringBuilder expected = new StringBuilder();
      for (String table : List.of("byTier", "byLocality")) {
        reads.get(table).fields().forEachRemaining(e -> expected.append(table).append(' ').append(e.getKey())
            .append('=').append(e.getValue().asText()).append('\n'));
      }
      printed = expected.toString();
      if (printed.equals(page.get()) && reads.get("byTier").size() > 0) {
        long counted = 0;
        for (JsonNode n : reads.get("byTier")) {
          counted += n.asLong();
        }
        assertTrue(counted >= 6, "the six reads of /data/hot/h1 are counted: " + printed);
        assertEquals(String.valueOf(counted), text(driver, "[data-field=total]"));
        return;
      }
      Thread.sleep(1000);
    }
    assertEquals(printed, page.get(), "the reads page never showed what strata report --reads printed");
  }

  /** At least {@code charts} uPlot charts drawn on canvases of a real size, and no error shown. */
  private static void chartsDrawn(org.openqa.selenium.WebDriver driver, WebDriverWait wait, int charts) {
    wait.until(d -> ((Number) ((org.openqa.selenium.JavascriptExecutor) d).executeScript(
        "return [...document.querySelectorAll('.chart canvas')].filter(c => c.width > 100 && c.height > 50).length;"))
        .intValue() >= charts);
    assertEquals("", text(driver, "#error"), "the page shows an error");
  }

  private void readOnlyRefusesActions(String conf) throws Exception {
    try (io.strata.dashboard.DashboardServer readOnly = io.strata.dashboard.Dashboard.start(
        DashboardSettings.of(0, "127.0.0.1", false, new DurationArg(Duration.ofSeconds(3), "3s")),
        new io.strata.dashboard.DashboardContext(HdfsConnection.configuration(Path.of(conf), null),
            DashboardCommand.tierSource(connection(conf)), null),
        new java.io.PrintStream(OutputStream.nullOutputStream()))) {
      HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          readOnly.address().resolve("/api/actions/move")).POST(
              HttpRequest.BodyPublishers.ofString(
                  "path=/data&from=hdd&to=pcie-ssd"))
          .build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(403, response.statusCode(), response.body());
      assertTrue(response.body().contains("read-only: start it with --allow-actions"), response.body());
      HttpResponse<String> popularity = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          readOnly.address().resolve("/api/popularity")).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(409, popularity.statusCode(), popularity.body());
      assertTrue(popularity.body().contains("--audit-log FILE"), popularity.body());
      HttpResponse<String> energy = get(readOnly.address().resolve("/api/energy"));
      assertEquals(409, energy.statusCode(), energy.body());
      assertTrue(energy.body().contains("--power-state DIR"), energy.body());
    }
  }

  private static HttpResponse<String> get(URI uri) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HdfsConnection connection(String conf) {
    return CommandLine.populateCommand(new HdfsConnection(), "--conf", conf);
  }

  private static int replicasOn(JsonNode report, String tier) {
    for (JsonNode row : report.get("tiers")) {
      if (row.get("name").asText().equals(tier)) {
        return row.get("replicas").asInt();
      }
    }
    return 0;
  }

  private static void write(FileSystem fs, String path, int bytes) throws Exception {
    try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(path))) {
      out.write(new byte[bytes]);
    }
  }

  /** The element's text, read in one step of the page's script (the page redraws its tables on every refresh). */
  private static String text(org.openqa.selenium.WebDriver driver, String css) {
    Object text = ((org.openqa.selenium.JavascriptExecutor) driver).executeScript(
        "const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : '';", css);
    return String.valueOf(text);
  }

  private static String attribute(org.openqa.selenium.WebDriver driver, String css, String name) {
    Object value = ((org.openqa.selenium.JavascriptExecutor) driver).executeScript(
        "const e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : null;", css, name);
    return value == null ? null : String.valueOf(value);
  }

  private static void step(String what) {
    System.out.println(java.time.LocalTime.now() + " DashboardIT: " + what);
  }

  private static void screenshot(org.openqa.selenium.WebDriver driver, Path dir, String name) throws Exception {
    if (dir == null) {
      return;
    }
    Files.createDirectories(dir);
    byte[] png = ((org.openqa.selenium.TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES);
    Files.write(dir.resolve("dashboard-" + name + ".png"), png);
  }
}
