package io.strata.cli.shared;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.config.ByteSize;
import io.strata.hdfs.rescue.FilerRescue;
import java.util.Locale;

/** A rescued block as {@code strata tier rescue} and {@code strata autotier run} print it. */
public final class RescuePrinter {
  private RescuePrinter() {}

  /** One block's outcome as a line of text. */
  public static String line(FilerRescue.BlockResult block) {
    return String.format(Locale.ROOT, "%-13s %s %s %s%s%s", block.outcome().label(),
        block.file(), block.block(), ByteSize.format(block.bytes()),
        block.source() == null ? "" : " from " + block.source() + (block.target() == null ? "" : " to "
            + block.target()),
        block.detail() == null ? "" : " (" + block.detail() + ")");
  }

  /** One block's outcome put into {@code node}. */
  public static ObjectNode json(ObjectNode node, FilerRescue.BlockResult block) {
    return node.put("file", block.file()).put("block", block.block()).put("bytes", block.bytes())
        .put("outcome", block.outcome().label()).put("source", block.source()).put("target", block.target())
        .put("detail", block.detail());
  }
}
