package io.strata.sim.model;

import java.util.Arrays;

/**
 * Flow-level model of concurrent transfers over shared resources (device queues, NICs, rack uplinks). A flow
 * moves a number of bytes through a list of resources; its rate follows <em>equal share</em>: every resource
 * splits its capacity equally among the flows crossing it, and a flow moves at the smallest share along its
 * path. Capacity a slow flow leaves unused on a resource is not handed to the others (unlike max-min fairness),
 * which keeps every update local to the resources of the flow that started or ended. A device resource may stand
 * for several like devices of a node (six disks behind one tier); one flow then gets at most one device's rate,
 * and reads and writes see the device's read or write bandwidth, sharing its time.
 *
 * <p>Rates change only when a flow starts or ends; in between, progress is linear. Finish times sit in an indexed
 * heap ordered by time, then by flow number, so runs are deterministic. A flow that slows down keeps its earlier
 * key until it reaches the top of the heap (a lazy increase-key): a busy uplink slows hundreds of flows at once,
 * and re-sorting each of them would cost more than the rest of the simulation.
 */
public final class FlowNetwork {
  /** Told when its flow has moved all its bytes. */
  public interface Listener {
    void finished(Flow flow, double now);
  }

  /** One transfer in progress. */
  public static final class Flow {
    private final long number;
    private final int[] resources;
    private final int[] positions;
    private final boolean write;
    private final long bytes;
    private final double started;
    private final Listener listener;
    private double remaining;
    private double rate;
    private double updated;
    private double finish;
    private double key;
    private int heapIndex = -1;
    private long stamp = -1;

    private Flow(long number, int[] resources, boolean write, long bytes, double started, Listener listener) {
      this.number = number;
      this.resources = resources;
      this.positions = new int[resources.length];
      this.write = write;
      this.bytes = bytes;
      this.started = started;
      this.listener = listener;
      this.remaining = bytes;
      this.updated = started;
    }

    public long bytes() {
      return bytes;
    }

    public double started() {
      return started;
    }

    /** Current rate, bytes per second. */
    public double rate() {
      return rate;
    }

    /** When the flow will finish if no rate changes. */
    public double finish() {
      return finish;
    }
  }

  private int resourceCount;
  private double[] readCapacity = new double[64];
  private double[] writeCapacity = new double[64];
  private double[] readPerFlow = new double[64];
  private double[] writePerFlow = new double[64];
  private int[] devices = new int[64];
  private int[] count = new int[64];
  private double[] busyDeviceSeconds = new double[64];
  private double[] lastChange = new double[64];
  private Flow[][] members = new Flow[64][];
  private int[][] memberSlots = new int[64][];
  /** The rate of each member, next to it, so a resource's members can be screened without touching them. */
  private double[][] memberRates = new double[64][];

  private Flow[] heap = new Flow[1024];
  private int heapSize;
  private long flowsStarted;
  private long epoch;
  private int peakFlows;

  /**
   * Adds a resource and returns its number.
   *
   * @param readBytesPerSecond  capacity for reads (for a link: its bandwidth)
   * @param writeBytesPerSecond capacity for writes (for a link: the same)
   * @param readPerFlow         most one read flow can get (one device's read rate), or infinity
   * @param writePerFlow        most one write flow can get, or infinity
   * @param devices             devices behind the resource, for busy time; 0 for links
   */
  public int addResource(double readBytesPerSecond, double writeBytesPerSecond, double readPerFlow, double writePerFlow,
      int devices) {
    if (!(readBytesPerSecond > 0) || !(writeBytesPerSecond > 0)) {
      throw new IllegalArgumentException("resource capacities must be > 0, got " + readBytesPerSecond + "/"
          + writeBytesPerSecond);
    }
    if (resourceCount == readCapacity.length) {
      int size = resourceCount * 2;
      readCapacity = Arrays.copyOf(readCapacity, size);
      writeCapacity = Arrays.copyOf(writeCapacity, size);
      this.readPerFlow = Arrays.copyOf(this.readPerFlow, size);
      this.writePerFlow = Arrays.copyOf(this.writePerFlow, size);
      this.devices = Arrays.copyOf(this.devices, size);
      count = Arrays.copyOf(count, size);
      busyDeviceSeconds = Arrays.copyOf(busyDeviceSeconds, size);
      lastChange = Arrays.copyOf(lastChange, size);
      members = Arrays.copyOf(members, size);
      memberSlots = Arrays.copyOf(memberSlots, size);
      memberRates = Arrays.copyOf(memberRates, size);
    }
    int r = resourceCount++;
    readCapacity[r] = readBytesPerSecond;
    writeCapacity[r] = writeBytesPerSecond;
    this.readPerFlow[r] = readPerFlow;
    this.writePerFlow[r] = writePerFlow;
    this.devices[r] = devices;
    members[r] = new Flow[4];
    memberSlots[r] = new int[4];
    memberRates[r] = new double[4];
    return r;
  }

  public int resourceCount() {
    return resourceCount;
  }

  /** Flows crossing the resource now. */
  public int flowsOn(int resource) {
    return count[resource];
  }

  /**
   * Device-seconds the resource's devices were busy up to {@code now}: with n flows on k devices, min(n, k)
   * devices are busy.
   */
  public double busyDeviceSeconds(int resource, double now) {
    return busyDeviceSeconds[resource] + Math.min(count[resource], devices[resource]) * (now - lastChange[resource]);
  }

  public int activeFlows() {
    return heapSize;
  }

  public int peakFlows() {
    return peakFlows;
  }

  public long flowsStarted() {
    return flowsStarted;
  }

  /**
   * Starts moving {@code bytes} through {@code resources} at time {@code now}; a resource listed twice is crossed
   * twice (a pipeline passing a link in both hops). {@code bytes} must be positive.
   */
  public Flow start(double now, long bytes, boolean write, int[] resources, Listener listener) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("a flow moves at least one byte, got " + bytes);
    }
    if (resources.length == 0) {
      throw new IllegalArgumentException("a flow crosses at least one resource");
    }
    Flow flow = new Flow(flowsStarted++, resources, write, bytes, now, listener);
    for (int slot = 0; slot < resources.length; slot++) {
      int r = resources[slot];
      touch(r, now);
      count[r]++;
      addMember(r, flow, slot);
    }
    updateNeighbours(flow, now, true);
    setRate(flow, rateOf(flow));
    flow.finish = now + flow.remaining / flow.rate;
    flow.key = flow.finish;
    heapAdd(flow);
    peakFlows = Math.max(peakFlows, heapSize);
    return flow;
  }

  /** When the next flow finishes, or infinity when none is running. */
  public double nextFinish() {
    if (heapSize == 0) {
      return Double.POSITIVE_INFINITY;
    }
    settleTop();
    return heap[0].finish;
  }

  /** Brings the top of the heap up to date: a flow that slowed down since its key was set goes down. */
  private void settleTop() {
    while (heap[0].key < heap[0].finish) {
      Flow top = heap[0];
      top.key = top.finish;
      keys[0] = top.key;
      siftDown(0);
    }
  }

  /** Ends the flow that finishes first, at its finish time, re-rates its neighbours and tells its listener. */
  public void finishNext() {
    settleTop();
    Flow flow = heap[0];
    double now = flow.finish;
    heapRemove(flow);
    flow.remaining = 0;
    flow.updated = now;
    for (int slot = 0; slot < flow.resources.length; slot++) {
      int r = flow.resources[slot];
      touch(r, now);
      count[r]--;
      removeMember(r, flow.positions[slot]);
    }
    updateNeighbours(flow, now, false);
    flow.listener.finished(flow, now);
  }

  private void touch(int r, double now) {
    if (devices[r] > 0) {
      busyDeviceSeconds[r] += Math.min(count[r], devices[r]) * (now - lastChange[r]);
    }
    lastChange[r] = now;
  }

  private double rateOf(Flow flow) {
    double rate = Double.POSITIVE_INFINITY;
    double[] capacity = flow.write ? writeCapacity : readCapacity;
    double[] perFlow = flow.write ? writePerFlow : readPerFlow;
    for (int r : flow.resources) {
      double share = Math.min(capacity[r] / count[r], perFlow[r]);
      if (share < rate) {
        rate = share;
      }
    }
    return rate;
  }

  /**
   * Re-rates the other flows that share a resource with {@code changed}, which just started or ended. Under equal
   * share only some of them can change: when a flow starts, a resource's share shrinks and only members faster
   * than the new share slow down; when one ends, the share grows and only members held to the old share (their
   * bottleneck) can speed up. Members are screened by the rates stored beside them.
   */
  private void updateNeighbours(Flow changed, double now, boolean started) {
    long mark = ++epoch;
    changed.stamp = mark;
    int[] path = changed.resources;
    for (int slot = 0; slot < path.length; slot++) {
      int r = path[slot];
      int n = count[r];
      if (n == 0) {
        continue;
      }
      int crossings = 0;
      for (int other : path) {
        crossings += other == r ? 1 : 0;
      }
      // The smaller of the read and write shares, before (for an end) or after (for a start) the change.
      int basis = started ? n : n + crossings;
      double threshold = Math.min(Math.min(readCapacity[r] / basis, readPerFlow[r]),
          Math.min(writeCapacity[r] / basis, writePerFlow[r]));
      if (!started) {
        threshold *= 1 - 1e-9;
      }
      Flow[] list = members[r];
      double[] rates = memberRates[r];
      for (int i = 0; i < n; i++) {
        if (started ? rates[i] <= threshold : rates[i] < threshold) {
          continue;
        }
        Flow other = list[i];
        if (other.stamp == mark) {
          continue;
        }
        other.stamp = mark;
        double rate = rateOf(other);
        if (rate != other.rate) {
          other.remaining = Math.max(0, other.remaining - other.rate * (now - other.updated));
          other.updated = now;
          setRate(other, rate);
          other.finish = now + other.remaining / rate;
          if (other.finish < other.key) {
            other.key = other.finish;
            keys[other.heapIndex] = other.key;
            siftUp(other.heapIndex);
          }
        }
      }
    }
  }

  private void setRate(Flow flow, double rate) {
    flow.rate = rate;
    for (int slot = 0; slot < flow.resources.length; slot++) {
      memberRates[flow.resources[slot]][flow.positions[slot]] = rate;
    }
  }

  private void addMember(int r, Flow flow, int slot) {
    int n = count[r] - 1; // count already includes the flow
    if (n == members[r].length) {
      members[r] = Arrays.copyOf(members[r], n * 2);
      memberSlots[r] = Arrays.copyOf(memberSlots[r], n * 2);
      memberRates[r] = Arrays.copyOf(memberRates[r], n * 2);
    }
    members[r][n] = flow;
    memberSlots[r][n] = slot;
    memberRates[r][n] = flow.rate;
    flow.positions[slot] = n;
  }

  private void removeMember(int r, int position) {
    int last = count[r]; // count already excludes the flow
    Flow moved = members[r][last];
    int movedSlot = memberSlots[r][last];
    members[r][position] = moved;
    memberSlots[r][position] = movedSlot;
    memberRates[r][position] = memberRates[r][last];
    moved.positions[movedSlot] = position;
    members[r][last] = null;
  }

  // ---- indexed binary heap by (key, number); keys live in a parallel array for cache-friendly sifting ----

  private double[] keys = new double[1024];

  private boolean before(int i, int j) {
    return keys[i] < keys[j] || (keys[i] == keys[j] && heap[i].number < heap[j].number);
  }

  private void heapAdd(Flow flow) {
    if (heapSize == heap.length) {
      heap = Arrays.copyOf(heap, heapSize * 2);
      keys = Arrays.copyOf(keys, heapSize * 2);
    }
    heap[heapSize] = flow;
    keys[heapSize] = flow.key;
    flow.heapIndex = heapSize++;
    siftUp(flow.heapIndex);
  }

  private void heapRemove(Flow flow) {
    int i = flow.heapIndex;
    int last = --heapSize;
    flow.heapIndex = -1;
    if (i < last) {
      move(last, i);
      heap[last] = null;
      if (i > 0 && before(i, (i - 1) >>> 1)) {
        siftUp(i);
      } else {
        siftDown(i);
      }
    } else {
      heap[last] = null;
    }
  }

  private void move(int from, int to) {
    heap[to] = heap[from];
    keys[to] = keys[from];
    heap[to].heapIndex = to;
  }

  private void siftUp(int i) {
    Flow flow = heap[i];
    double key = keys[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!(key < keys[parent] || (key == keys[parent] && flow.number < heap[parent].number))) {
        break;
      }
      move(parent, i);
      i = parent;
    }
    heap[i] = flow;
    keys[i] = key;
    flow.heapIndex = i;
  }

  private void siftDown(int i) {
    Flow flow = heap[i];
    double key = keys[i];
    int half = heapSize >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      if (child + 1 < heapSize && before(child + 1, child)) {
        child++;
      }
      if (key < keys[child] || (key == keys[child] && flow.number < heap[child].number)) {
        break;
      }
      move(child, i);
      i = child;
    }
    heap[i] = flow;
    keys[i] = key;
    flow.heapIndex = i;
  }
}
