package io.strata.core.kat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyFunctionsTest {

  private static List<String> keysAndRecords(String function, String line) throws MalformedRecordException {
    List<String> out = new ArrayList<>();
    KeyFunctions.STANDARD.create(function).extract(line, (key, record) -> out.add(key + "=" + record));
    return out;
  }

  @Test
  void fieldTakesTheNthFieldWithTabOrAGivenDelimiter() throws Exception {
    assertEquals(List.of("b=a\tb\tc"), keysAndRecords("field:2", "a\tb\tc"));
    assertEquals(List.of("c=a,b,c"), keysAndRecords("field:3:,", "a,b,c"));
    assertEquals(List.of("=a::"), keysAndRecords("field:2::", "a::"));
    MalformedRecordException e = assertThrows(MalformedRecordException.class, () -> keysAndRecords("field:3", "a\tb"));
    assertEquals("has 2 field(s), the key is field 3", e.getMessage());
  }

  @Test
  void regexTakesTheFirstMatchOrGroupOne() throws Exception {
    assertEquals(List.of("42=user 42 x"), keysAndRecords("regex:user (\\d+)", "user 42 x"));
    assertEquals(List.of("ab=xaby"), keysAndRecords("regex:a.", "xaby"));
    assertThrows(MalformedRecordException.class, () -> keysAndRecords("regex:q+", "abc"));
  }

  @Test
  void tokensSplitLikeWordCountAndKeyByARegexMatch() throws Exception {
    assertEquals(List.of("a=a", "bb=bb", "a=a"), keysAndRecords("tokens", "  a\tbb a "));
    assertEquals(List.of(), keysAndRecords("tokens", "   "));
    assertEquals(List.of("kalo=xkalo", "zz=zz"), keysAndRecords("tokens:ka[a-z]*lo", "xkalo zz"));
    assertTrue(KeyFunctions.STANDARD.create("tokens").splitsLines());
    assertFalse(KeyFunctions.STANDARD.create("field:1").splitsLines());
  }

  /** A user's key function, as {@code class:NAME} loads it. */
  public static final class Reversed implements KeyExtractor {
    @Override
    public void extract(String line, RecordSink sink) {
      sink.accept(new StringBuilder(line).reverse().toString(), line);
    }
  }

  @Test
  void aUserClassIsLoadedByName() throws Exception {
    assertEquals(List.of("cba=abc"), keysAndRecords("class:" + Reversed.class.getName(), "abc"));
    ConfigException e = assertThrows(ConfigException.class,
        () -> KeyFunctions.STANDARD.create("class:java.lang.String"));
    assertTrue(e.getMessage().contains("does not implement"), e.getMessage());
  }

  @Test
  void badKeyFunctionsNameTheInputAndTheProblem() {
    assertEquals("unknown key function 'colum:2' (known: field:N[:DELIM], regex:REGEX, tokens[:REGEX], class:NAME)",
        assertThrows(ConfigException.class, () -> KeyFunctions.STANDARD.create("colum:2")).getMessage());
    assertEquals("key 'field:x': 'x' is not a field number",
        assertThrows(ConfigException.class, () -> KeyFunctions.STANDARD.create("field:x")).getMessage());
    assertTrue(assertThrows(ConfigException.class, () -> KeyFunctions.STANDARD.create("regex:(")).getMessage()
        .startsWith("key 'regex:(': not a regular expression"));
    assertTrue(assertThrows(ConfigException.class, () -> KeyFunctions.STANDARD.create("field:0")).getMessage()
        .contains("counts from 1"));
  }
}
