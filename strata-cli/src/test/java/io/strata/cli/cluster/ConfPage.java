package io.strata.cli.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;

/** A Hadoop daemon's running configuration, from its web server's {@code /conf} page. */
final class ConfPage {
  private ConfPage() {}

  /** The value the daemon at {@code webUi} (http://host:port) runs with for {@code key}. */
  static String value(String webUi, String key) throws IOException {
    HttpURLConnection connection = (HttpURLConnection) new URL(webUi + "/conf?name=" + key).openConnection();
    // Hadoop's ConfServlet answers in JSON only when the Accept header asks for it.
    connection.setRequestProperty("Accept", "application/json");
    try (InputStream in = connection.getInputStream()) {
      JsonNode property = new ObjectMapper().readTree(in).get("property");
      return property.get("value").asText();
    } finally {
      connection.disconnect();
    }
  }
}
