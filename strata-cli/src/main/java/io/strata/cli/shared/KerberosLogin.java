package io.strata.cli.shared;

import io.strata.core.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.security.UserGroupInformation;
import picocli.CommandLine.Option;

/**
 * Who a command is to a Kerberized cluster ({@code hadoop.security.authentication=kerberos} in its
 * configuration): the principal of {@code --principal}, logged in from {@code --keytab}, else the ticket that
 * {@code kinit} left in the ticket cache. A keytab login is renewed by Hadoop's own renewal thread
 * ({@code hadoop.kerberos.keytab.login.autorenewal.enabled}) before the ticket expires, so the daemons
 * ({@code autotier run}, {@code monitor}, {@code power run}) keep working for as long as they run.
 */
public final class KerberosLogin {
  @Option(names = "--principal", paramLabel = "NAME",
      description = "Kerberos principal to log in as, with --keytab, e.g. strata@EXAMPLE.COM (default: the ticket "
          + "kinit left, when the configuration turns Kerberos on)")
  String principal;

  @Option(names = "--keytab", paramLabel = "FILE",
      description = "keytab of --principal; the login is renewed from it for as long as the command runs")
  Path keytab;

  /**
   * Logs this process in as the options and {@code conf} say (once; later calls with the same principal do
   * nothing). Without Kerberos in {@code conf} this does nothing but refuse a keytab.
   *
   * @throws ConfigException when the options are incomplete, the keytab cannot be read or the login fails, or
   *     when Kerberos is on and there is neither a keytab nor a ticket
   */
  public void login(Configuration conf) {
    if ((principal == null) != (keytab == null)) {
      throw new ConfigException("--principal and --keytab go together: give both, or neither to use kinit's ticket");
    }
    boolean kerberos = "kerberos".equalsIgnoreCase(
        conf.getTrimmed(CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION, "simple"));
    if (!kerberos) {
      if (keytab != null) {
        throw new ConfigException("--keytab " + keytab + ": Kerberos is off in this configuration "
            + "(hadoop.security.authentication is not kerberos in core-site.xml; is --conf the cluster's?)");
      }
      return;
    }
    if (keytab != null && !Files.isReadable(keytab)) {
      throw new ConfigException("--keytab " + keytab + ": no such readable file");
    }
    synchronized (KerberosLogin.class) {
      try {
        if (keytab != null) {
          loginFromKeytab(conf);
        } else {
          UserGroupInformation.setConfiguration(conf);
          requireTicket(UserGroupInformation.getLoginUser());
        }
      } catch (IOException e) {
        throw new ConfigException("Kerberos login" + (keytab == null ? "" : " as " + principal + " from " + keytab)
            + " failed: " + e.getMessage(), e);
      }
    }
  }

  private void loginFromKeytab(Configuration conf) throws IOException {
    if (UserGroupInformation.isSecurityEnabled() && UserGroupInformation.isLoginKeytabBased()
        && principal.equals(UserGroupInformation.getLoginUser().getUserName())) {
      return;
    }
    Configuration renewing = new Configuration(conf);
    renewing.setBoolean(CommonConfigurationKeysPublic.HADOOP_KERBEROS_KEYTAB_LOGIN_AUTORENEWAL_ENABLED, true);
    UserGroupInformation.setConfiguration(renewing);
    UserGroupInformation.loginUserFromKeytab(principal, keytab.toString());
  }

  private static void requireTicket(UserGroupInformation user) {
    if (!user.hasKerberosCredentials()) {
      throw new ConfigException("Kerberos is on (hadoop.security.authentication=kerberos) but " + user.getUserName()
          + " has no Kerberos ticket: run kinit, or pass --principal and --keytab");
    }
  }
}
