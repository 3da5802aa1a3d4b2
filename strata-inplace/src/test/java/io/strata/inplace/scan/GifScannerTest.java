package io.strata.inplace.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.inplace.gif.Gif;
import io.strata.inplace.gif.GifEntry;
import io.strata.inplace.gif.GifHeader;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class GifScannerTest {
  @Test
  void objectNamesThatCannotBeHadoopPathsAreExplained() {
    assertNull(GifScanner.pathProblem("books/war and peace.txt"));
    assertNull(GifScanner.pathProblem("a:b"));
    assertTrue(GifScanner.pathProblem("/leading").startsWith("empty path component"));
    assertTrue(GifScanner.pathProblem("trailing/").startsWith("empty path component"));
    assertTrue(GifScanner.pathProblem("double//slash").startsWith("empty path component"));
    assertEquals("'..' as a path component", GifScanner.pathProblem("a/../b"));
    assertEquals("empty name", GifScanner.pathProblem(""));
  }

  private static GifEntry entry(String name, long size, long mtime, String block) {
    return new GifEntry("/" + name, block, List.of("n1", "n2"), "p", name, size, mtime, "1.0");
  }

  private static Gif gif(GifEntry... entries) {
    return new Gif(new GifHeader(1, "f", "p", 1, 2, 1, "", Instant.EPOCH, entries.length, 0, 0), List.of(entries));
  }

  @Test
  void diffSeesNewChangedMovedAndDeletedObjects() {
    Gif before = gif(entry("same", 1, 10, "blk_1"), entry("grown", 1, 10, "blk_2"), entry("touched", 1, 10, "blk_3"),
        entry("moved", 1, 10, "blk_4"), entry("deleted", 1, 10, "blk_5"));
    Gif after = gif(entry("same", 1, 10, "blk_1"), entry("grown", 2, 10, "blk_2"), entry("touched", 1, 11, "blk_3"),
        entry("moved", 1, 10, "blk_40"), entry("new", 1, 10, "blk_6"));
    GifScanner.Diff diff = GifScanner.diff(before, after);
    assertTrue(diff.againstPrevious());
    assertEquals(1, diff.added());
    assertEquals(3, diff.changed());
    assertEquals(1, diff.removed());
    assertEquals(1, diff.unchanged());
    assertTrue(diff.examples().containsAll(List.of("+ /new", "~ /grown", "~ /touched", "~ /moved", "- /deleted")),
        diff.examples().toString());
    assertFalse(GifScanner.diff(null, after).againstPrevious());
  }
}
