package io.strata.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;

/** The NameNode's JMX servlet, where Strata's NameNode plugins publish their metrics. */
final class NameNodeJmx {
  private NameNodeJmx() {}

  /** The NameNode's HTTP address from the client configuration. */
  static String address(Configuration conf) throws IOException {
    String http = conf.getTrimmed("dfs.namenode.http-address");
    if (http == null || http.isEmpty()) {
      throw new IOException("no dfs.namenode.http-address in the configuration: cannot reach the NameNode's JMX");
    }
    return http;
  }

  /** The beans matching {@code query} (e.g. {@code Hadoop:service=*,name=StrataReads}); empty when none. */
  static JsonNode beans(Configuration conf, String query) throws IOException {
    return beans(conf, query, Duration.ofSeconds(10), Duration.ofSeconds(20));
  }

  private static JsonNode beans(Configuration conf, String query, Duration connect, Duration answer)
      throws IOException {
    URI uri = URI.create("http://" + address(conf) + "/jmx?qry=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    HttpResponse<String> response;
    try {
      response = HttpClient.newBuilder().connectTimeout(connect).build()
          .send(HttpRequest.newBuilder(uri).timeout(answer).GET().build(), HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while asking " + uri, e);
    }
    if (response.statusCode() != 200) {
      throw new IOException(uri + " answered HTTP " + response.statusCode());
    }
    JsonNode beans = new ObjectMapper().readTree(response.body()).path("beans");
    if (!beans.isArray()) {
      throw new IOException(uri + " answered without a beans array");
    }
    return beans;
  }

  /**
   * A warning when the NameNode's JMX shows that it does not run Strata's placement plugin, which moves between
   * tiers need (it applies the layout rules and honours the delete hint of a move that changes a replica's storage
   * type); null when it runs, or when the JMX servlet cannot be asked (a secured or unreachable web UI).
   */
  static String placementPluginWarning(Configuration conf) {
    try {
      // Asked before every move: a web UI that does not answer costs seconds, not the half minute a report waits.
      if (beans(conf, "Hadoop:service=*,name=StrataPlacement", Duration.ofSeconds(2), Duration.ofSeconds(5))
          .size() > 0) {
        return null;
      }
      return "the NameNode at " + address(conf) + " does not run Strata's placement plugin (its JMX has no "
          + "StrataPlacement metrics), so a move that changes a replica's storage type against the file's HDFS "
          + "storage policy will not finish: set dfs.block.replicator.classname to "
          + "io.strata.hdfs.placement.StrataBlockPlacementPolicy on the NameNode "
          + "(README, Installing into a real Hadoop cluster)";
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
