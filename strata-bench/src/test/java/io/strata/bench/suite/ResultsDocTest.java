package io.strata.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/results.md holds no table figure that a result in docs/results/ does not stand behind: every suite block is
 * what its JSON gives, and every other table is marked as recorded before the suite.
 */
class ResultsDocTest {
  private static final Path DOCS = Path.of("..", "docs");

  @Test
  void everyTableFigureHasItsJson() throws IOException {
    String page = Files.readString(DOCS.resolve("results.md"), StandardCharsets.UTF_8);
    assertEquals(List.of(), ResultsPage.unbacked(page, ResultsPage.load(DOCS.resolve(ResultsPage.RESULTS_DIR))),
        "docs/results.md: rebuild its suite tables with strata bench suite --no-run");
  }
}
