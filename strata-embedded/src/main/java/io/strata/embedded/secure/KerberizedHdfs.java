package io.strata.embedded.secure;

import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;

/**
 * A real KDC (Hadoop's {@link MiniKdc}) and the settings that secure an {@link EmbeddedCluster} with it, as a
 * production cluster is secured: Kerberos for RPC ({@code hadoop.security.authentication=kerberos}), the NameNode
 * and DataNodes logging in from a keytab, block access tokens, SASL on the data transfer protocol and the web UIs
 * on HTTPS only (with SPNEGO), so DataNodes need no privileged ports. Users named at start get a principal and a
 * keytab each; the first is in the HDFS superuser group (through Hadoop's static group mapping), the others in
 * none.
 *
 * <p>The SSL settings are read as class path resources, as Hadoop reads them; they are written to a directory on
 * the class path, under names of this KDC's own, so clusters of other tests beside it keep theirs.
 */
public final class KerberizedHdfs implements AutoCloseable {
  /** The services' host name: principals are {@code hdfs/localhost} and {@code HTTP/localhost}. */
  public static final String HOST = "localhost";

  private final MiniKdc kdc;
  private final Path dir;
  private final Map<String, String> serverConf;
  private final Map<String, String> clientConf;
  private final Path sslConfDir;
  private final String sslServerResource;
  private final String sslClientResource;

  private KerberizedHdfs(MiniKdc kdc, Path dir, Map<String, String> serverConf, Map<String, String> clientConf,
      Path sslConfDir, String sslServerResource, String sslClientResource) {
    this.kdc = kdc;
    this.dir = dir;
    this.serverConf = serverConf;
    this.clientConf = clientConf;
    this.sslConfDir = sslConfDir;
    this.sslServerResource = sslServerResource;
    this.sslClientResource = sslClientResource;
  }

  /**
   * Starts a KDC working in {@code dir} with principals for the services and for {@code users} (the first an HDFS
   * superuser), writes the SSL settings to {@code classpathDir} (a directory on this JVM's class path), and turns
   * Kerberos on for this JVM's Hadoop security.
   */
  public static KerberizedHdfs start(Path dir, Path classpathDir, String... users) throws Exception {
    Files.createDirectories(dir);
    MiniKdc kdc = new MiniKdc(MiniKdc.createConf(), dir.toFile());
    kdc.start();
    try {
      String realm = kdc.getRealm();
      Path services = dir.resolve("hdfs.keytab");
      kdc.createPrincipal(services.toFile(), "hdfs/" + HOST, "HTTP/" + HOST);
      for (String user : users) {
        kdc.createPrincipal(dir.resolve(user + ".keytab").toFile(), user);
      }
      String hdfs = "hdfs/" + HOST + "@" + realm;
      Map<String, String> client = new LinkedHashMap<>();
      client.put("hadoop.security.authentication", "kerberos");
      client.put("dfs.namenode.kerberos.principal", hdfs);
      client.put("dfs.data.transfer.protection", "authentication");
      client.put("dfs.http.policy", "HTTPS_ONLY");

      Map<String, String> server = new LinkedHashMap<>(client);
      server.put("dfs.namenode.keytab.file", services.toString());
      server.put("dfs.datanode.kerberos.principal", hdfs);
      server.put("dfs.datanode.keytab.file", services.toString());
      server.put("dfs.web.authentication.kerberos.principal", "HTTP/" + HOST + "@" + realm);
      server.put("dfs.web.authentication.kerberos.keytab", services.toString());
      server.put("dfs.block.access.token.enable", "true");
      server.put("dfs.namenode.https-address", HOST + ":0");
      server.put("dfs.datanode.https.address", HOST + ":0");
      if (users.length > 0) {
        server.put("hadoop.user.group.static.mapping.overrides", "dr.who=;" + users[0] + "=supergroup");
      }

      Path keystores = Files.createDirectories(dir.resolve("keystores"));
      Path sslWritten = Files.createDirectories(dir.resolve("ssl"));
      Configuration sslConf = new Configuration(false);
      KeyStoreTestUtil.setupSSLConfig(keystores.toString(), sslWritten.toString(), sslConf, false);
      String suffix = "-kdc-" + kdc.getPort() + ".xml";
      String serverResource = "ssl-server" + suffix;
      String clientResource = "ssl-client" + suffix;
      Files.copy(sslWritten.resolve(KeyStoreTestUtil.getServerSSLConfigFileName()),
          classpathDir.resolve(serverResource), StandardCopyOption.REPLACE_EXISTING);
      Files.copy(sslWritten.resolve(KeyStoreTestUtil.getClientSSLConfigFileName()),
          classpathDir.resolve(clientResource), StandardCopyOption.REPLACE_EXISTING);
      server.put("hadoop.ssl.server.conf", serverResource);
      server.put("dfs.https.server.keystore.resource", serverResource);
      server.put("hadoop.ssl.client.conf", clientResource);
      client.put("hadoop.ssl.client.conf", clientResource);

      Configuration login = new Configuration();
      server.forEach(login::set);
      UserGroupInformation.setConfiguration(login);
      return new KerberizedHdfs(kdc, dir, Map.copyOf(server), Map.copyOf(client), classpathDir, serverResource,
          clientResource);
    } catch (Exception | Error e) {
      kdc.stop();
      throw e;
    }
  }

  /** The keys that secure the cluster, for {@link EmbeddedCluster.Options#withConf}. */
  public Map<String, String> serverConf() {
    return serverConf;
  }

  public String realm() {
    return kdc.getRealm();
  }

  /** {@code user@REALM}. */
  public String principal(String user) {
    return user + "@" + kdc.getRealm();
  }

  /** The keytab of a user named at start. */
  public Path keytab(String user) {
    return dir.resolve(user + ".keytab");
  }

  /** The krb5.conf naming this KDC, for {@code -Djava.security.krb5.conf} of a client in another JVM. */
  public Path krb5Conf() {
    return kdc.getKrb5conf().toPath();
  }

  /**
   * Writes the cluster's client configuration to {@code dir} as {@link ClientConfigWriter} does, with the
   * security keys a client needs: Kerberos, the NameNode's principal, SASL on data transfer and the HTTPS web UI.
   */
  public void writeClientConf(EmbeddedCluster cluster, Path confDir, String specText) throws IOException {
    String webUi = "https://" + HOST + ":" + cluster.miniCluster().getNameNode().getHttpsAddress().getPort();
    ClientConfigWriter.write(confDir, cluster.uri(), webUi, cluster.miniCluster().getConfiguration(0), specText);
    for (String file : new String[] {"core-site.xml", "hdfs-site.xml"}) {
      Configuration conf = new Configuration(false);
      conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve(file).toUri()));
      if (file.equals("core-site.xml")) {
        conf.set("hadoop.security.authentication", clientConf.get("hadoop.security.authentication"));
        conf.set("hadoop.ssl.client.conf", clientConf.get("hadoop.ssl.client.conf"));
      } else {
        clientConf.forEach((key, value) -> {
          if (key.startsWith("dfs.")) {
            conf.set(key, value);
          }
        });
        conf.unset("dfs.namenode.http-address");
        conf.set("dfs.namenode.https-address", webUi.substring("https://".length()));
      }
      conf.size(); // loads the file before it is overwritten
      try (OutputStream out = Files.newOutputStream(confDir.resolve(file))) {
        conf.writeXml(out);
      }
    }
  }

  /** Stops the KDC and removes the SSL settings from the class path directory. */
  @Override
  public void close() throws IOException {
    kdc.stop();
    Files.deleteIfExists(sslConfDir.resolve(sslServerResource));
    Files.deleteIfExists(sslConfDir.resolve(sslClientResource));
  }
}
