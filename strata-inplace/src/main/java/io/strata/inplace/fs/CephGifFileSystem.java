package io.strata.inplace.fs;

import io.strata.inplace.gif.Gif;
import io.strata.inplace.gif.GifEntry;
import io.strata.inplace.gif.GifFiles;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * {@code cephgif://POOL/...}: the objects a Global Information File lists, as read-only Hadoop files, read in
 * place from Ceph. Listing and stat come from the GIF alone (no Ceph request); {@link #open} reads the object
 * through librados; {@link #getFileBlockLocations} answers with the CRUSH hosts of the object's replicas, primary
 * first, as one block the size of the object, so MapReduce makes one split per object and schedules it on a node
 * that holds a replica.
 *
 * <p>Register it with {@code fs.cephgif.impl = io.strata.inplace.fs.CephGifFileSystem} (the jar's service file
 * does this when it is on the classpath). Keys: {@link InPlaceKeys}.
 */
public class CephGifFileSystem extends FileSystem {
  public static final String SCHEME = "cephgif";
  private static final FsPermission FILE_PERMISSION = new FsPermission((short) 0444);
  private static final FsPermission DIRECTORY_PERMISSION = new FsPermission((short) 0555);

  private URI uri;
  private String pool;
  private Path gifPath;
  private Path workingDirectory;
  private long refreshMillis;
  private int readBufferBytes;
  private boolean localizeReads;
  private Gif gif;
  private long gifModificationTime;
  private long gifCheckedAt;
  private String gifOwner = "ceph";
  private String gifGroup = "ceph";
  private CephConnections.Lease connection;

  @Override
  public void initialize(URI name, Configuration conf) throws IOException {
    super.initialize(name, conf);
    setConf(conf);
    pool = name.getAuthority();
    if (pool == null || pool.isEmpty()) {
      throw new IllegalArgumentException("'" + name + "': a cephgif URI names the pool: cephgif://POOL/path");
    }
    uri = URI.create(SCHEME + "://" + pool);
    workingDirectory = new Path(SCHEME, pool, "/");
    Path configured = new Path(InPlaceKeys.gifPath(conf, pool));
    gifPath = configured.getFileSystem(conf).makeQualified(configured);
    if (SCHEME.equals(gifPath.toUri().getScheme())) {
      throw new IllegalArgumentException("the GIF of pool '" + pool + "' cannot itself be on cephgif://: " + gifPath);
    }
    refreshMillis = conf.getLong(InPlaceKeys.GIF_REFRESH_MS, 5000);
    readBufferBytes = conf.getInt(InPlaceKeys.READ_BUFFER_BYTES, 4 << 20);
    if (readBufferBytes <= 0) {
      throw new IllegalArgumentException(InPlaceKeys.READ_BUFFER_BYTES + " must be > 0, got " + readBufferBytes);
    }
    localizeReads = conf.getBoolean(InPlaceKeys.LOCALIZE_READS, true);
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }

  @Override
  public URI getUri() {
    return uri;
  }

  /** Where this file system's GIF is. */
  public Path gifPath() {
    return gifPath;
  }

  /** The GIF, re-read when a rescan has replaced it (checked at most every strata.gif.refresh.ms). */
  public synchronized Gif gif() throws IOException {
    long now = System.currentTimeMillis();
    if (gif != null && now - gifCheckedAt < refreshMillis) {
      return gif;
    }
    FileSystem gifFs = gifPath.getFileSystem(getConf());
    FileStatus status;
    try {
      status = gifFs.getFileStatus(gifPath);
    } catch (FileNotFoundException e) {
      throw new FileNotFoundException("no Global Information File for pool '" + pool + "' at " + gifPath
          + ": scan the pool first (strata scan ceph://" + pool + " --out " + gifPath.toUri().getPath()
          + ") or point " + String.format(InPlaceKeys.GIF_PATH_PATTERN, pool) + " at its GIF");
    }
    if (gif == null || status.getModificationTime() != gifModificationTime) {
      Gif loaded = GifFiles.read(gifFs, gifPath);
      if (!loaded.header().pool().equals(pool)) {
        throw new IOException(gifPath + " describes pool '" + loaded.header().pool() + "', not '" + pool + "'");
      }
      gif = loaded;
      gifModificationTime = status.getModificationTime();
      gifOwner = status.getOwner();
      gifGroup = status.getGroup();
    }
    gifCheckedAt = now;
    return gif;
  }

  private String describeGif() {
    Gif current = gif;
    return "GIF " + gifPath + (current == null ? "" : " (scanned " + current.header().scannedAt() + ")");
  }

  /** The GIF file name of a path of this file system ("/dir/name"), checking it belongs to this pool. */
  private String fileName(Path path) {
    Path qualified = makeQualified(path);
    URI u = qualified.toUri();
    if (!SCHEME.equals(u.getScheme()) || !pool.equals(u.getAuthority())) {
      throw new IllegalArgumentException("'" + path + "' is not in " + uri);
    }
    String name = u.getPath();
    if (name.isEmpty()) {
      return "/";
    }
    return name.length() > 1 && name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
  }

  private Path pathOf(String fileName) {
    return new Path(SCHEME, pool, fileName);
  }

  private FileStatus fileStatus(GifEntry entry) {
    return new FileStatus(entry.size(), false, Math.max(1, entry.replication()), Math.max(1, entry.size()),
        entry.mtimeSeconds() * 1000, 0, FILE_PERMISSION, gifOwner, gifGroup, pathOf(entry.fileName()));
  }

  private FileStatus directoryStatus(String fileName) {
    return new FileStatus(0, true, 0, 0, gif.header().scannedAt().toEpochMilli(), 0, DIRECTORY_PERMISSION, gifOwner,
        gifGroup, pathOf(fileName));
  }

  @Override
  public FileStatus getFileStatus(Path path) throws IOException {
    String name = fileName(path);
    Gif current = gif();
    statistics.incrementReadOps(1);
    GifEntry entry = current.file(name).orElse(null);
    if (entry != null) {
      return fileStatus(entry);
    }
    if (current.isDirectory(name)) {
      return directoryStatus(name);
    }
    throw new FileNotFoundException(pathOf(name) + ": not in " + describeGif());
  }

  @Override
  public FileStatus[] listStatus(Path path) throws IOException {
    String name = fileName(path);
    Gif current = gif();
    statistics.incrementReadOps(1);
    GifEntry entry = current.file(name).orElse(null);
    if (entry != null) {
      return new FileStatus[] {fileStatus(entry)};
    }
    if (!current.isDirectory(name)) {
      throw new FileNotFoundException(pathOf(name) + ": not in " + describeGif());
    }
    List<FileStatus> statuses = new ArrayList<>();
    String base = name.equals("/") ? "/" : name + "/";
    for (String child : current.children(name)) {
      String childName = base + child;
      GifEntry file = current.file(childName).orElse(null);
      statuses.add(file != null ? fileStatus(file) : directoryStatus(childName));
    }
    return statuses.toArray(new FileStatus[0]);
  }

  /**
   * One block per object, located on the CRUSH hosts of its replicas (primary first), so a job's splits are the
   * objects and its scheduler can run each map on a host that holds the data.
   */
  @Override
  public BlockLocation[] getFileBlockLocations(FileStatus file, long start, long len) throws IOException {
    if (file == null) {
      return null;
    }
    if (start < 0 || len < 0) {
      throw new IllegalArgumentException("invalid start or len: " + start + ", " + len);
    }
    if (file.isDirectory() || file.getLen() <= start) {
      return new BlockLocation[0];
    }
    GifEntry entry = gif().file(fileName(file.getPath())).orElseThrow(() -> new FileNotFoundException(
        file.getPath() + ": not in " + describeGif()));
    String[] hosts = entry.hosts().toArray(new String[0]);
    String[] topology = new String[hosts.length];
    for (int i = 0; i < hosts.length; i++) {
      topology[i] = "/default-rack/" + hosts[i];
    }
    return new BlockLocation[] {new BlockLocation(hosts, hosts, topology, 0, entry.size())};
  }

  @Override
  public FSDataInputStream open(Path path, int bufferSize) throws IOException {
    String name = fileName(path);
    Gif current = gif();
    GifEntry entry = current.file(name).orElse(null);
    if (entry == null) {
      if (current.isDirectory(name)) {
        throw new FileNotFoundException(pathOf(name) + " is a directory");
      }
      throw new FileNotFoundException(pathOf(name) + ": not in " + describeGif());
    }
    statistics.incrementReadOps(1);
    return new FSDataInputStream(CephObjectInputStream.open(connection().pool(pool), entry, describeGif(),
        readBufferBytes, localizeReads, statistics));
  }

  private synchronized CephConnections.Lease connection() throws IOException {
    if (connection == null) {
      connection = CephConnections.acquire(CephConnections.clientConfig(getConf()));
    }
    return connection;
  }

  private IOException readOnly(String operation, Path path) {
    return new IOException(uri + " is read-only (objects are changed in Ceph, then rescanned): cannot " + operation
        + " " + path);
  }

  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize,
      short replication, long blockSize, Progressable progress) throws IOException {
    throw readOnly("create", f);
  }

  @Override
  public FSDataOutputStream append(Path f, int bufferSize, Progressable progress) throws IOException {
    throw readOnly("append to", f);
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    throw readOnly("rename", src);
  }

  @Override
  public boolean delete(Path f, boolean recursive) throws IOException {
    throw readOnly("delete", f);
  }

  @Override
  public boolean mkdirs(Path f, FsPermission permission) throws IOException {
    throw readOnly("make directory", f);
  }

  @Override
  public void setWorkingDirectory(Path dir) {
    workingDirectory = makeQualified(dir);
  }

  @Override
  public Path getWorkingDirectory() {
    return workingDirectory;
  }

  @Override
  public synchronized void close() throws IOException {
    try {
      super.close();
    } finally {
      if (connection != null) {
        connection.close();
        connection = null;
      }
    }
  }
}
