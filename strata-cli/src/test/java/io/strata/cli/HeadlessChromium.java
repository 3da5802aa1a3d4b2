package io.strata.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's Chromium and chromedriver, driven by Selenium, for the dashboard's browser test. Installed with apt-get
 * when missing and this process may (root, apt-get present); only when they cannot be is the test skipped, the
 * reason printed on the console.
 */
final class HeadlessChromium implements AutoCloseable {
  static final List<String> PACKAGES = List.of("chromium", "chromium-driver");
  private static final Path BROWSER = Path.of("/usr/bin/chromium");
  private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
  /** Errors a page's scripts raise or log, kept by a script the browser runs before each document. */
  private static final String ERROR_COLLECTOR = "window.__strataErrors = [];"
      + "window.addEventListener('error', e => window.__strataErrors.push('error: ' + e.message));"
      + "window.addEventListener('unhandledrejection', e => window.__strataErrors.push('unhandled: ' + e.reason));"
      + "const strataConsoleError = console.error; console.error = function(...args) {"
      + " window.__strataErrors.push('console.error: ' + args.map(String).join(' '));"
      + " strataConsoleError.apply(console, args); };";

  final ChromeDriver driver;

  private HeadlessChromium(ChromeDriver driver) {
    this.driver = driver;
  }

  /** Starts a headless Chromium ({@link #requireInstalled()} first). */
  static HeadlessChromium start(Path profile) {
    ChromeOptions options = new ChromeOptions();
    options.setBinary(BROWSER.toFile());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--window-size=1280,1000", "--hide-scrollbars", "--user-data-dir=" + profile);
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
        .usingAnyFreePort().build();
    ChromeDriver driver = new ChromeDriver(service, options);
    driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", ERROR_COLLECTOR));
    return new HeadlessChromium(driver);
  }

  /** The browser's console messages at level SEVERE since the last call, and the errors the page's scripts saw. */
  List<String> errors() {
    List<String> errors = new ArrayList<>();
    for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
      if (entry.getLevel().intValue() >= Level.SEVERE.intValue()) {
        errors.add(entry.getMessage());
      }
    }
    Object seen = driver.executeScript("return window.__strataErrors || [];");
    if (seen instanceof List<?> list) {
      list.forEach(e -> errors.add(String.valueOf(e)));
    }
    return errors;
  }

  /** Installs Chromium and its driver when missing; skips the calling test, saying why, when they cannot be. */
  static void requireInstalled() throws IOException, InterruptedException {
    if (Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER)) {
      return;
    }
    String why = null;
    if (!onPath("apt-get")) {
      why = "there is no apt-get to install " + String.join(" ", PACKAGES);
    } else if (!"root".equals(System.getProperty("user.name"))) {
      why = "installing needs root: sudo apt-get install " + String.join(" ", PACKAGES);
    } else {
      run(List.of("apt-get", "update", "-qq"));
      List<String> install = new ArrayList<>(List.of("apt-get", "install", "-y", "-qq", "--no-install-recommends"));
      install.addAll(PACKAGES);
      String output = run(install);
      if (!Files.isExecutable(BROWSER) || !Files.isExecutable(DRIVER)) {
        why = "apt-get install " + String.join(" ", PACKAGES) + " did not install " + BROWSER + " and " + DRIVER
            + ": " + output;
      }
    }
    if (why != null) {
      String reason = "SKIPPED: Chromium cannot be installed on this machine: " + why;
      new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8).println(reason);
      System.out.println(reason);
      Assumptions.abort(reason);
    }
  }

  private static boolean onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(":")) {
      if (Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }

  private static String run(List<String> command) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("DEBIAN_FRONTEND", "noninteractive");
    Process process = builder.start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(15, TimeUnit.MINUTES)) {
      process.destroyForcibly();
    }
    return output.length() > 2000 ? output.substring(output.length() - 2000) : output;
  }

  @Override
  public void close() {
    driver.quit();
  }
}
