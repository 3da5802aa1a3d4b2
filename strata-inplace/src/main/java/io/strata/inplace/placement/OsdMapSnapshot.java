package io.strata.inplace.placement;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.inplace.rados.RadosCluster;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One epoch of a Ceph cluster's OSD map, and from it where every placement group of a pool lives: the acting
 * OSDs (primary first) and the CRUSH host bucket of each.
 *
 * <p>Why this way: asking the monitors {@code osd map POOL OBJECT} costs a round trip per object, far too slow
 * for 10,000 objects a second. Every Ceph client instead computes placement itself from the OSD map, and so does
 * this: the object's placement group comes from its name's hash ({@link ObjectHash}), and the placement group's
 * OSDs from CRUSH, run by Ceph's own {@code osdmaptool --test-map-pgs-dump} over the map fetched once
 * ({@code osd getmap}). That is one monitor request and three local runs of a C++ tool per scan however many
 * objects there are, the same code the OSDs run (pg_temp, primary_temp and upmap entries included), and all of it
 * from a single epoch, which the GIF records.
 */
public final class OsdMapSnapshot {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A pool as the OSD map describes it. */
  public record PoolInfo(long id, String name, int size, int minSize, int pgNum, int objectHash) {}

  /** Where a placement group lives: acting OSDs with the primary first, and their hosts in the same order. */
  public record PgPlacement(String pgid, List<Integer> osds, List<String> hosts) {}

  private final long epoch;
  private final String fsid;
  private final PoolInfo pool;
  private final PgPlacement[] placements;

  private OsdMapSnapshot(long epoch, String fsid, PoolInfo pool, PgPlacement[] placements) {
    this.epoch = epoch;
    this.fsid = fsid;
    this.pool = pool;
    this.placements = placements;
  }

  /** Fetches the current OSD map and computes the placement of every placement group of {@code poolName}. */
  public static OsdMapSnapshot fetch(RadosCluster cluster, String poolName) throws IOException {
    byte[] map = cluster.monCommand("{\"prefix\":\"osd getmap\"}");
    Path file = Files.createTempFile("strata-osdmap", ".bin");
    try {
      Files.write(file, map);
      return fromMapFile(file, poolName);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** Computes placements from a binary OSD map file (as {@code ceph osd getmap -o FILE} writes). */
  public static OsdMapSnapshot fromMapFile(Path mapFile, String poolName) throws IOException {
    JsonNode dump = JSON.readTree(osdmaptool(mapFile, "--dump", "json"));
    PoolInfo pool = null;
    for (JsonNode p : dump.path("pools")) {
      if (poolName.equals(p.path("pool_name").asText())) {
        pool = new PoolInfo(p.path("pool").asLong(), poolName, p.path("size").asInt(), p.path("min_size").asInt(),
            p.path("pg_num").asInt(), p.path("object_hash").asInt());
      }
    }
    if (pool == null) {
      List<String> names = new ArrayList<>();
      dump.path("pools").forEach(p -> names.add(p.path("pool_name").asText()));
      throw new IOException("Ceph has no pool '" + poolName + "' (pools: " + String.join(", ", names) + ")");
    }
    if (pool.objectHash() != ObjectHash.RJENKINS) {
      throw new IOException("pool '" + poolName + "' hashes object names with hash type " + pool.objectHash()
          + "; only rjenkins (" + ObjectHash.RJENKINS + ", Ceph's default) is supported");
    }
    Map<Integer, String> hostOfOsd = hostsOfOsds(JSON.readTree(osdmaptool(mapFile, "--tree=json")));
    PgPlacement[] placements = new PgPlacement[pool.pgNum()];
    String pgDump = osdmaptool(mapFile, "--test-map-pgs-dump", "--pool", Long.toString(pool.id()));
    for (String line : pgDump.split("\n")) {
      // "2.1f\t[0,2]\t0": placement group, acting set, acting primary.
      String[] fields = line.split("\t");
      if (fields.length != 3 || !fields[0].startsWith(pool.id() + ".")) {
        continue;
      }
      int seed = Integer.parseInt(fields[0].substring(fields[0].indexOf('.') + 1), 16);
      List<Integer> acting = new ArrayList<>();
      String set = fields[1].replace("[", "").replace("]", "").strip();
      if (!set.isEmpty()) {
        for (String osd : set.split(",")) {
          int id = Integer.parseInt(osd.strip());
          if (id != Integer.MAX_VALUE) { // CRUSH_ITEM_NONE: a hole in an incomplete set
            acting.add(id);
          }
        }
      }
      int primary = Integer.parseInt(fields[2].strip());
      List<Integer> ordered = new ArrayList<>();
      if (primary >= 0 && acting.contains(primary)) {
        ordered.add(primary);
      }
      acting.stream().filter(id -> id != primary).forEach(ordered::add);
      Set<String> hosts = new LinkedHashSet<>();
      for (int osd : ordered) {
        hosts.add(hostOfOsd.getOrDefault(osd, "osd." + osd));
      }
      if (seed < placements.length) {
        placements[seed] = new PgPlacement(fields[0], List.copyOf(ordered), List.copyOf(hosts));
      }
    }
    for (int seed = 0; seed < placements.length; seed++) {
      if (placements[seed] == null) {
        throw new IOException("osdmaptool did not map placement group " + pool.id() + "." + Integer.toHexString(seed)
            + " of pool '" + poolName + "'");
      }
    }
    return new OsdMapSnapshot(dump.path("epoch").asLong(), dump.path("fsid").asText(), pool, placements);
  }

  /** Each OSD's CRUSH host bucket: the nearest ancestor of type "host" in the CRUSH tree. */
  static Map<Integer, String> hostsOfOsds(JsonNode tree) {
    Map<Integer, JsonNode> nodes = new HashMap<>();
    tree.path("nodes").forEach(n -> nodes.put(n.path("id").asInt(), n));
    Map<Integer, String> hosts = new HashMap<>();
    for (JsonNode node : nodes.values()) {
      if ("host".equals(node.path("type").asText())) {
        collectOsds(node, nodes, node.path("name").asText(), hosts);
      }
    }
    return hosts;
  }

  private static void collectOsds(JsonNode node, Map<Integer, JsonNode> nodes, String host, Map<Integer, String> out) {
    for (JsonNode child : node.path("children")) {
      int id = child.asInt();
      if (id >= 0) {
        out.put(id, host);
      } else if (nodes.containsKey(id)) {
        collectOsds(nodes.get(id), nodes, host, out);
      }
    }
  }

  private static String osdmaptool(Path mapFile, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of("osdmaptool", mapFile.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new IOException("cannot run osdmaptool (Debian/Ubuntu package ceph-base): " + e.getMessage(), e);
    }
    byte[] out = process.getInputStream().readAllBytes();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IOException("osdmaptool " + String.join(" ", args) + " failed on " + mapFile);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running osdmaptool", e);
    }
    return new String(out, StandardCharsets.UTF_8);
  }

  public long epoch() {
    return epoch;
  }

  public String fsid() {
    return fsid;
  }

  public PoolInfo pool() {
    return pool;
  }

  /** Where an object of the pool (default namespace, no locator key) lives. */
  public PgPlacement placementOf(String objectName) {
    return placements[ObjectHash.placementGroup(ObjectHash.rjenkins(objectName), pool.pgNum())];
  }

  public List<PgPlacement> placementGroups() {
    return List.of(placements);
  }
}
