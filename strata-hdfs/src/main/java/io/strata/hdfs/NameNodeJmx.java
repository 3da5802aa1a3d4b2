package io.strata.hdfs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLConnection;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSUtil;
import org.apache.hadoop.hdfs.HAUtil;
import org.apache.hadoop.hdfs.web.URLConnectionFactory;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.client.AuthenticationException;

/**
 * The NameNode's JMX servlet, where Strata's NameNode plugins publish their metrics. It is reached the way
 * {@code hdfs dfsadmin} reaches the web UI: the active NameNode's, over HTTP or HTTPS as {@code dfs.http.policy}
 * says (trusting what {@code ssl-client.xml} names), with SPNEGO when Kerberos is on.
 */
public final class NameNodeJmx {
  private NameNodeJmx() {}

  /** The active NameNode's web address ({@code http://host:port} or {@code https://...}). */
  public static URI address(Configuration conf) throws IOException {
    String scheme = DFSUtil.getHttpClientScheme(conf);
    return DFSUtil.getInfoServer(HAUtil.getAddressOfActive(FileSystem.get(conf)), conf, scheme);
  }

  /** The beans matching {@code query} (e.g. {@code Hadoop:service=*,name=StrataReads}); empty when none. */
  public static JsonNode beans(Configuration conf, String query) throws IOException {
    return beans(conf, query, Duration.ofSeconds(10), Duration.ofSeconds(20));
  }

  private static JsonNode beans(Configuration conf, String query, Duration connect, Duration answer)
      throws IOException {
    return beans(address(conf), conf, query, connect, answer);
  }

  /**
   * The beans matching {@code query} from the web UI at {@code webUi} ({@code http://host:port} or
   * {@code https://...}), for daemons given the NameNode's address rather than a client configuration.
   */
  public static JsonNode beans(URI webUi, Configuration conf, String query) throws IOException {
    return beans(webUi, conf, query, Duration.ofSeconds(5), Duration.ofSeconds(10));
  }

  private static JsonNode beans(URI webUi, Configuration conf, String query, Duration connect, Duration answer)
      throws IOException {
    URI uri = URI.create(webUi + "/jmx?qry=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    URLConnectionFactory connections = URLConnectionFactory.newDefaultURLConnectionFactory(
        (int) connect.toMillis(), (int) answer.toMillis(), conf);
    HttpURLConnection http = null;
    try {
      URLConnection connection = connections.openConnection(uri.toURL(), UserGroupInformation.isSecurityEnabled());
      http = (HttpURLConnection) connection;
      if (http.getResponseCode() != HttpURLConnection.HTTP_OK) {
        throw new IOException(uri + " answered HTTP " + http.getResponseCode());
      }
      JsonNode beans;
      try (InputStream body = http.getInputStream()) {
        beans = new ObjectMapper().readTree(body).path("beans");
      }
      if (!beans.isArray()) {
        throw new IOException(uri + " answered without a beans array");
      }
      return beans;
    } catch (AuthenticationException e) {
      throw new IOException(uri + ": SPNEGO authentication failed: " + e.getMessage(), e);
    } finally {
      if (http != null) {
        http.disconnect();
      }
      connections.destroy();
    }
  }

  /**
   * A warning when the NameNode's JMX shows that it does not run Strata's placement plugin, which moves between
   * tiers need (it applies the layout rules and honours the delete hint of a move that changes a replica's storage
   * type); null when it runs, or when the JMX servlet cannot be asked (an unreachable web UI, or one this user
   * may not read).
   */
  public static String placementPluginWarning(Configuration conf) {
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
