package io.strata.inplace.ceph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.concurrent.Sleeps;
import io.strata.inplace.rados.CephClientConfig;
import io.strata.inplace.rados.RadosCluster;
import io.strata.inplace.rados.RadosException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.commons.io.FileUtils;

/**
 * A throw-away Ceph cluster on this machine, loopback only: one monitor, one manager and one OSD per host name,
 * each OSD in its own CRUSH host bucket named after a Hadoop node, and one replicated pool spread over those
 * hosts. Every daemon daemonizes itself and keeps its pid, socket, log and data under one directory, which the
 * launcher owns: {@link #stop(Path, PrintStream)} signals exactly the pids recorded there.
 *
 * <p>No cephx (auth none) because the cluster is reachable from this machine only. Two traps found while probing
 * Ceph 16 on Debian 12 are handled in the generated ceph.conf: {@code ms mon client mode = crc}, without which
 * clients that default to "secure" mode cannot talk to monitors running auth none; and small placement-group
 * counts with the autoscaler off, so three OSDs on two cores settle in seconds.
 */
public final class LocalCephCluster {
  /** The file that marks a directory as one this launcher made, with what {@code status} reports. */
  public static final String STATE_FILE = "strata-ceph.properties";
  public static final String CONF_FILE = "ceph.conf";
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The object stores the launcher can give its OSDs. */
  public enum ObjectStore {
    /** Objects in RAM: fastest to start, nothing on disk, lost when the OSD stops. */
    MEMSTORE,
    /** Ceph's production store, on a sparse file per OSD (no block device needed). */
    BLUESTORE;

    public String confName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** What to start. */
  public record Options(Path dir, List<String> hosts, String pool, int replicas, int pgNum, ObjectStore store,
      long osdBytes, int monPort) {

    public Options {
      dir = dir.toAbsolutePath().normalize();
      hosts = List.copyOf(hosts);
      if (hosts.isEmpty()) {
        throw new IllegalArgumentException("at least one host is needed");
      }
      for (String host : hosts) {
        if (!NAME.matcher(host).matches()) {
          throw new IllegalArgumentException("host name '" + host + "' cannot be a CRUSH bucket name");
        }
      }
      if (hosts.stream().distinct().count() != hosts.size()) {
        throw new IllegalArgumentException("host names repeat: " + hosts);
      }
      if (!NAME.matcher(pool).matches()) {
        throw new IllegalArgumentException("pool name '" + pool + "' is not valid (letters, digits, . _ -)");
      }
      if (replicas < 1 || replicas > hosts.size()) {
        throw new IllegalArgumentException("replicas must be between 1 and the number of hosts (" + hosts.size()
            + "), got " + replicas);
      }
      if (pgNum < 1 || Integer.bitCount(pgNum) != 1) {
        throw new IllegalArgumentException("pg count must be a power of two, got " + pgNum);
      }
      if (osdBytes < (256L << 20)) {
        throw new IllegalArgumentException("each OSD needs at least 256 MiB, got " + osdBytes + " bytes");
      }
    }

    /** Three OSDs' worth of defaults for the given hosts: pool of 2 replicas (as the paper's 3-node runs). */
    public static Options defaults(Path dir, List<String> hosts) {
      return new Options(dir, hosts, "strata", Math.min(2, hosts.size()), 32, ObjectStore.MEMSTORE, 2L << 30, 0);
    }

    public Options withPool(String name, int size) {
      return new Options(dir, hosts, name, size, pgNum, store, osdBytes, monPort);
    }

    public Options withStore(ObjectStore objectStore, long bytes) {
      return new Options(dir, hosts, pool, replicas, pgNum, objectStore, bytes, monPort);
    }

    public Options withPgNum(int pgs) {
      return new Options(dir, hosts, pool, replicas, pgs, store, osdBytes, monPort);
    }

    public Options withMonPort(int port) {
      return new Options(dir, hosts, pool, replicas, pgNum, store, osdBytes, port);
    }
  }

  /** A running cluster started by this launcher. */
  public record Running(Path dir, Path confFile, String fsid, String pool, List<String> hosts, int replicas,
      String monHost, double startSeconds) {

    public CephClientConfig clientConfig() {
      return CephClientConfig.ofConfFile(confFile.toString());
    }

    public void stop(PrintStream log) throws IOException {
      LocalCephCluster.stop(dir, log);
    }
  }

  private LocalCephCluster() {}

  /**
   * Starts the cluster and returns once the pool's placement groups are all active+clean. Installs Ceph first
   * if it is missing (see {@link CephInstallation#ensure}).
   */
  public static Running start(Options options, PrintStream log) throws IOException {
    CephInstallation.ensure(log);
    long started = System.nanoTime();
    Path dir = options.dir();
    prepareDirectory(dir);
    int monV2 = options.monPort() > 0 ? options.monPort() : freePort();
    int monV1 = freePort();
    String fsid = UUID.randomUUID().toString();
    String monHost = "[v2:127.0.0.1:" + monV2 + ",v1:127.0.0.1:" + monV1 + "]";
    Path conf = dir.resolve(CONF_FILE);
    Files.writeString(conf, confText(options, fsid, monHost));
    Properties state = new Properties();
    state.setProperty("fsid", fsid);
    state.setProperty("pool", options.pool());
    state.setProperty("hosts", String.join(",", options.hosts()));
    state.setProperty("replicas", Integer.toString(options.replicas()));
    state.setProperty("pg_num", Integer.toString(options.pgNum()));
    state.setProperty("objectstore", options.store().confName());
    state.setProperty("mon_host", monHost);
    writeState(dir, state);
    try {
      startMonitor(dir, conf, fsid, monHost);
      try (RadosCluster admin = RadosCluster.connect(CephClientConfig.ofConfFile(conf.toString())
          .withOption("client_mount_timeout", "60"))) {
        Commands.check(List.of("ceph-mgr", "-c", conf.toString(), "-i", "x"), dir, 60);
        startOsds(options, dir, conf, admin);
        createPool(options, admin);
        waitUntilClean(admin, options, 300);
      }
    } catch (IOException | RuntimeException e) {
      log.println("strata: Ceph did not start (" + e.getMessage().lines().findFirst().orElse("") + "); stopping what"
          + " started, logs in " + dir.resolve("log"));
      stop(dir, log);
      throw e;
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    state.setProperty("started_seconds", String.format(Locale.ROOT, "%.1f", seconds));
    writeState(dir, state);
    return new Running(dir, conf, fsid, options.pool(), options.hosts(), options.replicas(), monHost, seconds);
  }

  /** A directory is reused only when it is empty or one this launcher made and nothing runs in it any more. */
  private static void prepareDirectory(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      boolean empty;
      try (Stream<Path> entries = Files.list(dir)) {
        empty = entries.findAny().isEmpty();
      }
      if (!empty) {
        if (!Files.isRegularFile(dir.resolve(STATE_FILE))) {
          throw new IllegalArgumentException(dir + " is not empty and holds no Strata Ceph cluster; choose an empty"
              + " or new directory");
        }
        List<String> alive = livePids(dir);
        if (!alive.isEmpty()) {
          throw new IllegalStateException(
              "a Ceph cluster is already running in " + dir + " (" + String.join(", ", alive)
                  + "); stop it first: strata ceph down --dir " + dir);
        }
        FileUtils.cleanDirectory(dir.toFile());
      }
    }
    for (String sub : List.of("run", "log", "mon", "mgr/ceph-x", "osd", "crash")) {
      Files.createDirectories(dir.resolve(sub));
    }
  }

  static String confText(Options options, String fsid, String monHost) {
    Path dir = options.dir();
    return String.join("\n",
        "# Written by strata ceph up: a single-machine, loopback-only Ceph cluster owned by Strata.",
        "[global]",
        "fsid = " + fsid,
        "mon initial members = a",
        "mon host = " + monHost,
        "public network = 127.0.0.0/8",
        "ms bind ipv4 = true",
        "ms bind ipv6 = false",
        "# Reachable from this machine only, so no cephx.",
        "auth cluster required = none",
        "auth service required = none",
        "auth client required = none",
        "auth allow insecure global id reclaim = true",
        "# Clients defaulting to ms_mon_client_mode=secure cannot reach auth-none monitors.",
        "ms mon client mode = crc",
        "run dir = " + dir.resolve("run"),
        "pid file = " + dir.resolve("run") + "/$name.pid",
        "log file = " + dir.resolve("log") + "/$name.log",
        "mon data = " + dir.resolve("mon") + "/ceph-$id",
        "mgr data = " + dir.resolve("mgr") + "/ceph-$id",
        "osd data = " + dir.resolve("osd") + "/ceph-$id",
        "keyring = " + dir.resolve("keyring"),
        "crash dir = " + dir.resolve("crash"),
        "# Few placement groups, no autoscaler: three OSDs on two cores settle in seconds.",
        "osd pool default size = " + options.replicas(),
        "osd pool default min size = " + Math.max(1, options.replicas() - 1),
        "osd pool default pg num = 8",
        "osd pool default pgp num = 8",
        "osd pool default pg autoscale mode = off",
        "osd crush chooseleaf type = 1",
        "mon max pg per osd = 1000",
        "mon allow pool delete = true",
        "mon allow pool size one = true",
        "mon warn on pool no redundancy = false",
        "mon data avail warn = 2",
        "mon data avail crit = 1",
        "mon warn on insecure global id reclaim = false",
        "mon warn on insecure global id reclaim allowed = false",
        "mgr initial modules = iostat",
        "# Every map change waits for the next Paxos proposal (1 s by default) and the manager reports placement",
        "# group states every 2 s: shorter intervals let a fresh cluster settle in a fraction of the time.",
        "paxos propose interval = 0.1",
        "paxos min wait = 0.01",
        "mgr tick period = 1",
        "",
        "[client]",
        "# Many clients run at once (the JVM, rados, ceph); none needs an admin socket.",
        "admin socket =",
        "",
        "[mon]",
        "admin socket = " + dir.resolve("run") + "/$name.asok",
        "mon cluster log file = " + dir.resolve("log") + "/cluster.log",
        "",
        "[mgr]",
        "admin socket = " + dir.resolve("run") + "/$name.asok",
        "",
        "[osd]",
        "admin socket = " + dir.resolve("run") + "/$name.asok",
        "osd objectstore = " + options.store().confName(),
        "memstore device bytes = " + options.osdBytes(),
        "bluestore block create = true",
        "bluestore block size = " + options.osdBytes(),
        "bluestore fsck on mount = false",
        "# Keep the footprint small on a shared machine.",
        "bluestore cache autotune = false",
        "bluestore cache size = 134217728",
        "osd memory target = 939524096",
        "# Strata places each OSD in its host bucket itself.",
        "osd crush update on start = false",
        "osd heartbeat grace = 20",
        "osd op num threads per shard = 1",
        "osd op num shards = 2",
        "");
  }

  private static void startMonitor(Path dir, Path conf, String fsid, String monHost) throws IOException {
    Path keyring = dir.resolve("keyring");
    // --mkfs wants a keyring even with auth none.
    Commands.check(List.of("ceph-authtool", "--create-keyring", keyring.toString(), "--gen-key", "-n", "mon.",
        "--cap", "mon", "allow *"), dir, 30);
    Commands.check(List.of("ceph-authtool", keyring.toString(), "--gen-key", "-n", "client.admin",
        "--cap", "mon", "allow *", "--cap", "osd", "allow *", "--cap", "mgr", "allow *"), dir, 30);
    Path monmap = dir.resolve("monmap");
    Commands.check(List.of("monmaptool", "--create", "--fsid", fsid, "--addv", "a", monHost, monmap.toString()), dir,
        30);
    Commands.check(List.of("ceph-mon", "-c", conf.toString(), "--mkfs", "-i", "a", "--monmap", monmap.toString(),
        "--keyring", keyring.toString()), dir, 60);
    Commands.check(List.of("ceph-mon", "-c", conf.toString(), "-i", "a"), dir, 60);
  }

  private static void startOsds(Options options, Path dir, Path conf, RadosCluster admin) throws IOException {
    List<Integer> ids = new ArrayList<>();
    List<String> uuids = new ArrayList<>();
    for (String host : options.hosts()) {
      String uuid = UUID.randomUUID().toString();
      JsonNode created = JSON.readTree(admin.monCommand("{\"prefix\":\"osd new\",\"uuid\":\"" + uuid
          + "\",\"format\":\"json\"}"));
      int id = created.path("osdid").asInt(-1);
      if (id < 0) {
        throw new IOException("osd new returned no id: " + created);
      }
      ids.add(id);
      uuids.add(uuid);
      Files.createDirectories(dir.resolve("osd/ceph-" + id));
    }
    // mkfs of each OSD is independent; with BlueStore it takes seconds, so run them side by side.
    ExecutorService pool = Executors.newFixedThreadPool(ids.size());
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < ids.size(); i++) {
        int id = ids.get(i);
        String uuid = uuids.get(i);
        done.add(pool.submit(() -> {
          try {
            Commands.check(List.of("ceph-osd", "-c", conf.toString(), "-i", Integer.toString(id), "--mkfs",
                "--osd-uuid", uuid), dir, 300);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }));
      }
      for (Future<?> future : done) {
        future.get();
      }
    } catch (ExecutionException e) {
      throw new IOException("OSD mkfs failed: " + e.getCause().getMessage(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted during OSD mkfs", e);
    } finally {
      pool.shutdownNow();
    }
    for (int i = 0; i < ids.size(); i++) {
      int id = ids.get(i);
      // With a location, "osd crush add" creates the host bucket under the default root.
      mon(admin, "{\"prefix\":\"osd crush add\",\"id\":" + id + ",\"weight\":1.0,\"args\":[\"root=default\",\"host="
          + options.hosts().get(i) + "\"]}");
      Commands.check(List.of("ceph-osd", "-c", conf.toString(), "-i", Integer.toString(id)), dir, 120);
    }
    waitFor(120, "all " + ids.size() + " OSDs up", () -> {
      JsonNode stat = JSON.readTree(admin.monCommand("{\"prefix\":\"osd stat\",\"format\":\"json\"}"));
      return stat.path("num_up_osds").asInt() == ids.size();
    });
  }

  private static void createPool(Options options, RadosCluster admin) throws IOException {
    String pool = quote(options.pool());
    mon(admin, "{\"prefix\":\"osd pool create\",\"pool\":" + pool + ",\"pg_num\":" + options.pgNum() + ",\"pgp_num\":"
        + options.pgNum() + ",\"pool_type\":\"replicated\",\"rule\":\"replicated_rule\"}");
    mon(admin, "{\"prefix\":\"osd pool set\",\"pool\":" + pool + ",\"var\":\"size\",\"val\":\"" + options.replicas()
        + "\",\"yes_i_really_mean_it\":true}");
    mon(admin, "{\"prefix\":\"osd pool set\",\"pool\":" + pool + ",\"var\":\"min_size\",\"val\":\""
        + Math.max(1, options.replicas() - 1) + "\"}");
    mon(admin, "{\"prefix\":\"osd pool application enable\",\"pool\":" + pool + ",\"app\":\"rados\"}");
  }

  /** Waits until the manager reports every placement group active+clean, the pool's included. */
  private static void waitUntilClean(RadosCluster admin, Options options, int seconds) throws IOException {
    waitFor(seconds, "all placement groups active+clean", () -> {
      JsonNode status = JSON.readTree(admin.monCommand("{\"prefix\":\"status\",\"format\":\"json\"}"));
      JsonNode pgmap = status.path("pgmap");
      int total = pgmap.path("num_pgs").asInt();
      int clean = 0;
      for (JsonNode state : pgmap.path("pgs_by_state")) {
        if ("active+clean".equals(state.path("state_name").asText())) {
          clean += state.path("count").asInt();
        }
      }
      return total >= options.pgNum() && clean == total;
    });
  }

  /** Stops the daemons recorded in {@code dir}: TERM, then KILL after 10 s; manager and OSDs before the monitor. */
  public static void stop(Path dir, PrintStream log) throws IOException {
    Path run = dir.toAbsolutePath().resolve("run");
    if (!Files.isDirectory(run)) {
      log.println("strata: no Ceph cluster in " + dir);
      return;
    }
    List<Path> pidFiles = new ArrayList<>();
    for (String prefix : List.of("client.", "mgr.", "osd.", "mon.")) {
      try (Stream<Path> files = Files.list(run)) {
        files.filter(f -> f.getFileName().toString().startsWith(prefix) && f.toString().endsWith(".pid")).sorted()
            .forEach(pidFiles::add);
      }
    }
    List<ProcessHandle> signalled = new ArrayList<>();
    for (Path pidFile : pidFiles) {
      long pid = readPid(pidFile);
      ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(LocalCephCluster::isCephDaemon).ifPresent(p -> {
        p.destroy();
        signalled.add(p);
        log.println("strata: stopping " + pidFile.getFileName().toString().replace(".pid", "") + " (pid " + pid + ")");
      });
    }
    long deadline = System.currentTimeMillis() + 10_000;
    for (ProcessHandle process : signalled) {
      while (process.isAlive() && System.currentTimeMillis() < deadline) {
        Sleeps.sleep(100);
      }
      if (process.isAlive()) {
        process.destroyForcibly();
        log.println("strata: killed pid " + process.pid() + " (did not stop within 10 s)");
      }
    }
    // Return only once they are gone: a caller may delete the directory next.
    long killDeadline = System.currentTimeMillis() + 10_000;
    for (ProcessHandle process : signalled) {
      while (process.isAlive() && System.currentTimeMillis() < killDeadline) {
        Sleeps.sleep(100);
      }
      if (process.isAlive()) {
        log.println("strata: pid " + process.pid() + " is still exiting after SIGKILL");
      }
    }
    for (Path pidFile : pidFiles) {
      Files.deleteIfExists(pidFile);
    }
  }

  /**
   * Stops one OSD's daemon (to show reads survive it): with {@code crash}, SIGKILL, so the monitors learn of it
   * from the other OSDs as after a real crash; otherwise SIGTERM, which lets the OSD report itself down. Returns
   * false when it was not running.
   */
  public static boolean stopOsd(Path dir, int osdId, boolean crash) throws IOException {
    Path pidFile = dir.toAbsolutePath().resolve("run/osd." + osdId + ".pid");
    if (!Files.isRegularFile(pidFile)) {
      return false;
    }
    ProcessHandle process = ProcessHandle.of(readPid(pidFile)).filter(ProcessHandle::isAlive).orElse(null);
    if (process == null) {
      return false;
    }
    if (crash) {
      process.destroyForcibly();
    } else {
      process.destroy();
    }
    long deadline = System.currentTimeMillis() + 10_000;
    while (process.isAlive() && System.currentTimeMillis() < deadline) {
      Sleeps.sleep(100);
    }
    if (process.isAlive()) {
      process.destroyForcibly();
    }
    Files.deleteIfExists(pidFile);
    return true;
  }

  /**
   * Stops the cluster in {@code dir} when process {@code ownerPid} ends, even if it is killed without running its
   * shutdown hooks: a small watchdog in its own session polls the owner and, once it is gone, signals the pids
   * still recorded in {@code dir}. It exits by itself when the cluster is stopped normally (the monitor's pid file
   * disappears). For tests, the demo and benchmarks; {@code strata ceph up} leaves its cluster running on purpose.
   */
  public static void stopWhenProcessEnds(Path dir, long ownerPid) throws IOException {
    Path run = dir.toAbsolutePath().resolve("run");
    String script = String.join("\n",
        "run=\"$1\"; owner=$2",
        "while kill -0 \"$owner\" 2>/dev/null && [ -e \"$run/mon.a.pid\" ]; do sleep 2; done",
        "[ -e \"$run/mon.a.pid\" ] || exit 0",
        "for f in \"$run\"/mgr.*.pid \"$run\"/osd.*.pid \"$run\"/mon.*.pid; do",
        "  [ -e \"$f\" ] && kill -TERM \"$(cat \"$f\")\" 2>/dev/null",
        "done",
        "sleep 10",
        "for f in \"$run\"/*.pid; do",
        "  [ -e \"$f\" ] && kill -KILL \"$(cat \"$f\")\" 2>/dev/null; rm -f \"$f\"",
        "done");
    List<String> command = new ArrayList<>();
    if (CephInstallation.which("setsid") != null) {
      command.add("setsid");
    }
    command.addAll(List.of("bash", "-c", script, "strata-ceph-watchdog", run.toString(), Long.toString(ownerPid)));
    new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
  }

  /** Names of the daemons of {@code dir} whose processes are alive, e.g. "osd.0 (pid 123)". */
  public static List<String> livePids(Path dir) throws IOException {
    Path run = dir.toAbsolutePath().resolve("run");
    List<String> alive = new ArrayList<>();
    if (!Files.isDirectory(run)) {
      return alive;
    }
    try (Stream<Path> files = Files.list(run)) {
      for (Path pidFile : files.filter(f -> f.toString().endsWith(".pid")).sorted().toList()) {
        long pid = readPid(pidFile);
        if (ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(LocalCephCluster::isCephDaemon).isPresent()) {
          alive.add(pidFile.getFileName().toString().replace(".pid", "") + " (pid " + pid + ")");
        }
      }
    }
    return alive;
  }

  /** The state a running launcher wrote, or empty when {@code dir} holds no cluster. */
  public static Properties state(Path dir) throws IOException {
    Properties state = new Properties();
    Path file = dir.toAbsolutePath().resolve(STATE_FILE);
    if (Files.isRegularFile(file)) {
      try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        state.load(in);
      }
    }
    return state;
  }

  private static void writeState(Path dir, Properties state) throws IOException {
    try (var out = Files.newBufferedWriter(dir.resolve(STATE_FILE), StandardCharsets.UTF_8)) {
      state.store(out, "strata ceph up");
    }
  }

  /** A pid file may outlive its daemon and the pid be reused: only signal processes that are Ceph daemons. */
  private static boolean isCephDaemon(ProcessHandle process) {
    return process.info().command().map(c -> Path.of(c).getFileName().toString())
        .map(name -> name.startsWith("ceph-") || name.equals("radosgw")).orElse(true);
  }

  private static long readPid(Path pidFile) throws IOException {
    try {
      return Long.parseLong(Files.readString(pidFile).strip());
    } catch (NumberFormatException e) {
      throw new IOException("pid file " + pidFile + " holds no pid", e);
    }
  }

  private static void mon(RadosCluster admin, String json) throws RadosException {
    admin.monCommand(json);
  }

  private static String quote(String text) {
    try {
      return JSON.writeValueAsString(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private interface Check {
    boolean done() throws IOException;
  }

  private static void waitFor(int seconds, String what, Check check) throws IOException {
    long deadline = System.currentTimeMillis() + seconds * 1000L;
    IOException last = null;
    while (System.currentTimeMillis() < deadline) {
      try {
        if (check.done()) {
          return;
        }
      } catch (IOException e) {
        last = e;
      }
      Sleeps.sleep(250);
    }
    throw new IOException("timed out after " + seconds + " s waiting for " + what
        + (last == null ? "" : " (last error: " + last.getMessage() + ")"));
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
