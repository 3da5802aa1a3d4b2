package io.strata.core.spec;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/** Changes to a spec's YAML text, for tools that hand a changed spec on (to a NameNode, a cluster of hosts). */
public final class SpecText {
  private SpecText() {}

  /** {@code specText} loaded as YAML, changed by {@code change}, and written back in block style. */
  public static String edit(String specText, Consumer<Map<String, Object>> change) {
    Map<String, Object> root = new Yaml().load(specText);
    change.accept(root);
    DumperOptions style = new DumperOptions();
    style.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    return new Yaml(style).dump(root);
  }

  /** {@code specText} with its network replaced by these NIC and rack uplink rates. */
  public static String withNetwork(String specText, double nicGbps, double rackUplinkGbps) {
    return edit(specText, root -> {
      Map<String, Object> network = new LinkedHashMap<>();
      network.put("nicGbps", nicGbps);
      network.put("rackUplinkGbps", rackUplinkGbps);
      root.put("network", network);
    });
  }
}
