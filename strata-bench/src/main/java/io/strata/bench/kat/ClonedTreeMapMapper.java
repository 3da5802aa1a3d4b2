package io.strata.bench.kat;

import io.strata.hdfs.kat.mr.ShuffleFreeMapper;

import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.MapContext;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.ReduceContext;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.map.WrappedMapper;
import org.apache.hadoop.mapreduce.lib.reduce.WrappedReducer;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * The shuffle-free mode's first map-side aggregation, kept as the baseline of {@link ShuffleFreeJmh}: every record's
 * key and value Writable cloned into a sorted map, the combiner run through fresh reflection proxies every
 * {@link #COMBINE_EVERY} values of a key, memory unbounded. Replaced by {@link ShuffleFreeMapper}.
 */
public final class ClonedTreeMapMapper<KI, VI, K extends WritableComparable<?>, V extends Writable>
    extends
      Mapper<KI, VI, K, V> {
  private static final String MAPPER = ShuffleFreeMapper.MAPPER;
  private static final String COMBINER = ShuffleFreeMapper.COMBINER;
  private static final String REDUCER = ShuffleFreeMapper.REDUCER;
  /** Values gathered for one key before the combiner folds them. */
  public static final int COMBINE_EVERY = 64;

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public void run(Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    Mapper userMapper = ReflectionUtils.newInstance(conf.getClass(MAPPER, null, Mapper.class), conf);
    Reducer reducer = ReflectionUtils.newInstance(conf.getClass(REDUCER, null, Reducer.class), conf);
    Class<? extends Reducer> combinerClass = conf.getClass(COMBINER, null, Reducer.class);
    Reducer combiner = combinerClass == null ? null : ReflectionUtils.newInstance(combinerClass, conf);

    TreeMap<Object, List<Object>> byKey = new TreeMap<>();
    List<Object[]> combined = new ArrayList<>();
    MapContext capture = (MapContext) Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {MapContext.class}, delegating(context, (method, args) -> {
          if (method.getName().equals("write") && args.length == 2) {
            Object key = WritableUtils.clone((Writable) args[0], conf);
            List<Object> values = byKey.computeIfAbsent(key, k -> new ArrayList<>());
            values.add(WritableUtils.clone((Writable) args[1], conf));
            if (combiner != null && values.size() >= COMBINE_EVERY) {
              combined.clear();
              reduce(combiner, context, List.of(Map.entry(key, values)).iterator(),
                  (k, v) -> combined.add(new Object[] {
                      WritableUtils.clone((Writable) k, conf), WritableUtils.clone((Writable) v, conf)}));
              values.clear();
              for (Object[] kv : combined) {
                byKey.computeIfAbsent(kv[0], k -> new ArrayList<>()).add(kv[1]);
              }
            }
            return null;
          }
          return NOT_HANDLED;
        }));
    userMapper.run(new WrappedMapper().getMapContext(capture));

    // One reducer run over all keys, as a reduce task would run it (setup and cleanup once).
    reduce(reducer, context, byKey.entrySet().iterator(), (k, v) -> context.write((K) k, (V) v));
  }

  /** Receives what a reducer writes. */
  private interface Output {
    void write(Object key, Object value) throws IOException, InterruptedException;
  }

  private static final Object NOT_HANDLED = new Object();

  private interface Handler {
    Object handle(Method method, Object[] args) throws Exception;
  }

  /** A proxy that tries {@code handler} first and otherwise calls the same method on the task's own context. */
  private static InvocationHandler delegating(Object context, Handler handler) {
    return (proxy, method, args) -> {
      Object[] a = args == null ? new Object[0] : args;
      Object result = handler.handle(method, a);
      if (result != NOT_HANDLED) {
        return result;
      }
      try {
        return method.invoke(context, a);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    };
  }

  /** Runs {@code reducer} (the job's reducer or combiner) over keys and their values, in order. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void reduce(Reducer reducer, Mapper.Context context,
      Iterator<Map.Entry<Object, List<Object>>> keys, Output output) throws IOException, InterruptedException {
    Map.Entry<Object, List<Object>>[] current = new Map.Entry[1];
    ReduceContext allKeys = (ReduceContext) Proxy.newProxyInstance(ClonedTreeMapMapper.class.getClassLoader(),
        new Class<?>[] {ReduceContext.class}, delegating(context, (method, args) -> {
          switch (method.getName()) {
            case "nextKey" :
              if (!keys.hasNext()) {
                return false;
              }
              current[0] = keys.next();
              context.progress();
              return true;
            case "getCurrentKey" :
              return current[0] == null ? null : current[0].getKey();
            case "getValues" :
              return (Iterable<Object>) () -> current[0].getValue().iterator();
            case "write" :
              if (args.length == 2) {
                output.write(args[0], args[1]);
                return null;
              }
              return NOT_HANDLED;
            default :
              return NOT_HANDLED;
          }
        }));
    reducer.run(new WrappedReducer().getReducerContext(allKeys));
  }
}
