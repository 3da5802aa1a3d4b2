package io.strata.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSTestUtil;

/**
 * Data of users other than the one a test acts as, made by the HDFS superuser, for the tests of what an ordinary
 * user may do to it ({@link OrdinaryUserIT} on a cluster without Kerberos, {@link KerberosIT} with it).
 */
final class OtherUsersData {
  /** Bob's file, in his private directory. */
  static final String BOBS_FILE = "/users/bob/f";
  /** Where carol's KAT data goes: ingest into it, then {@link #giveToCarol}. */
  static final String CAROLS_KAT = "/users/carol/kat";

  private OtherUsersData() {}

  /**
   * Bob's private directory (0700, his own) with {@link #BOBS_FILE}: two blocks of {@code blockSize}, three replicas,
   * on the tiers HDFS's default policy gives them.
   */
  static void bobsPrivateFile(FileSystem fs, int blockSize) throws IOException, InterruptedException,
      TimeoutException {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(BOBS_FILE);
    try (OutputStream out = fs.create(file, (short) 3)) {
      out.write(new byte[2 * blockSize]);
    }
    DFSTestUtil.waitReplication(fs, file, (short) 3);
    fs.setOwner(file.getParent(), "bob", "users");
    fs.setOwner(file, "bob", "users");
    fs.setPermission(file.getParent(), new FsPermission((short) 0700));
  }

  /** Lines for {@code strata kat ingest FILE CAROLS_KAT --key field:3: --partitions 4}, written into {@code dir}. */
  static Path katLines(Path dir) throws IOException {
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 2_000; i++) {
      lines.append("event ").append(i).append(" user").append(i % 37).append('\n');
    }
    return Files.writeString(dir.resolve("kat-src.txt"), lines, StandardCharsets.UTF_8);
  }

  /** Gives carol her home directory, once the superuser has ingested {@link #CAROLS_KAT}. */
  static void giveToCarol(FileSystem fs) throws IOException {
    fs.setOwner(new org.apache.hadoop.fs.Path(CAROLS_KAT).getParent(), "carol", "users");
  }
}
