package io.strata.hdfs.kat.mr;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocalDirAllocator;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.serializer.SerializationFactory;
import org.apache.hadoop.io.serializer.Serializer;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.StatusReporter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.counters.GenericCounter;
import org.apache.hadoop.mapreduce.lib.map.WrappedMapper;
import org.apache.hadoop.mapreduce.lib.reduce.WrappedReducer;
import org.apache.hadoop.mapreduce.task.MapContextImpl;
import org.apache.hadoop.mapreduce.task.ReduceContextImpl;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * KAT's shuffle-free mode: one map task per partition runs the job's own mapper over the partition, gathers its
 * output by key, and finally runs the job's reducer over every key in the job's sort order, writing the job's
 * output from the map. Correct because ingest put every record of a key into this one partition.
 *
 * <p>The output is kept serialized ({@link MapOutputTable}): a record costs a hash and a copy of its bytes. The
 * reducer and the combiner run on Hadoop's own reduce context over those bytes, so they see keys, values, grouping
 * and object reuse exactly as after a shuffle. Memory is bounded by {@link #BUFFER_MB} (default: the job's
 * {@code mapreduce.task.io.sort.mb}, the sort buffer a job with no reducers does not allocate): when the table
 * outgrows it, the job's combiner (if any) folds every key's values; if that leaves it over half full, or the
 * job has no combiner, the table is written to the task's local disk as a sorted run and emptied. At the end the
 * runs and the table are merged and reduced once, so the output is the same whether it spilled or not; a
 * partition with more distinct keys than fit in memory costs a local-disk write and read of its map output (as a
 * native map task's spills do), never a wrong or partial result.
 */
public final class ShuffleFreeMapper<KI, VI, KO, VO> extends Mapper<KI, VI, KO, VO> {
  public static final String MAPPER = "strata.kat.shuffle-free.mapper.class";
  public static final String COMBINER = "strata.kat.shuffle-free.combiner.class";
  public static final String REDUCER = "strata.kat.shuffle-free.reducer.class";
  /** The job's map output classes, which the shuffle-free job replaces with its output classes. */
  public static final String MAP_OUTPUT_KEY = "strata.kat.shuffle-free.map-output-key.class";
  public static final String MAP_OUTPUT_VALUE = "strata.kat.shuffle-free.map-output-value.class";
  /** Megabytes of map output held in memory before it is combined or spilled (default: io.sort.mb). */
  public static final String BUFFER_MB = "strata.kat.shuffle-free.buffer.mb";

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public void run(Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    JobConf job = new JobConf(conf);
    Class<?> keyClass = conf.getClass(MAP_OUTPUT_KEY, job.getMapOutputKeyClass());
    Class<?> valueClass = conf.getClass(MAP_OUTPUT_VALUE, job.getMapOutputValueClass());
    job.setMapOutputKeyClass(keyClass);
    job.setMapOutputValueClass(valueClass);
    Mapper userMapper = ReflectionUtils.newInstance(conf.getClass(MAPPER, null, Mapper.class), conf);
    Reducer reducer = ReflectionUtils.newInstance(conf.getClass(REDUCER, null, Reducer.class), conf);
    Class<? extends Reducer> combinerClass = conf.getClass(COMBINER, null, Reducer.class);
    Reducer combiner = combinerClass == null ? null : ReflectionUtils.newInstance(combinerClass, conf);
    long bufferBytes = conf.getLong(BUFFER_MB,
        conf.getInt(MRJobConfig.IO_SORT_MB, MRJobConfig.DEFAULT_IO_SORT_MB)) << 20;

    Gatherer gatherer = new Gatherer(context, job, keyClass, valueClass, combiner, bufferBytes);
    try {
      MapContextImpl mapContext = new MapContextImpl(conf, context.getTaskAttemptID(), new TaskInput(context),
          gatherer, context.getOutputCommitter(), new TaskReporter(context), context.getInputSplit());
      userMapper.run(new WrappedMapper().getMapContext(mapContext));
      // One reducer run over all keys, as a reduce task runs it (setup and cleanup once).
      RawKeyValueIterator input = gatherer.sortedInput();
      try {
        runReducer(reducer, context, input, job.getOutputValueGroupingComparator(), keyClass, valueClass,
            context.getCounter(TaskCounter.REDUCE_INPUT_GROUPS), context.getCounter(TaskCounter.REDUCE_INPUT_RECORDS),
            new TaskOutput(context));
      } finally {
        input.close();
      }
    } finally {
      gatherer.deleteSpills();
    }
  }

  /** Runs {@code reducer} (the job's reducer or combiner) over a sorted or grouped input on Hadoop's context. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static void runReducer(Reducer reducer, Mapper.Context context, RawKeyValueIterator input,
      RawComparator<?> grouping, Class<?> keyClass, Class<?> valueClass, Counter keys, Counter values,
      RecordWriter output) throws IOException, InterruptedException {
    ReduceContextImpl reduceContext = new ReduceContextImpl(context.getConfiguration(), context.getTaskAttemptID(),
        input, keys, values, output, context.getOutputCommitter(), new TaskReporter(context), grouping, keyClass,
        valueClass);
    reducer.run(new WrappedReducer().getReducerContext(reduceContext));
  }

  /** Takes what the job's mapper writes: serializes it into the table, combining or spilling when it is full. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final class Gatherer extends RecordWriter<Object, Object> {
    private final Mapper.Context context;
    private final JobConf job;
    private final Class<?> keyClass;
    private final Class<?> valueClass;
    private final Reducer combiner;
    private final long bufferBytes;
    private final DataOutputBuffer keyBytes = new DataOutputBuffer();
    private final DataOutputBuffer valueBytes = new DataOutputBuffer();
    private final Serializer keySerializer;
    private final Serializer valueSerializer;
    private MapOutputTable table = new MapOutputTable();
    private SpilledRuns spilled;
    private java.nio.file.Path spillDir;

    Gatherer(Mapper.Context context, JobConf job, Class<?> keyClass, Class<?> valueClass, Reducer combiner,
        long bufferBytes) throws IOException {
      this.context = context;
      this.job = job;
      this.keyClass = keyClass;
      this.valueClass = valueClass;
      this.combiner = combiner;
      this.bufferBytes = bufferBytes;
      SerializationFactory serialization = new SerializationFactory(job);
      keySerializer = serialization.getSerializer(keyClass);
      keySerializer.open(keyBytes);
      valueSerializer = serialization.getSerializer(valueClass);
      valueSerializer.open(valueBytes);
    }

    @Override
    public void write(Object key, Object value) throws IOException, InterruptedException {
      if (key.getClass() != keyClass) {
        throw new IOException("Type mismatch in key from map: expected " + keyClass.getName() + ", received "
            + key.getClass().getName());
      }
      if (value.getClass() != valueClass) {
        throw new IOException("Type mismatch in value from map: expected " + valueClass.getName() + ", received "
            + value.getClass().getName());
      }
      add(table, key, value);
      if (table.bytes() > bufferBytes) {
        makeRoom();
      }
    }

    private void add(MapOutputTable into, Object key, Object value) throws IOException {
      keyBytes.reset();
      keySerializer.serialize(key);
      valueBytes.reset();
      valueSerializer.serialize(value);
      into.add(keyBytes.getData(), keyBytes.getLength(), valueBytes.getData(), valueBytes.getLength());
    }

    /** Folds every key's values with the combiner; spills the table if it is still over half full. */
    private void makeRoom() throws IOException, InterruptedException {
      if (combiner != null) {
        table = combined(table.entries());
        context.progress();
      }
      if (combiner == null || table.bytes() > bufferBytes / 2) {
        if (spilled == null) {
          org.apache.hadoop.fs.Path local = new LocalDirAllocator(MRConfig.LOCAL_DIR).getLocalPathForWrite(
              "strata-kat/" + context.getTaskAttemptID(), job);
          spillDir = Files.createDirectories(java.nio.file.Path.of(local.toUri().getPath()));
          spilled = new SpilledRuns(spillDir, job.getOutputKeyComparator());
        }
        spilled.spill(table.sorted(job.getOutputKeyComparator()));
        context.getCounter(TaskCounter.SPILLED_RECORDS).increment(table.records());
        table = new MapOutputTable();
        context.progress();
      }
    }

    /** A new table holding what the combiner made of {@code entries}, each key's values together. */
    private MapOutputTable combined(List<MapOutputTable.Entry> entries) throws IOException, InterruptedException {
      MapOutputTable result = new MapOutputTable();
      RecordWriter<Object, Object> into = new RecordWriter<>() {
        @Override
        public void write(Object key, Object value) throws IOException {
          add(result, key, value);
          context.getCounter(TaskCounter.COMBINE_OUTPUT_RECORDS).increment(1);
        }

        @Override
        public void close(TaskAttemptContext ignored) {}
      };
      runReducer(combiner, context, MapOutputTable.iterator(entries, context::progress),
          job.getCombinerKeyGroupingComparator(), keyClass, valueClass, new GenericCounter(),
          context.getCounter(TaskCounter.COMBINE_INPUT_RECORDS), into);
      return result;
    }

    /** Everything the mapper wrote, in the job's sort order: the table, merged with the spilled runs if any. */
    RawKeyValueIterator sortedInput() throws IOException, InterruptedException {
      if (spilled == null) {
        return MapOutputTable.iterator(table.sorted(job.getOutputKeyComparator()), context::progress);
      }
      if (combiner != null) {
        table = combined(table.entries());
      }
      if (!table.isEmpty()) {
        spilled.spill(table.sorted(job.getOutputKeyComparator()));
        context.getCounter(TaskCounter.SPILLED_RECORDS).increment(table.records());
        table = new MapOutputTable();
      }
      return spilled.merge(context::progress);
    }

    @Override
    public void close(TaskAttemptContext ignored) {}

    /** Deletes the spilled runs, if any. */
    void deleteSpills() throws IOException {
      if (spilled != null) {
        spilled.close();
        Files.deleteIfExists(spillDir);
      }
    }
  }

  /** The task's own input, for the job's mapper (already initialized by the task). */
  private static final class TaskInput extends RecordReader<Object, Object> {
    private final Mapper.Context context;

    TaskInput(Mapper.Context context) {
      this.context = context;
    }

    @Override
    public void initialize(InputSplit split, TaskAttemptContext ignored) {}

    @Override
    public boolean nextKeyValue() throws IOException, InterruptedException {
      return context.nextKeyValue();
    }

    @Override
    public Object getCurrentKey() throws IOException, InterruptedException {
      return context.getCurrentKey();
    }

    @Override
    public Object getCurrentValue() throws IOException, InterruptedException {
      return context.getCurrentValue();
    }

    @Override
    public float getProgress() {
      return context.getProgress();
    }

    @Override
    public void close() {}
  }

  /** The task's output, for the job's reducer. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final class TaskOutput extends RecordWriter<Object, Object> {
    private final Mapper.Context context;

    TaskOutput(Mapper.Context context) {
      this.context = context;
    }

    @Override
    public void write(Object key, Object value) throws IOException, InterruptedException {
      context.write(key, value);
    }

    @Override
    public void close(TaskAttemptContext ignored) {}
  }

  /** The task's counters, status and progress. */
  private static final class TaskReporter extends StatusReporter {
    private final Mapper.Context context;

    TaskReporter(Mapper.Context context) {
      this.context = context;
    }

    @Override
    public Counter getCounter(Enum<?> name) {
      return context.getCounter(name);
    }

    @Override
    public Counter getCounter(String group, String name) {
      return context.getCounter(group, name);
    }

    @Override
    public void progress() {
      context.progress();
    }

    @Override
    public float getProgress() {
      return context.getProgress();
    }

    @Override
    public void setStatus(String status) {
      context.setStatus(status);
    }
  }
}
