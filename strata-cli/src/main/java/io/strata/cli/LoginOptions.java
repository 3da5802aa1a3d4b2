package io.strata.cli;

import io.strata.core.config.ConfigException;
import io.strata.dashboard.Authentication;
import io.strata.dashboard.Tls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code strata dashboard}'s login and HTTPS options. */
final class LoginOptions {
  @Option(names = "--auth", paramLabel = "TYPE",
      description = {"who may use the dashboard: kerberos (SPNEGO), simple (the user named once with ?user.name=, "
          + "then a signed cookie) or none (default on a loopback address; elsewhere it must be given, and does not "
          + "allow --allow-actions)"})
  String type;

  @Option(names = "--auth-secret", paramLabel = "FILE",
      description = "file holding the secret the login cookie is signed with, needed by --auth simple and "
          + "kerberos; readable by this command's user only")
  Path secret;

  @Option(names = "--kerberos-principal", paramLabel = "PRINCIPAL",
      description = "SPNEGO principal for --auth kerberos, e.g. HTTP/_HOST@EXAMPLE.COM")
  String principal;

  @Option(names = "--kerberos-keytab", paramLabel = "FILE",
      description = "the SPNEGO principal's keytab")
  Path keytab;

  @Option(names = "--tls-keystore", paramLabel = "FILE",
      description = "serve HTTPS with the key and certificate in this key store (PKCS12 or JKS)")
  Path keystore;

  @Option(names = "--tls-keystore-password-file", paramLabel = "FILE",
      description = "file whose first line is the key store's password (and the key's)")
  Path keystorePassword;

  /** The login asked for, or null when {@code --auth} was not given. */
  Authentication authentication() {
    if (type == null) {
      if (secret != null || principal != null || keytab != null) {
        throw new ConfigException("--auth-secret, --kerberos-principal and --kerberos-keytab need --auth");
      }
      return null;
    }
    for (Path file : new Path[] {secret, keytab}) {
      if (file != null && !Files.isReadable(file)) {
        throw new ConfigException(file + ": no such file, or not readable");
      }
    }
    return new Authentication(type, secret, principal, keytab);
  }

  /** HTTPS as asked for, or null. */
  Tls tls() {
    if (keystore == null) {
      if (keystorePassword != null) {
        throw new ConfigException("--tls-keystore-password-file needs --tls-keystore");
      }
      return null;
    }
    if (!Files.isReadable(keystore)) {
      throw new ConfigException("--tls-keystore " + keystore + ": no such file, or not readable");
    }
    if (keystorePassword == null) {
      throw new ConfigException("--tls-keystore needs --tls-keystore-password-file FILE");
    }
    try {
      String password = Files.readAllLines(keystorePassword).stream().findFirst().orElse("");
      return new Tls(keystore, password);
    } catch (IOException e) {
      throw new ConfigException("--tls-keystore-password-file " + keystorePassword + ": " + e.getMessage());
    }
  }
}
