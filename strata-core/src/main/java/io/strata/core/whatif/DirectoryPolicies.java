package io.strata.core.whatif;

import java.util.HashMap;
import java.util.Map;

/**
 * The storage policies set on directories, by path, so that a file without a policy of its own gets its nearest
 * ancestor's, as the NameNode gives it. Only directories with a policy are kept: a few in a real namespace.
 */
final class DirectoryPolicies {
  private final Map<String, Integer> byPath = new HashMap<>();

  void put(String directory, int policyId) {
    byPath.put(directory, policyId);
  }

  boolean isEmpty() {
    return byPath.isEmpty();
  }

  /** The policy id in force at {@code path} whose own id is {@code own}: own, else an ancestor's, else unspecified. */
  int effective(String path, int own) {
    if (own != HdfsStoragePolicies.UNSPECIFIED || byPath.isEmpty()) {
      return own;
    }
    int end = path.length();
    while (end > 0) {
      int slash = path.lastIndexOf('/', end - 1);
      if (slash < 0) {
        break;
      }
      Integer id = byPath.get(slash == 0 ? "/" : path.substring(0, slash));
      if (id != null) {
        return id;
      }
      end = slash;
    }
    return HdfsStoragePolicies.UNSPECIFIED;
  }
}
