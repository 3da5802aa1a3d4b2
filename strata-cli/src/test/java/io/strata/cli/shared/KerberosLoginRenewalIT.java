package io.strata.cli.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.AccessController;
import java.security.PrivilegedAction;
import java.util.Date;
import java.util.Properties;
import javax.security.auth.Subject;
import javax.security.auth.kerberos.KerberosTicket;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A keytab login keeps a valid ticket past the lifetime of the first one, as a daemon running for weeks needs: a
 * real KDC ({@link MiniKdc}) hands out tickets of 15 seconds, and the login is watched for 40.
 */
class KerberosLoginRenewalIT {
  @Test
  void aKeytabLoginIsRenewedBeforeItsTicketExpires(@TempDir Path dir) throws Exception {
    Properties kdcConf = MiniKdc.createConf();
    // In seconds.
    kdcConf.setProperty(MiniKdc.MIN_TICKET_LIFETIME, "1");
    kdcConf.setProperty(MiniKdc.MAX_TICKET_LIFETIME, "15");
    MiniKdc kdc = new MiniKdc(kdcConf, dir.toFile());
    kdc.start();
    try {
      Path keytab = dir.resolve("daemon.keytab");
      kdc.createPrincipal(keytab.toFile(), "daemon");
      KerberosLogin login = new KerberosLogin();
      login.principal = "daemon@" + kdc.getRealm();
      login.keytab = keytab;
      Configuration conf = new Configuration(false);
      conf.set("hadoop.security.authentication", "kerberos");
      // Hadoop refuses a second login within a minute of the last by default; the tickets here live 15 s.
      conf.setInt("hadoop.kerberos.min.seconds.before.relogin", 1);
      login.login(conf);

      UserGroupInformation user = UserGroupInformation.getLoginUser();
      assertEquals(login.principal, user.getUserName());
      KerberosTicket first = ticket(user);
      assertTrue(first.getEndTime().getTime() - first.getStartTime().getTime() <= 15_000, "a short ticket: " + first);
      // A relogin destroys the old ticket, which then forgets its times.
      Date firstEnd = new Date(first.getEndTime().getTime());
      long until = System.currentTimeMillis() + 40_000;
      while (System.currentTimeMillis() < until) {
        KerberosTicket now = ticket(UserGroupInformation.getLoginUser());
        assertTrue(now.getEndTime().after(new Date()), "the login holds an unexpired ticket at " + new Date()
            + ": " + now.getEndTime());
        Thread.sleep(1000);
      }
      KerberosTicket last = ticket(UserGroupInformation.getLoginUser());
      assertTrue(last.getAuthTime().after(firstEnd), "logged in again after the first ticket's end: " + last);
    } finally {
      kdc.stop();
    }
  }

  /** The user's ticket-granting ticket, as its Subject holds it (Hadoop keeps the Subject's getter protected). */
  @SuppressWarnings("removal")
  private static KerberosTicket ticket(UserGroupInformation user) {
    Subject subject = user.doAs((PrivilegedAction<Subject>) () -> Subject.getSubject(AccessController.getContext()));
    return subject.getPrivateCredentials(KerberosTicket.class).stream()
        .filter(t -> t.getServer().getName().startsWith("krbtgt/")).findFirst()
        .orElseThrow(() -> new AssertionError("no ticket-granting ticket in " + subject));
  }
}
