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
import java.util.Objects;

/**
 * {@code strata tier move PATH FROM TO --replicas N} from the page, in two steps: prepare (checked, nothing moved,
 * a confirmation token returned) and confirm (the move). Every HDFS call of both runs as the user who asked
 * ({@link ActingUser}), so HDFS decides whether they may: as for the command, a move needs the HDFS superuser.
 * Only when the dashboard was started with {@code --allow-actions}.
 */
final class MoveAction {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A prepared move and who prepared it (null: the dashboard's own user, without a login). */
  record Move(String path, String from, String to, int replicas, String user) {
    String describe() {
      return "move " + replicas + " replica(s) of every file under " + path + " from tier " + from + " to tier " + to;
    }
  }

  private final ConfirmTokens<Move> tokens = new ConfirmTokens<>(System::nanoTime);

  /** Checks the move as {@code user} and returns its token; moves nothing. */
  JsonNode prepare(DashboardContext context, Query query, String user) throws Exception {
    Move move = new Move(query.absolutePath("path", null), query.required("from"), query.required("to"),
        query.integer("replicas", 1, 1), user);
    ActingUser.run(user, context, fs -> {
      TierMap tiers = context.tiers().forCluster(fs);
      for (String tier : new String[] {move.from(), move.to()}) {
        if (tiers.tiers().stream().map(Tier::name).noneMatch(tier::equals)) {
          throw new ConfigException("unknown tier '" + tier + "' (tiers: "
              + String.join(", ", tiers.tiers().stream().map(Tier::name).toList()) + ")");
        }
      }
      return fs.getFileStatus(new org.apache.hadoop.fs.Path(move.path())); // a missing path fails here
    });
    ObjectNode node = JSON.createObjectNode();
    node.put("token", tokens.issue(move));
    node.put("action", move.describe());
    node.put("validSeconds", ConfirmTokens.VALID.toSeconds());
    node.put("warning", NameNodeJmx.placementPluginWarning(context.conf()));
    return node;
  }

  /** Runs, as {@code user}, the move the token was issued to them for: the JSON of {@code strata tier move --json}. */
  JsonNode confirm(DashboardContext context, Query query, String user) throws Exception {
    Move move = tokens.redeem(query.required("token"));
    if (move == null || !Objects.equals(move.user(), user)) {
      throw new ConfigException("unknown, used or expired confirmation token: prepare the action again");
    }
    return ActingUser.run(user, context, fs -> {
      try (TierManager manager = new TierManager(fs, context.tiers().forCluster(fs), TierSettings.from(fs.getConf()))) {
        return TierResultJson.json(manager.moveTier(move.path(), move.from(), move.to(), move.replicas()));
      }
    });
  }
}
