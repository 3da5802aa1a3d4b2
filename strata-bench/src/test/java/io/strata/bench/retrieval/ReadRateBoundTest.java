package io.strata.bench.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.bench.retrieval.ReadRateBound.Links;
import io.strata.bench.retrieval.ReadRateBound.Read;
import io.strata.bench.retrieval.ReadRateBound.Volume;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Small graphs whose bound is known by hand. */
class ReadRateBoundTest {
  private static final long MB = 1_000_000;
  /** 1 Gbit/s NICs, 250 Mbit/s uplinks. */
  private final Links links = Links.ofGbps(1, 0.25);
  private final Volume hddA1 = new Volume("a1", "/a", "hdd", 60);
  private final Volume ssdA2 = new Volume("a2", "/a", "ssd", 500);
  private final Volume ssdB1 = new Volume("b1", "/b", "ssd", 500);
  private final Volume ssdB2 = new Volume("b2", "/b", "ssd", 500);

  private double bound(Read... reads) {
    return ReadRateBound.aggregateMBps(List.of(reads), links);
  }

  @Test
  void aLocalReadRunsAtItsDevice() {
    assertEquals(60, bound(new Read("a1", "/a", 8 * MB, List.of(hddA1))), 1e-6);
  }

  @Test
  void aRackLocalReadRunsAtTheSlowerOfDeviceAndNic() {
    assertEquals(125, bound(new Read("a1", "/a", 8 * MB, List.of(ssdA2))), 1e-6);
  }

  @Test
  void aRemoteReadRunsAtTheUplink() {
    assertEquals(31.25, bound(new Read("a1", "/a", 8 * MB, List.of(ssdB1))), 1e-6);
  }

  @Test
  void readsAcrossRacksShareOneUplink() {
    // two readers in rack a, each a block only in rack b: both cross b's uplink out and a's uplink in
    assertEquals(31.25,
        bound(new Read("a1", "/a", 8 * MB, List.of(ssdB1)), new Read("a2", "/a", 8 * MB, List.of(ssdB2))), 1e-6);
  }

  @Test
  void aReadSplitsOverItsReplicas() {
    // the local HDD and the rack-local SSD over the NIC together: 60 + 125
    assertEquals(185, bound(new Read("a1", "/a", 8 * MB, List.of(hddA1, ssdA2))), 1e-6);
  }

  @Test
  void theRoundEndsWithItsSlowestRead() {
    // equal bytes: a local 60 MB/s read and a remote one held to the 31.25 MB/s uplink end together at best when
    // both run at 31.25, so the aggregate is 2 x 31.25, not 60 + 31.25
    assertEquals(62.5,
        bound(new Read("a1", "/a", 8 * MB, List.of(hddA1)), new Read("a2", "/a", 8 * MB, List.of(ssdB1))), 1e-6);
    // with three times the bytes on the local read, 60 MB/s and 20 MB/s end together: 80
    assertEquals(80,
        bound(new Read("a1", "/a", 24 * MB, List.of(hddA1)), new Read("a2", "/a", 8 * MB, List.of(ssdB1))), 1e-6);
  }

  @Test
  void aDeviceServesOnlyTheReadsThatWantIt() {
    // a1 reads its own HDD; b2 wants a block only on b1's SSD: the HDD's rate cannot help b2
    double bound = bound(new Read("a1", "/a", 8 * MB, List.of(hddA1)), new Read("b2", "/b", 8 * MB, List.of(ssdB1)));
    assertEquals(120, bound, 1e-6);
  }

  @Test
  void badInputIsRefusedWithWhatIsWrong() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Volume("a1", "/a", "hdd", 0));
    assertEquals("volume hdd on a1: read rate must be > 0, got 0.0", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new Read("a1", "/a", 8 * MB, List.of()));
    assertThrows(IllegalArgumentException.class, () -> new Links(0, 1));
  }
}
