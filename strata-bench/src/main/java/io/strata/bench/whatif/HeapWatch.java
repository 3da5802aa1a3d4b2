package io.strata.bench.whatif;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The heap's use seen through the GC beans: the highest before any collection (garbage included, what the heap
 * had to hold) and the highest after one (what survived).
 */
final class HeapWatch {
  private final AtomicLong peak = new AtomicLong();
  private final AtomicLong live = new AtomicLong();

  static HeapWatch start() {
    HeapWatch watch = new HeapWatch();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) gc).addNotificationListener((notification, handback) -> {
        if (notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
          var info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData()).getGcInfo();
          watch.peak.accumulateAndGet(heapOf(info.getMemoryUsageBeforeGc()), Math::max);
          watch.live.accumulateAndGet(heapOf(info.getMemoryUsageAfterGc()), Math::max);
        }
      }, null, null);
    }
    return watch;
  }

  private static long heapOf(Map<String, MemoryUsage> pools) {
    long used = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      MemoryUsage usage = pools.get(pool.getName());
      if (pool.getType() == MemoryType.HEAP && usage != null) {
        used += usage.getUsed();
      }
    }
    return used;
  }

  void reset() {
    peak.set(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    live.set(0);
  }

  long peakBytes() {
    return Math.max(peak.get(), ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
  }

  long liveBytes() {
    return live.get();
  }
}
