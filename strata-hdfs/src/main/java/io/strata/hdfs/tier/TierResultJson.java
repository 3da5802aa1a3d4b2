package io.strata.hdfs.tier;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A tier API call's outcome as {@code strata tier ... --json} and the dashboard's actions return it. */
public final class TierResultJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TierResultJson() {}

  public static ObjectNode json(TierResult result) {
    ObjectNode node = JSON.createObjectNode();
    node.put("operation", result.operation());
    node.put("path", result.path());
    node.put("success", result.success());
    node.put("failure", result.failure() == null ? null : result.failure().name());
    node.put("message", result.message());
    node.put("layout", result.layout());
    node.put("files", result.files());
    node.put("blocks", result.blocks());
    node.put("blocksDone", result.blocksDone());
    node.put("moves", result.moves());
    node.put("failedMoves", result.failedMoves());
    node.put("bytesMoved", result.bytesMoved());
    ArrayNode problems = node.putArray("problems");
    result.problems().forEach(problems::add);
    node.put("millis", result.millis());
    return node;
  }
}
