package io.strata.inplace.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import org.junit.jupiter.api.Test;

class CephUriTest {
  @Test
  void parsesPoolAndPrefix() {
    assertEquals(new CephUri("books", ""), CephUri.parse("ceph://books"));
    assertEquals(new CephUri("books", ""), CephUri.parse("ceph://books/"));
    assertEquals(new CephUri("books", "tolstoy/"), CephUri.parse("ceph://books/tolstoy/"));
    assertEquals("ceph://books/tolstoy/", CephUri.parse("ceph://books/tolstoy/").toString());
  }

  @Test
  void refusesOtherSchemesAndBadPoolNames() {
    ConfigException e = assertThrows(ConfigException.class, () -> CephUri.parse("s3://books"));
    assertTrue(e.getMessage().contains("'s3://books': expected ceph://POOL"), e.getMessage());
    e = assertThrows(ConfigException.class, () -> CephUri.parse("ceph:///prefix"));
    assertTrue(e.getMessage().contains("'' is not a pool name"), e.getMessage());
    e = assertThrows(ConfigException.class, () -> CephUri.parse("ceph://bo oks"));
    assertTrue(e.getMessage().contains("'bo oks' is not a pool name"), e.getMessage());
  }
}
