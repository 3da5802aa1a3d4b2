package org.apache.hadoop.mapred;

import io.strata.embedded.localdir.LocalDevice;
import io.strata.embedded.localdir.LocalDevices;
import java.io.IOException;
import java.nio.file.Paths;
import java.util.Optional;
import org.apache.hadoop.fs.Path;

/**
 * MapReduce's ShuffleHandler whose reads of map outputs take as long as the emulated device under the NodeManager's
 * local dir needs: one positioning plus the partition's bytes, for every segment a reducer fetches.
 *
 * <p>The handler reads map outputs with {@code RandomAccessFile} and sends them with {@code transferTo}, past any
 * Hadoop file system, but it looks up every segment's offset and length in its {@link IndexCache} just before it
 * sends it. This class hands the handler an index cache that charges the device for the segment there. It lives in
 * Hadoop's package because {@code IndexCache} is package-private. For the embedded clusters only.
 */
public class DevicePacedShuffleHandler extends ShuffleHandler {
  @Override
  protected ShuffleChannelHandlerContext createHandlerContext() {
    ShuffleChannelHandlerContext context = super.createHandlerContext();
    return new ShuffleChannelHandlerContext(context.conf, context.userRsrc, context.secretManager,
        context.pathCache, new PacedIndexCache(new JobConf(context.conf)), context.metrics, context.allChannels);
  }

  /** An index cache that charges the map output's device for each segment looked up. */
  static final class PacedIndexCache extends IndexCache {
    PacedIndexCache(JobConf conf) {
      super(conf);
    }

    @Override
    public IndexRecord getIndexInformation(String mapId, int reduce, Path indexFile, String owner)
        throws IOException {
      IndexRecord segment = super.getIndexInformation(mapId, reduce, indexFile, owner);
      Optional<LocalDevice> device = LocalDevices.of(Paths.get(indexFile.toUri().getPath()));
      if (device.isPresent()) {
        device.get().read(segment.partLength, true);
      }
      return segment;
    }
  }
}
