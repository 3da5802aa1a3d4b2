package io.strata.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.config.ConfigException;
import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.NameNodeJmx;
import io.strata.hdfs.tier.TierManager;
import io.strata.hdfs.tier.TierResultJson;
import io.strata.hdfs.tier.TierSettings;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * {@code strata tier move PATH FROM TO --replicas N} from the page, in two steps: prepare (checked, nothing moved,
 * a confirmation token returned) and confirm (the move, as the dashboard's user, who must be the HDFS superuser as
 * for the command). Only when the dashboard was started with {@code --allow-actions}.
 */
final class MoveAction {
  private static final ObjectMapper JSON = new ObjectMapper();

  record Move(String path, String from, String to, int replicas) {
    String describe() {
      return "move " + replicas + " replica(s) of every file under " + path + " from tier " + from + " to tier " + to;
    }
  }

  private final ConfirmTokens<Move> tokens = new ConfirmTokens<>(System::nanoTime);

  /** Checks the move and returns its token; moves nothing. */
  JsonNode prepare(DashboardContext context, Query query) throws Exception {
    Move move = new Move(query.absolutePath("path", null), query.required("from"), query.required("to"),
        query.integer("replicas", 1, 1));
    DistributedFileSystem fs = context.fs();
    TierMap tiers = context.tiers().forCluster(fs);
    for (String tier : new String[] {move.from(), move.to()}) {
      if (tiers.tiers().stream().map(Tier::name).noneMatch(tier::equals)) {
        throw new ConfigException("unknown tier '" + tier + "' (tiers: "
            + String.join(", ", tiers.tiers().stream().map(Tier::name).toList()) + ")");
      }
    }
    fs.getFileStatus(new org.apache.hadoop.fs.Path(move.path())); // a missing path fails here, before any token
    ObjectNode node = JSON.createObjectNode();
    node.put("token", tokens.issue(move));
    node.put("action", move.describe());
    node.put("validSeconds", ConfirmTokens.VALID.toSeconds());
    node.put("warning", NameNodeJmx.placementPluginWarning(context.conf()));
    return node;
  }

  /** Runs the move the token was issued for: the JSON of {@code strata tier move --json}. */
  JsonNode confirm(DashboardContext context, Query query) throws Exception {
    Move move = tokens.redeem(query.required("token"));
    if (move == null) {
      throw new ConfigException("unknown, used or expired confirmation token: prepare the action again");
    }
    DistributedFileSystem fs = context.fs();
    try (TierManager manager = new TierManager(fs, context.tiers().forCluster(fs), TierSettings.from(fs.getConf()))) {
      return TierResultJson.json(manager.moveTier(move.path(), move.from(), move.to(), move.replicas()));
    }
  }
}
