package io.strata.inplace.rados;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The part of librados' C API (librados/librados.h, Ceph 16) that Strata uses, bound through JNA. Object names
 * and pool names are passed as NUL-terminated UTF-8 byte arrays, so names outside ASCII survive whatever the
 * platform charset is. {@code size_t} and {@code time_t} are 64 bits: Linux on 64-bit machines only, like
 * Debian's librados2.
 */
interface Librados extends Library {
  int rados_create(PointerByReference cluster, byte[] id);

  int rados_conf_read_file(Pointer cluster, byte[] path);

  int rados_conf_set(Pointer cluster, byte[] option, byte[] value);

  int rados_conf_get(Pointer cluster, byte[] option, byte[] buf, long len);

  int rados_connect(Pointer cluster);

  void rados_shutdown(Pointer cluster);

  int rados_cluster_fsid(Pointer cluster, byte[] buf, long len);

  int rados_mon_command(Pointer cluster, String[] cmd, long cmdlen, byte[] inbuf, long inbuflen,
      PointerByReference outbuf, LongByReference outbuflen, PointerByReference outs, LongByReference outslen);

  void rados_buffer_free(Pointer buf);

  int rados_ioctx_create(Pointer cluster, byte[] poolName, PointerByReference ioctx);

  void rados_ioctx_destroy(Pointer ioctx);

  long rados_ioctx_get_id(Pointer ioctx);

  int rados_nobjects_list_open(Pointer ioctx, PointerByReference listCtx);

  int rados_nobjects_list_next(Pointer listCtx, PointerByReference entry, PointerByReference key,
      PointerByReference nspace);

  void rados_nobjects_list_close(Pointer listCtx);

  int rados_stat(Pointer ioctx, byte[] oid, LongByReference size, LongByReference mtime);

  int rados_aio_create_completion(Pointer cbArg, Pointer cbComplete, Pointer cbSafe, PointerByReference completion);

  int rados_aio_stat(Pointer ioctx, byte[] oid, Pointer completion, Pointer size, Pointer mtime);

  int rados_aio_write_full(Pointer ioctx, byte[] oid, Pointer completion, byte[] buf, long len);

  int rados_aio_wait_for_complete(Pointer completion);

  int rados_aio_get_return_value(Pointer completion);

  void rados_aio_release(Pointer completion);

  int rados_write_full(Pointer ioctx, byte[] oid, byte[] buf, long len);

  int rados_remove(Pointer ioctx, byte[] oid);

  Pointer rados_create_read_op();

  void rados_release_read_op(Pointer readOp);

  void rados_read_op_read(Pointer readOp, long offset, long len, Pointer buffer, LongByReference bytesRead,
      IntByReference rval);

  int rados_read_op_operate(Pointer readOp, Pointer ioctx, byte[] oid, int flags);

  /** librados' {@code LIBRADOS_OPERATION_LOCALIZE_READS}: serve a read from the replica nearest the client. */
  int OPERATION_LOCALIZE_READS = 2;

  /** Loads librados once per JVM; a missing library is reported by {@link #get()}. */
  final class Holder {
    private static final Librados INSTANCE;
    private static final Throwable LOAD_FAILURE;

    static {
      Librados loaded = null;
      Throwable failure = null;
      // "rados" finds librados.so (librados-dev) or, failing that, JNA's search for the versioned librados.so.2
      // that the runtime package librados2 installs.
      for (String name : new String[] {"rados", "librados.so.2"}) {
        try {
          loaded = Native.load(name, Librados.class);
          break;
        } catch (UnsatisfiedLinkError e) {
          failure = e;
        }
      }
      INSTANCE = loaded;
      LOAD_FAILURE = loaded == null ? failure : null;
    }

    private Holder() {}
  }

  /** The bound library, or an error naming the package to install. */
  static Librados get() throws RadosException {
    if (Holder.INSTANCE == null) {
      throw new RadosException("cannot load librados (librados.so.2, Debian/Ubuntu package librados2): "
          + Holder.LOAD_FAILURE.getMessage(), -38, null);
    }
    return Holder.INSTANCE;
  }
}
