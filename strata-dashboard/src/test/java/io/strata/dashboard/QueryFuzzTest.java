package io.strata.dashboard;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.strata.core.config.ConfigException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

/**
 * Any text as a dashboard request's query string or POSTed form: its parameters, each read as the endpoints and
 * actions read theirs, or a {@link ConfigException} naming the parameter (the page's 400); never another exception.
 */
class QueryFuzzTest {
  /** How the endpoints and actions read their parameters. */
  private static final List<Consumer<Query>> READS = List.of(q -> q.absolutePath("path", "/"),
      q -> q.absolutePath("path", null), q -> q.required("from"), q -> q.required("to"),
      q -> q.integer("replicas", 1, 1), q -> q.required("token"));

  @FuzzTest
  void parse(byte[] input) {
    Query query;
    try {
      query = Query.parse(new String(input, StandardCharsets.UTF_8));
    } catch (ConfigException e) {
      assertTrue(e.getMessage().contains("parameter '"), e.getMessage());
      return;
    }
    for (Consumer<Query> read : READS) {
      try {
        read.accept(query);
      } catch (ConfigException e) {
        assertTrue(e.getMessage().contains("parameter '"), e.getMessage());
      }
    }
  }
}
