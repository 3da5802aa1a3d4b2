package io.strata.inplace.rados;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One librados connection ({@code rados_t}). Thread-safe, as librados is: one connection serves every reader of a
 * JVM. Close it once, after the pools opened from it.
 */
public final class RadosCluster implements AutoCloseable {
  private final Librados lib;
  private final CephClientConfig config;
  private Pointer handle;

  private RadosCluster(Librados lib, CephClientConfig config, Pointer handle) {
    this.lib = lib;
    this.config = config;
    this.handle = handle;
  }

  /** Connects, failing after {@code client_mount_timeout} (set it in the options to bound the wait). */
  public static RadosCluster connect(CephClientConfig config) throws RadosException {
    Librados lib = Librados.get();
    PointerByReference ref = new PointerByReference();
    check(lib.rados_create(ref, cString(config.user())), "create a librados handle for client." + config.user(), null);
    Pointer handle = ref.getValue();
    try {
      if (config.confFile() != null) {
        check(lib.rados_conf_read_file(handle, cString(config.confFile())), "read " + config.confFile(), null);
      }
      if (config.monHost() != null) {
        set(lib, handle, "mon_host", config.monHost());
      }
      if (config.keyring() != null) {
        set(lib, handle, "keyring", config.keyring());
      }
      if (config.key() != null) {
        set(lib, handle, "key", config.key());
      }
      for (Map.Entry<String, String> option : config.options().entrySet()) {
        set(lib, handle, option.getKey(), option.getValue());
      }
      int rc = lib.rados_connect(handle);
      if (rc < 0) {
        throw new RadosException("cannot connect to Ceph as " + config.describe() + ": " + Errno.describe(-rc)
            + " (is the cluster up? `strata ceph status`)", rc, null);
      }
      return new RadosCluster(lib, config, handle);
    } catch (RadosException | RuntimeException e) {
      lib.rados_shutdown(handle);
      throw e;
    }
  }

  private static void set(Librados lib, Pointer handle, String option, String value) throws RadosException {
    int rc = lib.rados_conf_set(handle, cString(option), cString(value));
    if (rc < 0) {
      throw new RadosException("bad Ceph client option " + option + ": " + Errno.describe(-rc), rc, null);
    }
  }

  public CephClientConfig config() {
    return config;
  }

  public String fsid() throws RadosException {
    byte[] buf = new byte[64];
    int n = check(lib.rados_cluster_fsid(live(), buf, buf.length), "read the cluster fsid", null);
    return new String(buf, 0, n, StandardCharsets.US_ASCII);
  }

  /** A monitor command's reply. */
  public record CommandResult(int code, byte[] output, String status) {
    public String outputText() {
      return new String(output, StandardCharsets.UTF_8);
    }
  }

  /** Sends one JSON command to the monitors (what the {@code ceph} CLI does), returning even when it failed. */
  public CommandResult monCommandRaw(String json) throws RadosException {
    PointerByReference outbuf = new PointerByReference();
    LongByReference outlen = new LongByReference();
    PointerByReference outs = new PointerByReference();
    LongByReference outslen = new LongByReference();
    int rc = lib.rados_mon_command(live(), new String[] {json}, 1, new byte[0], 0, outbuf, outlen, outs, outslen);
    byte[] out = take(outbuf.getValue(), outlen.getValue());
    byte[] status = take(outs.getValue(), outslen.getValue());
    return new CommandResult(rc, out, new String(status, StandardCharsets.UTF_8));
  }

  /** Like {@link #monCommandRaw} but a failure is an exception carrying the monitor's explanation. */
  public byte[] monCommand(String json) throws RadosException {
    CommandResult result = monCommandRaw(json);
    if (result.code() < 0) {
      throw new RadosException("Ceph monitor command " + json + " failed: " + Errno.describe(-result.code())
          + (result.status().isBlank() ? "" : ": " + result.status().strip()), result.code(), null);
    }
    return result.output();
  }

  private byte[] take(Pointer buffer, long length) {
    if (buffer == null) {
      return new byte[0];
    }
    try {
      return length == 0 ? new byte[0] : buffer.getByteArray(0, Math.toIntExact(length));
    } finally {
      lib.rados_buffer_free(buffer);
    }
  }

  /** Opens a pool; a missing pool is an error naming it. */
  public RadosPool openPool(String pool) throws RadosException {
    PointerByReference ref = new PointerByReference();
    int rc = lib.rados_ioctx_create(live(), cString(pool), ref);
    if (rc < 0) {
      throw new RadosException("cannot open Ceph pool '" + pool + "': " + Errno.describe(-rc), rc, null);
    }
    return new RadosPool(lib, pool, ref.getValue());
  }

  private synchronized Pointer live() {
    if (handle == null) {
      throw new IllegalStateException("the Ceph connection " + config.describe() + " is closed");
    }
    return handle;
  }

  @Override
  public synchronized void close() {
    if (handle != null) {
      lib.rados_shutdown(handle);
      handle = null;
    }
  }

  static int check(int rc, String what, String object) throws RadosException {
    if (rc < 0) {
      throw RadosException.of("cannot " + what, rc, object);
    }
    return rc;
  }

  /** NUL-terminated UTF-8, as librados expects names. */
  static byte[] cString(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    byte[] terminated = new byte[bytes.length + 1];
    System.arraycopy(bytes, 0, terminated, 0, bytes.length);
    return terminated;
  }
}
