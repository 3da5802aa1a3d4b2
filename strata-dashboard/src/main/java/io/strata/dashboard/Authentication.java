package io.strata.dashboard;

import io.strata.core.config.ConfigException;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.AuthenticationFilterInitializer;

/**
 * How the dashboard knows who is asking: hadoop-auth's {@code AuthenticationFilter}, set up as every Hadoop web UI
 * sets it up ({@code hadoop.http.authentication.*}), or nothing.
 *
 * @param type      {@code none}, {@code simple} (the user named once by {@code ?user.name=}, then a cookie signed
 *                  with the secret) or {@code kerberos} (SPNEGO)
 * @param secret    the file holding the secret the cookie is signed with, or null for the configuration's
 *                  {@code hadoop.http.authentication.signature.secret.file}
 * @param principal the SPNEGO principal ({@code HTTP/_HOST@REALM}), or null for the configuration's
 * @param keytab    its keytab, or null for the configuration's
 */
public record Authentication(String type, Path secret, String principal, Path keytab) {
  public static final String NONE = "none";
  public static final String SIMPLE = "simple";
  public static final String KERBEROS = "kerberos";
  private static final String PREFIX = "hadoop.http.authentication.";

  public static Authentication none() {
    return new Authentication(NONE, null, null, null);
  }

  public Authentication {
    type = type.toLowerCase(Locale.ROOT);
    if (!type.equals(NONE) && !type.equals(SIMPLE) && !type.equals(KERBEROS)) {
      throw new ConfigException("--auth '" + type + "': must be none, simple or kerberos");
    }
  }

  public boolean enabled() {
    return !type.equals(NONE);
  }

  /**
   * {@code conf} with the settings of Hadoop's HTTP server that put the filter in front of every page: the site's
   * own {@code hadoop.http.authentication.*} (cookie domain, token validity...) with this type, secret, principal
   * and keytab over them; with {@code none}, no filter.
   *
   * @throws ConfigException when a setting the type needs is missing
   */
  Configuration apply(Configuration conf) {
    Configuration http = new Configuration(conf);
    if (!enabled()) {
      http.set("hadoop.http.filter.initializers", "");
      return http;
    }
    http.set("hadoop.http.filter.initializers", AuthenticationFilterInitializer.class.getName());
    http.set(PREFIX + "type", type);
    // Nobody unnamed: a request without a user is answered 401.
    http.setBoolean(PREFIX + "simple.anonymous.allowed", false);
    if (secret != null) {
      http.set(PREFIX + "signature.secret.file", secret.toAbsolutePath().toString());
    }
    // Each of Hadoop's contexts (the pages, /static) runs its own filter: without one secret for all, a cookie
    // signed by one is refused by the others.
    if (http.getTrimmed(PREFIX + "signature.secret.file", "").isEmpty()) {
      throw new ConfigException("--auth " + type + " needs --auth-secret FILE (or " + PREFIX
          + "signature.secret.file in the configuration): the secret the login cookie is signed with");
    }
    if (type.equals(KERBEROS)) {
      if (principal != null) {
        http.set(PREFIX + "kerberos.principal", principal);
      }
      if (keytab != null) {
        http.set(PREFIX + "kerberos.keytab", keytab.toAbsolutePath().toString());
      }
      for (String key : new String[] {"kerberos.principal", "kerberos.keytab"}) {
        if (http.getTrimmed(PREFIX + key, "").isEmpty()) {
          throw new ConfigException("--auth kerberos needs --" + key.replace('.', '-') + " (or " + PREFIX + key
              + " in the configuration)");
        }
      }
    }
    return http;
  }
}
