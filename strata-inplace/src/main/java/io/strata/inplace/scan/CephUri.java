package io.strata.inplace.scan;

import io.strata.core.config.ConfigException;
import java.util.regex.Pattern;

/** {@code ceph://POOL[/PREFIX]}: which objects a scan covers. The prefix matches object names literally. */
public record CephUri(String pool, String prefix) {
  private static final Pattern POOL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  public static CephUri parse(String text) {
    if (text == null || !text.startsWith("ceph://")) {
      throw new ConfigException("'" + text + "': expected ceph://POOL or ceph://POOL/PREFIX");
    }
    String rest = text.substring("ceph://".length());
    int slash = rest.indexOf('/');
    String pool = slash < 0 ? rest : rest.substring(0, slash);
    String prefix = slash < 0 ? "" : rest.substring(slash + 1);
    if (!POOL.matcher(pool).matches()) {
      throw new ConfigException("'" + text + "': '" + pool + "' is not a pool name (letters, digits, . _ -)");
    }
    return new CephUri(pool, prefix);
  }

  @Override
  public String toString() {
    return "ceph://" + pool + (prefix.isEmpty() ? "" : "/" + prefix);
  }
}
