package io.strata.inplace.rados;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How to reach a Ceph cluster: all of it comes from configuration (a ceph.conf file, Hadoop keys or command
 * options), never from code.
 *
 * @param confFile a ceph.conf to read first, or null to rely on {@code monHost} (librados then also skips its
 *     default search of /etc/ceph)
 * @param user the client id without "client.", e.g. "admin"
 * @param keyring a keyring file, or null
 * @param key the secret key itself (base64), or null; takes precedence over the keyring
 * @param monHost monitor addresses, or null to take them from {@code confFile}
 * @param options further librados options, applied last
 */
public record CephClientConfig(String confFile, String user, String keyring, String key, String monHost,
    Map<String, String> options) {

  public CephClientConfig {
    if (user == null || user.isBlank()) {
      throw new IllegalArgumentException("Ceph user must not be empty");
    }
    if (user.startsWith("client.")) {
      user = user.substring("client.".length());
    }
    options = Map.copyOf(options);
    if (confFile == null && monHost == null) {
      throw new IllegalArgumentException("give a ceph.conf or the monitor addresses (mon_host)");
    }
  }

  public static CephClientConfig ofConfFile(String confFile) {
    return new CephClientConfig(confFile, "admin", null, null, null, Map.of());
  }

  public CephClientConfig withOption(String name, String value) {
    Map<String, String> merged = new LinkedHashMap<>(options);
    merged.put(name, value);
    return new CephClientConfig(confFile, user, keyring, key, monHost, merged);
  }

  /** What to show a user: never the key. */
  public String describe() {
    return "client." + user + "@" + (monHost != null ? monHost : confFile);
  }
}
