package io.strata.core.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Paths replaced by stable per-component tokens, and bad lines named without their text. */
class PathAnonymizerTest {
  /** The first 16 hex digits of {@code printf user | sha256sum}: the same token on every machine and in every run. */
  private static final String USER = "04f8996da763b7a9";

  @Test
  void eachComponentBecomesTheStartOfItsSha256() {
    assertEquals("/" + USER, PathAnonymizer.path("/user"));
    String alice = PathAnonymizer.path("/user/alice/data.csv");
    assertTrue(alice.matches("/" + USER + "/[0-9a-f]{16}/[0-9a-f]{16}"), alice);
    assertFalse(alice.contains("alice") || alice.contains("data"), alice);
  }

  @Test
  void theSamePathGivesTheSameTokensAndSharedDirectoriesShareThem() {
    assertEquals(PathAnonymizer.path("/user/alice/a"), PathAnonymizer.path("/user/alice/a"));
    String a = PathAnonymizer.path("/user/alice/a");
    String b = PathAnonymizer.path("/user/alice/b");
    assertEquals(a.substring(0, a.lastIndexOf('/')), b.substring(0, b.lastIndexOf('/')));
    assertNotEquals(a, b);
    assertNotEquals(PathAnonymizer.path("/user/bob/a"), a);
  }

  @Test
  void theRootAndTrailingSlashesStay() {
    assertEquals("/", PathAnonymizer.path("/"));
    assertEquals("/" + USER + "/", PathAnonymizer.path("/user/"));
  }

  @Test
  void aBadLineIsNamedByFileAndLineOnly() {
    BadInputException bad = BadInputException.atLine("/var/log/hadoop/hdfs-audit.log.2", 17,
        "not an HDFS audit log record: 'src=/user/alice/secret'");
    assertEquals("hdfs-audit.log.2: line 17: its text is withheld by --anonymize", PathAnonymizer.problem(bad));
    assertEquals("hdfs-audit.log.2: line 17: its text is withheld by --anonymize",
        PathAnonymizer.problem(bad.getMessage()));
    assertFalse(PathAnonymizer.problem("fsimage_1: INODE section: /user/alice").contains("alice"));
  }
}
