package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalDirsCommandTest {
  private final CliRun cli = new CliRun();

  @TempDir
  Path dir;

  private Path site(String name, String... properties) throws Exception {
    StringBuilder xml = new StringBuilder("<configuration>\n");
    for (int i = 0; i < properties.length; i += 2) {
      xml.append("<property><name>").append(properties[i]).append("</name><value>").append(properties[i + 1])
          .append("</value></property>\n");
    }
    Path file = dir.resolve(name);
    Files.writeString(file, xml.append("</configuration>\n").toString());
    return file;
  }

  private Path hdfsSite() throws Exception {
    return site("hdfs-site.xml", "dfs.datanode.data.dir", "[SSD]/data/1/dfs/dn,[DISK]/data/2/dfs/dn");
  }

  @Test
  void printsLocalDirsBesideTheTiersDataNodeVolumes() throws Exception {
    assertEquals(0, cli.strata("local-dirs", "--hdfs-site", hdfsSite().toString()), cli.stderr());
    assertTrue(cli.stdout().contains("yarn.nodemanager.local-dirs = /data/2/dfs/yarn-local"), cli.stdout());
    assertEquals(0, cli.strata("local-dirs", "--tier", "ssd", "--hdfs-site", hdfsSite().toString(), "--json"));
    assertTrue(cli.stdout().contains("\"localDirs\" : [ \"/data/1/dfs/yarn-local\" ]"), cli.stdout());
  }

  @Test
  void checksTheCurrentSettingsAndNamesEveryDirOffTheTier() throws Exception {
    Path yarn = site("yarn-site.xml", "yarn.nodemanager.local-dirs", "/data/2/dfs/yarn-local,/data/1/dfs/yarn");
    Path mapred = site("mapred-site.xml", "mapreduce.cluster.local.dir", "/data/2/dfs/mr");
    assertEquals(1, cli.strata("local-dirs", "--hdfs-site", hdfsSite().toString(), "--yarn-site",
        yarn + "," + mapred));
    assertTrue(cli.stdout().contains("1 problem(s)") && cli.stdout().contains("/data/1/dfs/yarn, which is beside no"
        + " DISK DataNode volume"), cli.stdout());
    Path good = site("yarn-good.xml", "yarn.nodemanager.local-dirs", "/data/2/dfs/yarn-local");
    assertEquals(0, cli.strata("local-dirs", "--hdfs-site", hdfsSite().toString(), "--yarn-site",
        good + "," + mapred));
    assertTrue(cli.stdout().contains("current settings: OK"), cli.stdout());
  }

  @Test
  void badInputIsRefusedByNameWithExitTwo() throws Exception {
    assertEquals(2, cli.strata("local-dirs", "--tier", "nvme", "--hdfs-site", hdfsSite().toString()));
    assertTrue(cli.stderr().contains("unknown tier 'nvme' (known: ssd, hdd)"), cli.stderr());
    Path noDisk = site("hdfs-ssd.xml", "dfs.datanode.data.dir", "[SSD]/data/1/dfs/dn");
    assertEquals(2, cli.strata("local-dirs", "--hdfs-site", noDisk.toString()));
    assertTrue(cli.stderr().contains("has no [DISK] volume on this node"), cli.stderr());
    assertEquals(2, cli.strata("local-dirs", "--hdfs-site", dir.resolve("missing.xml").toString()));
    assertTrue(cli.stderr().contains("--hdfs-site: no such file"), cli.stderr());
  }
}
