package io.strata.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import org.junit.jupiter.api.Test;

class QueryTest {
  @Test
  void parametersAreDecodedAndCheckedWithTheirNamesInTheErrors() {
    Query query = Query.parse("path=%2Fdata%2Fa+b&replicas=2&empty=");
    assertEquals("/data/a b", query.absolutePath("path", "/"));
    assertEquals(2, query.integer("replicas", 1, 1));
    assertEquals("/", query.absolutePath("empty", "/"));
    assertEquals(1, Query.parse(null).integer("replicas", 1, 1));

    assertTrue(assertThrows(ConfigException.class, () -> Query.parse("path=data").absolutePath("path", "/"))
        .getMessage().contains("parameter 'path': 'data' is not an absolute path"));
    assertTrue(assertThrows(ConfigException.class, () -> Query.parse("replicas=x").integer("replicas", 1, 1))
        .getMessage().contains("parameter 'replicas': 'x' is not a whole number"));
    assertTrue(assertThrows(ConfigException.class, () -> Query.parse("replicas=0").integer("replicas", 1, 1))
        .getMessage().contains("must be at least 1"));
    assertTrue(assertThrows(ConfigException.class, () -> Query.parse("").required("token")).getMessage()
        .contains("parameter 'token' is required"));
  }

  @Test
  void aParameterThatIsNotUrlEncodedIsNamed() {
    // Found by QueryFuzzTest: URLDecoder's IllegalArgumentException came through as it was ("Incomplete trailing
    // escape (%) pattern"), without saying which parameter.
    assertEquals("parameter 'path': '/a%2' is not URL-encoded (URLDecoder: Incomplete trailing escape (%) pattern)",
        assertThrows(ConfigException.class, () -> Query.parse("replicas=2&path=/a%2")).getMessage());
    assertTrue(assertThrows(ConfigException.class, () -> Query.parse("path%-fr&to=disk")).getMessage()
        .startsWith("parameter 'path%-fr': 'path%-fr' is not URL-encoded (URLDecoder: Illegal hex characters"));
  }
}
