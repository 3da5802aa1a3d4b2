package io.strata.cli.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.ssl.SSLFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HdfsConnectionTest {
  private static String site(String key, String value) {
    return "<configuration><property><name>" + key + "</name><value>" + value + "</value></property></configuration>";
  }

  @Test
  void theTruststoreOfTheConfigurationDirectorysSslClientFileIsTrusted(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("core-site.xml"), site(SSLFactory.SSL_CLIENT_CONF_KEY, "ssl-client-cluster1.xml"));
    Files.writeString(dir.resolve("ssl-client-cluster1.xml"), site("ssl.client.truststore.location",
        "/etc/security/cluster1.jks"));
    Configuration conf = HdfsConnection.configuration(dir, null);
    // As Hadoop's HTTPS clients (URLConnectionFactory) read it: the class path has no such file.
    assertEquals("/etc/security/cluster1.jks", SSLFactory.readSSLConfiguration(conf, SSLFactory.Mode.CLIENT).get(
        "ssl.client.truststore.location"));
  }

  @Test
  void aDirectoryWithoutOneChangesNothing(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("core-site.xml"), site("fs.defaultFS", "hdfs://nn:8020"));
    Configuration conf = HdfsConnection.configuration(dir, null);
    assertEquals(null, conf.get("ssl.client.truststore.location"));
    assertEquals("hdfs://nn:8020", conf.get("fs.defaultFS"));
  }
}
