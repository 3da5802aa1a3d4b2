package io.strata.inplace.gif;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A Global Information File in memory: its header and rows, with the directory tree their file names imply
 * (object names containing "/" become directories, as in S3-style listings).
 */
public final class Gif {
  private final GifHeader header;
  private final List<GifEntry> entries;
  private final Map<String, GifEntry> byFileName;
  private final Map<String, List<String>> childrenOfDirectory;

  public Gif(GifHeader header, List<GifEntry> entries) {
    this.header = header;
    List<GifEntry> sorted = new ArrayList<>(entries);
    sorted.sort(Comparator.comparing(GifEntry::fileName));
    this.entries = Collections.unmodifiableList(sorted);
    this.byFileName = new HashMap<>(sorted.size() * 2);
    Map<String, TreeSet<String>> children = new HashMap<>();
    children.put("/", new TreeSet<>());
    for (GifEntry entry : sorted) {
      if (byFileName.put(entry.fileName(), entry) != null) {
        throw new IllegalArgumentException("file name listed twice: " + entry.fileName());
      }
      String path = entry.fileName();
      while (!path.equals("/")) {
        int slash = path.lastIndexOf('/');
        String parent = slash == 0 ? "/" : path.substring(0, slash);
        boolean known = children.containsKey(parent);
        children.computeIfAbsent(parent, p -> new TreeSet<>()).add(path.substring(slash + 1));
        if (known) {
          break;
        }
        path = parent;
      }
    }
    for (String directory : children.keySet()) {
      if (byFileName.containsKey(directory)) {
        throw new IllegalArgumentException("'" + directory + "' is both a file and a directory");
      }
    }
    this.childrenOfDirectory = new HashMap<>();
    children.forEach((dir, names) -> childrenOfDirectory.put(dir, List.copyOf(names)));
  }

  public GifHeader header() {
    return header;
  }

  /** Rows sorted by file name. */
  public List<GifEntry> entries() {
    return entries;
  }

  public Optional<GifEntry> file(String fileName) {
    return Optional.ofNullable(byFileName.get(fileName));
  }

  public boolean isDirectory(String path) {
    return childrenOfDirectory.containsKey(path);
  }

  /** Names (not paths) directly under a directory, sorted; empty when it is not a directory. */
  public List<String> children(String directory) {
    return childrenOfDirectory.getOrDefault(directory, List.of());
  }
}
