package io.strata.core.energy;

import io.strata.core.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The wake-up predictors a configuration may name, each written once: its name, a one-line description and how
 * to make it. Parsing, the "unknown predictor" error and every help text that lists them come from here.
 */
public final class WakePredictors {
  /**
   * What a predictor may be built from.
   *
   * @param pollSeconds how often the caller asks the predictor
   * @param future      the future demand, or null outside a simulator or a benchmark replaying a known workload
   */
  public record Context(double pollSeconds, FutureDemand future) {}

  /** One predictor: its name as configured, one line for help texts, and how to make it. */
  public record Entry(String name, String description, Function<Context, WakePredictor> factory) {}

  /** Every predictor Strata ships, in the order help texts list them. */
  public static final WakePredictors STANDARD = new WakePredictors(List.of(
      new Entry("reactive", "never predicts: I/O on a sleeping backup waits its spin-up", c -> new ReactiveWaking()),
      new Entry("predictive", "wakes backups a spin-up before a node's primary work runs out or output is written",
          c -> new PrimaryDrainPredictor(c.pollSeconds())),
      new Entry("oracle", "knows the future demand (simulator and benchmarks only): the bound to compare with",
          c -> {
            if (c.future() == null) {
              throw new ConfigException("wake predictor 'oracle' needs the future demand, which only the simulator "
                  + "and benchmarks replaying a known workload have");
            }
            return new OracleWaking(c.future(), c.pollSeconds());
          })));

  /** The names a configuration may use, as {@link #STANDARD} lists them. */
  public static final List<String> NAMES = STANDARD.names();

  private final List<Entry> entries;

  public WakePredictors(List<Entry> entries) {
    this.entries = List.copyOf(entries);
  }

  /** This catalog with one more predictor. */
  public WakePredictors plus(Entry entry) {
    List<Entry> more = new ArrayList<>(entries);
    more.add(entry);
    return new WakePredictors(more);
  }

  public List<Entry> entries() {
    return entries;
  }

  public List<String> names() {
    return entries.stream().map(Entry::name).toList();
  }

  /** The predictor called {@code name} in this catalog. */
  public WakePredictor create(String name, Context context) {
    String n = name == null ? "" : name.trim();
    for (Entry entry : entries) {
      if (entry.name().equals(n)) {
        return entry.factory().apply(context);
      }
    }
    throw new ConfigException("unknown wake predictor '" + n + "' (known: " + String.join(", ", names()) + ")");
  }

  /** The standard predictor called {@code name}. */
  public static WakePredictor parse(String name, Context context) {
    return STANDARD.create(name, context);
  }
}
