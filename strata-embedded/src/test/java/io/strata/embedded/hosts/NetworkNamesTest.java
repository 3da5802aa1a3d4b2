package io.strata.embedded.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NetworkNamesTest {
  /** Linux's IFNAMSIZ is 16 including the terminating NUL. */
  private static final int MAX_INTERFACE_NAME = 15;

  @Test
  void theSameDirectoryGetsTheSameIdAndAnotherDirectoryAnother(@TempDir Path dir) throws Exception {
    Path a = Files.createDirectories(dir.resolve("a"));
    Path b = Files.createDirectories(dir.resolve("b"));
    assertEquals(NetworkNames.clusterIdOf(a), NetworkNames.clusterIdOf(dir.resolve("b/../a")));
    assertNotEquals(NetworkNames.clusterIdOf(a), NetworkNames.clusterIdOf(b));
    assertTrue(NetworkNames.clusterIdOf(a).matches("[0-9a-f]{6}"));
  }

  @Test
  void interfaceNamesFitLinuxsLimitForTheLargestPlan() {
    NetworkNames names = new NetworkNames("abcdef");
    int lastHost = HostNetworkPlan.MAX_HOSTS - 1;
    int lastRack = lastHost; // at most one rack per host
    for (String name : List.of(names.coreBridge(), names.rackBridge(lastRack), names.uplinkRackEnd(lastRack),
        names.uplinkCoreEnd(lastRack), names.nicPeer(lastHost))) {
      assertTrue(name.length() <= MAX_INTERFACE_NAME, name);
      assertTrue(names.isOwnLink(name), name);
    }
  }

  @Test
  void oneClusterDoesNotClaimAnothersLinksOrNamespaces() {
    NetworkNames mine = new NetworkNames("abcdef");
    NetworkNames other = new NetworkNames("abcde0");
    assertFalse(mine.isOwnLink(other.coreBridge()));
    assertFalse(mine.isOwnLink(other.nicPeer(3)));
    assertFalse(mine.isOwnLink("eth0"));
    assertFalse(other.namespace("dn1").startsWith(mine.namespacePrefix()));
  }

  @Test
  void hostNamesBecomeSafeNamespaceNames() {
    assertEquals("strata-abcdef-dn1.example_com_x", new NetworkNames("abcdef").namespace("dn1.example/com x"));
  }

  @Test
  void aClusterIdThatIsNotAShortHashIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> new NetworkNames("../etc"));
    assertThrows(IllegalArgumentException.class, () -> new NetworkNames("ABCDEF"));
  }
}
