package io.strata.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.AuthenticationFilterInitializer;
import org.junit.jupiter.api.Test;

/** The Hadoop HTTP settings a login asks for, and the refusals naming what a login lacks. */
class AuthenticationTest {
  private final Configuration site = new Configuration(false);

  @Test
  void simpleAndKerberosPutHadoopAuthsFilterInFrontWithoutAnonymousUsers() {
    Configuration http = new Authentication("SIMPLE", Path.of("/etc/secret"), null, null).apply(site);
    assertEquals(AuthenticationFilterInitializer.class.getName(), http.get("hadoop.http.filter.initializers"));
    assertEquals("simple", http.get("hadoop.http.authentication.type"));
    assertEquals("false", http.get("hadoop.http.authentication.simple.anonymous.allowed"));
    assertEquals("/etc/secret", http.get("hadoop.http.authentication.signature.secret.file"));

    site.set("hadoop.http.authentication.signature.secret.file", "/site/secret");
    site.set("hadoop.http.authentication.kerberos.keytab", "/site/spnego.keytab");
    Configuration kerberos = new Authentication("kerberos", null, "HTTP/_HOST@EXAMPLE.COM", null).apply(site);
    assertEquals("kerberos", kerberos.get("hadoop.http.authentication.type"));
    assertEquals("HTTP/_HOST@EXAMPLE.COM", kerberos.get("hadoop.http.authentication.kerberos.principal"));
    assertEquals("/site/spnego.keytab", kerberos.get("hadoop.http.authentication.kerberos.keytab"));
    assertEquals("/site/secret", kerberos.get("hadoop.http.authentication.signature.secret.file"));
  }

  @Test
  void noneClearsTheSitesFilters() {
    site.set("hadoop.http.filter.initializers", AuthenticationFilterInitializer.class.getName());
    assertEquals("", Authentication.none().apply(site).get("hadoop.http.filter.initializers"));
  }

  @Test
  void whatALoginLacksIsNamed() {
    ConfigException noSecret = assertThrows(ConfigException.class,
        () -> new Authentication("simple", null, null, null).apply(site));
    assertTrue(noSecret.getMessage().contains("--auth simple needs --auth-secret FILE"), noSecret.getMessage());
    ConfigException noPrincipal = assertThrows(ConfigException.class,
        () -> new Authentication("kerberos", Path.of("/s"), null, Path.of("/k")).apply(site));
    assertTrue(noPrincipal.getMessage().contains("--auth kerberos needs --kerberos-principal"),
        noPrincipal.getMessage());
    ConfigException unknown = assertThrows(ConfigException.class, () -> new Authentication("basic", null, null, null));
    assertTrue(unknown.getMessage().contains("--auth 'basic': must be none, simple or kerberos"),
        unknown.getMessage());
  }
}
