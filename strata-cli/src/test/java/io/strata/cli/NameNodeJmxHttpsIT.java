package io.strata.cli;

import io.strata.hdfs.NameNodeJmx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.http.HttpConfig;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strata's NameNode JMX calls against a NameNode whose web UI serves HTTPS only ({@code dfs.http.policy}
 * {@code HTTPS_ONLY}), with a certificate the client trusts through {@code ssl-client.xml}, as a secured cluster
 * runs it.
 */
class NameNodeJmxHttpsIT {
  @TempDir
  static Path dir;
  static MiniDFSCluster cluster;
  static String keystores;
  static String sslConfDir;

  @BeforeAll
  static void start() throws Exception {
    Configuration conf = new HdfsConfiguration();
    conf.set(DFSConfigKeys.DFS_HTTP_POLICY_KEY, HttpConfig.Policy.HTTPS_ONLY.name());
    conf.set(DFSConfigKeys.DFS_NAMENODE_HTTPS_ADDRESS_KEY, "localhost:0");
    conf.set(DFSConfigKeys.DFS_DATANODE_HTTPS_ADDRESS_KEY, "localhost:0");
    keystores = Files.createDirectories(dir.resolve("keystores")).toString();
    // ssl-client.xml and ssl-server.xml are read from the classpath, as Hadoop's own HTTPS tests place them.
    sslConfDir = KeyStoreTestUtil.getClasspathDir(NameNodeJmxHttpsIT.class);
    KeyStoreTestUtil.setupSSLConfig(keystores, sslConfDir, conf, false);
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("hdfs").toString());
    cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
  }

  @AfterAll
  static void stop() throws Exception {
    if (cluster != null) {
      cluster.shutdown();
    }
    if (keystores != null) {
      KeyStoreTestUtil.cleanupSSLConfig(keystores, sslConfDir);
    }
  }

  @Test
  void theJmxIsAskedOverHttpsWhenTheWebUiServesOnlyHttps() throws Exception {
    Configuration conf = cluster.getConfiguration(0);
    String https = "https://localhost:" + cluster.getNameNode().getHttpsAddress().getPort();
    assertEquals(https, NameNodeJmx.address(conf).toString());

    assertEquals(1, NameNodeJmx.beans(conf, "Hadoop:service=NameNode,name=NameNodeInfo").size(),
        "the NameNode's own bean, read over HTTPS");
    assertEquals(0, NameNodeJmx.beans(conf, "Hadoop:service=*,name=StrataPlacement").size());
    // This NameNode runs HDFS's own placement: the warning needs the JMX answer, which plain HTTP never got here.
    String warning = NameNodeJmx.placementPluginWarning(conf);
    assertNotNull(warning, "the missing plugin is reported over HTTPS too");
    assertTrue(warning.startsWith("the NameNode at " + https + " does not run Strata's placement plugin"), warning);
  }
}
