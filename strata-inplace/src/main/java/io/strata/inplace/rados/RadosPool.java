package io.strata.inplace.rados;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/** One pool opened on a {@link RadosCluster} ({@code rados_ioctx_t}); thread-safe for reads, stats and writes. */
public final class RadosPool implements AutoCloseable {
  private final Librados lib;
  private final String name;
  private Pointer ioctx;

  RadosPool(Librados lib, String name, Pointer ioctx) {
    this.lib = lib;
    this.name = name;
    this.ioctx = ioctx;
  }

  public String name() {
    return name;
  }

  public long id() {
    return lib.rados_ioctx_get_id(live());
  }

  /** Size and modification time (seconds since the epoch) of one object. */
  public record ObjectStat(long size, long mtimeSeconds) {}

  /** Calls {@code each} with every object name of the pool's default namespace, in PG order. */
  public void listObjects(Consumer<String> each) throws RadosException {
    PointerByReference ctx = new PointerByReference();
    RadosCluster.check(lib.rados_nobjects_list_open(live(), ctx), "list the objects of pool '" + name + "'", null);
    Pointer list = ctx.getValue();
    try {
      PointerByReference entry = new PointerByReference();
      while (true) {
        int rc = lib.rados_nobjects_list_next(list, entry, null, null);
        if (rc == -RadosException.ENOENT) {
          return;
        }
        RadosCluster.check(rc, "list the objects of pool '" + name + "'", null);
        each.accept(entry.getValue().getString(0, StandardCharsets.UTF_8.name()));
      }
    } finally {
      lib.rados_nobjects_list_close(list);
    }
  }

  public ObjectStat stat(String object) throws RadosException {
    LongByReference size = new LongByReference();
    LongByReference mtime = new LongByReference();
    RadosCluster.check(lib.rados_stat(live(), RadosCluster.cString(object), size, mtime),
        "stat object in pool '" + name + "'", object);
    return new ObjectStat(size.getValue(), mtime.getValue());
  }

  /**
   * Stats many objects with up to {@code inFlight} asynchronous requests outstanding, so the scan pays one
   * round trip per window instead of one per object. An object deleted since it was listed gets a null stat.
   */
  public List<ObjectStat> statAll(List<String> objects, int inFlight) throws RadosException {
    int window = Math.max(1, Math.min(inFlight, objects.size()));
    List<ObjectStat> stats = new ArrayList<>(objects.size());
    Pointer[] completions = new Pointer[window];
    Memory[] results = new Memory[window];
    for (int i = 0; i < window; i++) {
      results[i] = new Memory(16);
    }
    Pointer io = live();
    try {
      for (int i = 0; i < objects.size() + window; i++) {
        int slot = i % window;
        int finished = i - window;
        if (finished >= 0) {
          stats.add(collectStat(completions[slot], results[slot], objects.get(finished)));
          completions[slot] = null;
        }
        if (i < objects.size()) {
          PointerByReference ref = new PointerByReference();
          RadosCluster.check(lib.rados_aio_create_completion(null, null, null, ref), "create an aio completion", null);
          completions[slot] = ref.getValue();
          int rc = lib.rados_aio_stat(io, RadosCluster.cString(objects.get(i)), completions[slot], results[slot],
              results[slot].share(8));
          if (rc < 0) {
            lib.rados_aio_release(completions[slot]);
            completions[slot] = null;
            throw RadosException.of("stat object in pool '" + name + "'", rc, objects.get(i));
          }
        }
      }
    } finally {
      // After a failure, let the outstanding requests finish before their result memory can be freed.
      for (Pointer completion : completions) {
        if (completion != null) {
          lib.rados_aio_wait_for_complete(completion);
          lib.rados_aio_release(completion);
        }
      }
    }
    return stats;
  }

  private ObjectStat collectStat(Pointer completion, Memory result, String object) throws RadosException {
    lib.rados_aio_wait_for_complete(completion);
    int rc = lib.rados_aio_get_return_value(completion);
    lib.rados_aio_release(completion);
    if (rc == -RadosException.ENOENT) {
      return null;
    }
    RadosCluster.check(rc, "stat object in pool '" + name + "'", object);
    return new ObjectStat(result.getLong(0), result.getLong(8));
  }

  /**
   * Reads up to {@code length} bytes at {@code offset} into {@code buffer}; returns the bytes read (fewer at the
   * object's end). With {@code localize}, librados serves the read from the replica nearest the client's
   * {@code crush_location} instead of the primary.
   */
  public int read(String object, long offset, Pointer buffer, int length, boolean localize) throws RadosException {
    Pointer op = lib.rados_create_read_op();
    try {
      LongByReference bytesRead = new LongByReference();
      IntByReference rval = new IntByReference();
      lib.rados_read_op_read(op, offset, length, buffer, bytesRead, rval);
      int rc = lib.rados_read_op_operate(op, live(), RadosCluster.cString(object),
          localize ? Librados.OPERATION_LOCALIZE_READS : 0);
      RadosCluster.check(rc, "read object in pool '" + name + "'", object);
      RadosCluster.check(rval.getValue(), "read object in pool '" + name + "'", object);
      return Math.toIntExact(bytesRead.getValue());
    } finally {
      lib.rados_release_read_op(op);
    }
  }

  /** Reads a whole (small) object into a new array. */
  public byte[] readAll(String object) throws RadosException {
    int size = Math.toIntExact(stat(object).size());
    Memory buffer = new Memory(Math.max(1, size));
    int n = read(object, 0, buffer, size, false);
    return buffer.getByteArray(0, n);
  }

  /** Replaces the object's content. */
  public void writeFull(String object, byte[] data) throws RadosException {
    RadosCluster.check(lib.rados_write_full(live(), RadosCluster.cString(object), data, data.length),
        "write object in pool '" + name + "'", object);
  }

  /** Writes many objects with up to {@code inFlight} writes outstanding; {@code content} makes each one's bytes. */
  public void writeAll(List<String> objects, Function<String, byte[]> content, int inFlight)
      throws RadosException {
    int window = Math.max(1, inFlight);
    Pointer[] completions = new Pointer[window];
    String[] names = new String[window];
    Pointer io = live();
    try {
      for (int i = 0; i < objects.size() + window; i++) {
        int slot = i % window;
        if (completions[slot] != null) {
          lib.rados_aio_wait_for_complete(completions[slot]);
          int rc = lib.rados_aio_get_return_value(completions[slot]);
          lib.rados_aio_release(completions[slot]);
          completions[slot] = null;
          RadosCluster.check(rc, "write object in pool '" + name + "'", names[slot]);
        }
        if (i < objects.size()) {
          byte[] data = content.apply(objects.get(i));
          PointerByReference ref = new PointerByReference();
          RadosCluster.check(lib.rados_aio_create_completion(null, null, null, ref), "create an aio completion", null);
          completions[slot] = ref.getValue();
          names[slot] = objects.get(i);
          int rc = lib.rados_aio_write_full(io, RadosCluster.cString(objects.get(i)), completions[slot], data,
              data.length);
          if (rc < 0) {
            lib.rados_aio_release(completions[slot]);
            completions[slot] = null;
            throw RadosException.of("write object in pool '" + name + "'", rc, objects.get(i));
          }
        }
      }
    } finally {
      for (Pointer completion : completions) {
        if (completion != null) {
          lib.rados_aio_wait_for_complete(completion);
          lib.rados_aio_release(completion);
        }
      }
    }
  }

  public void remove(String object) throws RadosException {
    RadosCluster.check(lib.rados_remove(live(), RadosCluster.cString(object)), "remove object in pool '" + name + "'",
        object);
  }

  private synchronized Pointer live() {
    if (ioctx == null) {
      throw new IllegalStateException("Ceph pool '" + name + "' is closed");
    }
    return ioctx;
  }

  @Override
  public synchronized void close() {
    if (ioctx != null) {
      lib.rados_ioctx_destroy(ioctx);
      ioctx = null;
    }
  }
}
