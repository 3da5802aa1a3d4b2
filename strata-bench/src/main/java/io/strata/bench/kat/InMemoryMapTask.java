package io.strata.bench.kat;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.StatusReporter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.counters.GenericCounter;
import org.apache.hadoop.mapreduce.lib.map.WrappedMapper;
import org.apache.hadoop.mapreduce.task.MapContextImpl;

/**
 * A map task's run in this JVM with no cluster and no files: a mapper reads lines from memory as
 * {@code TextInputFormat} would give them (byte offset, line) and its output records are counted, not stored.
 * What it measures is the CPU of the map-side code alone.
 */
final class InMemoryMapTask {
  private InMemoryMapTask() {}

  /** Runs {@code mapper} over {@code lines}; returns the records it wrote. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static long run(Mapper mapper, Configuration conf, Text[] lines) throws IOException, InterruptedException {
    long[] written = new long[1];
    RecordWriter<Object, Object> output = new RecordWriter<>() {
      @Override
      public void write(Object key, Object value) {
        written[0]++;
      }

      @Override
      public void close(TaskAttemptContext context) {}
    };
    MapContextImpl context = new MapContextImpl(conf, new TaskAttemptID("bench", 1, TaskType.MAP, 0, 0),
        new Lines(lines), output, null, new Counters(), null);
    mapper.run(new WrappedMapper().getMapContext(context));
    return written[0];
  }

  private static final class Lines extends RecordReader<LongWritable, Text> {
    private final Text[] lines;
    private final LongWritable offset = new LongWritable();
    private int next;
    private long position;

    Lines(Text[] lines) {
      this.lines = lines;
    }

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) {}

    @Override
    public boolean nextKeyValue() {
      if (next >= lines.length) {
        return false;
      }
      offset.set(position);
      position += lines[next].getLength() + 1;
      next++;
      return true;
    }

    @Override
    public LongWritable getCurrentKey() {
      return offset;
    }

    @Override
    public Text getCurrentValue() {
      return lines[next - 1];
    }

    @Override
    public float getProgress() {
      return lines.length == 0 ? 1 : (float) next / lines.length;
    }

    @Override
    public void close() {}
  }

  /** Counters that count and are then dropped. */
  private static final class Counters extends StatusReporter {
    private final java.util.Map<String, Counter> counters = new java.util.HashMap<>();

    @Override
    public Counter getCounter(Enum<?> name) {
      return getCounter(name.getDeclaringClass().getName(), name.name());
    }

    @Override
    public Counter getCounter(String group, String name) {
      return counters.computeIfAbsent(group + "." + name, k -> new GenericCounter(name, name));
    }

    @Override
    public void progress() {}

    @Override
    public float getProgress() {
      return 0;
    }

    @Override
    public void setStatus(String status) {}
  }
}
