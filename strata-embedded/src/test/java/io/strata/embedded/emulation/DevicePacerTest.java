package io.strata.embedded.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Drives the pacer with a fake clock: the schedule it computes, not wall time, is under test. */
class DevicePacerTest {
  private long now = 5_000_000_000L;
  private final List<Long> sleeps = new ArrayList<>();

  private DevicePacer pacer(long bytesPerSecond) {
    return new DevicePacer(bytesPerSecond, () -> now, nanos -> {
      sleeps.add(nanos);
      now += nanos;
    });
  }

  @Test
  void backToBackRequestsWaitForTheDeviceTimeOfThoseBeforeThem() {
    DevicePacer pacer = pacer(1_000_000); // 1 MB/s: 1 byte per microsecond
    pacer.acquire(500_000); // first request starts at once and occupies 0.5 s
    assertEquals(List.of(), sleeps);
    pacer.acquire(250_000); // must wait 0.5 s for the first
    assertEquals(List.of(500_000_000L), sleeps);
    pacer.acquire(10); // then 0.25 s for the second
    assertEquals(List.of(500_000_000L, 250_000_000L), sleeps);
  }

  @Test
  void aPositionedRequestHoldsTheDeviceItsPositioningLonger() {
    DevicePacer pacer = new DevicePacer(1_000_000, 8_000_000, () -> now, nanos -> {
      sleeps.add(nanos);
      now += nanos;
    });
    pacer.acquire(100_000, true); // 8 ms to position, then 0.1 s
    pacer.acquire(100_000); // goes on where the first ended: 0.1 s
    pacer.acquire(1, true);
    assertEquals(List.of(108_000_000L, 100_000_000L), sleeps);
  }

  @Test
  void anIdleDeviceStoresNoBurst() {
    DevicePacer pacer = pacer(1_000_000);
    pacer.acquire(100_000);
    now += 10_000_000_000L; // idle for 10 s
    pacer.acquire(2_000_000);
    pacer.acquire(1);
    assertEquals(List.of(2_000_000_000L), sleeps, "after idling, 2 MB still occupies the device for 2 s");
  }

  @Test
  void waitsShorterThanAMillisecondAreCarriedUntilTheBacklogIsWorthASleep() {
    DevicePacer pacer = pacer(1_000_000_000); // 1 GB/s: 64 KiB takes 65,536 ns
    for (int i = 0; i < 10; i++) {
      pacer.acquire(65_536);
    }
    assertEquals(List.of(), sleeps, "each backlog is below 1 ms");
    for (int i = 0; i < 10; i++) {
      pacer.acquire(65_536);
    }
    // The 17th request finds 16 requests of device time ahead of it (1,048,576 ns > 1 ms) and sleeps it all;
    // the backlog then restarts below a millisecond.
    assertEquals(List.of(16L * 65_536), sleeps);
  }

  @Test
  void rejectsANonPositiveRate() {
    assertThrows(IllegalArgumentException.class, () -> new DevicePacer(0));
  }
}
