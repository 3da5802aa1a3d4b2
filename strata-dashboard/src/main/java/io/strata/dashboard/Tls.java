package io.strata.dashboard;

import java.nio.file.Path;

/**
 * The dashboard's certificate for HTTPS.
 *
 * @param keystore the key store holding the server's key and certificate (PKCS12 or JKS)
 * @param password its password (and the key's)
 */
public record Tls(Path keystore, String password) {
  @Override
  public String toString() {
    return "Tls[" + keystore + "]";
  }
}
