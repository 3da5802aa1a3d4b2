package io.strata.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.log4j.FileAppender;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;

/**
 * Sends the NameNode's audit log to a file, as {@code log4j.properties} does on a production NameNode
 * ({@code hdfs.audit.logger=INFO,RFAAUDIT}), so audit-log tools can be tried on the embedded cluster.
 */
final class AuditLogFile {
  static final String LOGGER = "org.apache.hadoop.hdfs.server.namenode.FSNamesystem.audit";

  private AuditLogFile() {}

  static synchronized void attach(Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Logger audit = Logger.getLogger(LOGGER);
    String name = "strata-audit-" + file.toAbsolutePath();
    if (audit.getAppender(name) != null) {
      return;
    }
    FileAppender appender = new FileAppender(new PatternLayout("%d{ISO8601} %p %c{2}: %m%n"), file.toString(), true);
    appender.setName(name);
    audit.addAppender(appender);
    audit.setLevel(Level.INFO);
    audit.setAdditivity(false);
  }
}
