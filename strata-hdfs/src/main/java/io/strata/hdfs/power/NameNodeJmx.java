package io.strata.hdfs.power;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Reads one bean of the NameNode's JMX servlet ({@code /jmx?qry=...}) at its web UI. */
final class NameNodeJmx {
  private NameNodeJmx() {}

  static JsonNode bean(URI webUi, String name) throws IOException {
    URI uri = URI.create(webUi + "/jmx?qry=" + URLEncoder.encode(name, StandardCharsets.UTF_8));
    HttpURLConnection http = (HttpURLConnection) uri.toURL().openConnection();
    http.setConnectTimeout(5_000);
    http.setReadTimeout(10_000);
    try {
      if (http.getResponseCode() != HttpURLConnection.HTTP_OK) {
        throw new IOException(uri + " answered HTTP " + http.getResponseCode());
      }
      try (InputStream body = http.getInputStream()) {
        JsonNode beans = new ObjectMapper().readTree(body).path("beans");
        if (!beans.isArray() || beans.isEmpty()) {
          throw new IOException(uri + " has no bean " + name);
        }
        return beans.get(0);
      }
    } finally {
      http.disconnect();
    }
  }
}
