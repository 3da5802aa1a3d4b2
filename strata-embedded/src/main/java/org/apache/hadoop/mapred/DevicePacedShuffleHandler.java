package org.apache.hadoop.mapred;

import io.strata.embedded.localdir.LocalDevice;
import io.strata.embedded.localdir.LocalDevices;
import io.strata.embedded.localdir.NodePageCache;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Paths;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.api.ApplicationTerminationContext;

/**
 * MapReduce's ShuffleHandler whose reads of map outputs take as long as the emulated device under the NodeManager's
 * local dir needs: one positioning plus the partition's bytes, for every segment a reducer fetches; with a node
 * page cache ({@link NodePageCache}), only for the bytes that miss it (a fresh map output is still in memory).
 *
 * <p>The handler reads map outputs with {@code RandomAccessFile} and sends them with {@code transferTo}, past any
 * Hadoop file system, but it looks up every segment's offset and length in its {@link IndexCache} just before it
 * sends it. This class hands the handler an index cache that charges the device for the segment there. It lives in
 * Hadoop's package because {@code IndexCache} is package-private. For the embedded clusters only.
 */
public class DevicePacedShuffleHandler extends ShuffleHandler {
  private static final String INDEX_SUFFIX = ".index";

  @Override
  protected ShuffleChannelHandlerContext createHandlerContext() {
    ShuffleChannelHandlerContext context = super.createHandlerContext();
    return new ShuffleChannelHandlerContext(context.conf, context.userRsrc, context.secretManager,
        context.pathCache, new PacedIndexCache(new JobConf(context.conf)), context.metrics, context.allChannels);
  }

  /**
   * The NodeManager deletes a finished application's directories with its own file system, past the task JVMs':
   * their pages (dirty map outputs included, never written) leave the page cache here, as Linux drops them.
   */
  @Override
  public void stopApplication(ApplicationTerminationContext context) {
    super.stopApplication(context);
    for (String localDir : getConfig().getTrimmedStrings(YarnConfiguration.NM_LOCAL_DIRS)) {
      try {
        Optional<NodePageCache> cache = LocalDevices.pageCacheOf(Paths.get(localDir, "appcache"));
        if (cache.isPresent()) {
          cache.get().deleteApplication(context.getApplicationId().toString());
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
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
      java.nio.file.Path index = Paths.get(indexFile.toUri().getPath());
      Optional<LocalDevice> device = LocalDevices.of(index);
      if (device.isPresent()) {
        Optional<NodePageCache> cache = LocalDevices.pageCacheOf(index);
        String name = index.getFileName().toString();
        if (cache.isEmpty() || !name.endsWith(INDEX_SUFFIX)) {
          device.get().read(segment.partLength, true);
        } else {
          java.nio.file.Path mapOutput = index.resolveSibling(name.substring(0, name.length() - INDEX_SUFFIX.length()));
          long missed = cache.get().read(mapOutput, segment.startOffset, segment.partLength, device.get());
          if (missed > 0) {
            device.get().read(missed, true);
          }
        }
      }
      return segment;
    }
  }
}
