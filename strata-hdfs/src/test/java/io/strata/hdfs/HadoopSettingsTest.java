package io.strata.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HadoopSettingsTest {
  @Test
  void knownKeysWithValuesOfTheirTypeAreTakenInOrder() {
    Map<String, String> settings = HadoopSettings.parse(List.of("dfs.replication=2", "dfs.blocksize=16m",
        "dfs.permissions.enabled=false", "strata.retrieval.policy=hybrid", "dfs.replication=1",
        "dfs.namenode.checkpoint.period=1h"), "-D");
    assertEquals(Map.of("dfs.replication", "1", "dfs.blocksize", "16m", "dfs.permissions.enabled", "false",
        "strata.retrieval.policy", "hybrid", "dfs.namenode.checkpoint.period", "1h"), settings);
  }

  @Test
  void aMistypedKeyIsRefusedWithTheNearestKnownOne() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> HadoopSettings.parse(List.of("dfs.blcksize=16m"), "-D"));
    assertEquals("-D dfs.blcksize=16m: unknown key 'dfs.blcksize' (not in Hadoop's core-default.xml or "
        + "hdfs-default.xml, nor one of Strata's); did you mean dfs.blocksize?", e.getMessage());
  }

  @Test
  void valuesOfTheWrongTypeAndMalformedDefinitionsAreRefused() {
    assertTrue(message("dfs.replication=two")
        .contains("dfs.replication is a number, with a unit where its default has one (default 3)"));
    assertTrue(message("dfs.permissions.enabled=maybe").contains("is true or false"));
    assertTrue(message("dfs.namenode.slowpeer.collect.interval=soon").contains("(default 30m)"));
    assertTrue(message("strata.retrieval.policy=fastest").contains("unknown retrieval policy 'fastest'"));
    assertTrue(message("dfs.replication").contains("expected KEY=VALUE"));
    assertTrue(message("=3").contains("expected KEY=VALUE"));
    assertTrue(message("fs.defaultFS=hdfs://x:1").contains("the cluster sets fs.defaultFS itself; use --port"));
  }

  private static String message(String definition) {
    return assertThrows(ConfigException.class, () -> HadoopSettings.parse(List.of(definition), "-D")).getMessage();
  }
}
