package io.strata.hdfs.whatif;

import io.strata.core.whatif.BadInputs;
import io.strata.core.whatif.DelimitedImageReader;
import io.strata.core.whatif.ImageFormat;
import io.strata.core.whatif.NamespaceReader;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;

/** Opens a namespace image in either form whatif accepts, told apart by its first bytes. */
public final class NamespaceImages {
  private NamespaceImages() {}

  /**
   * A reader of {@code file}: an fsimage ({@link FsImageReader}), or {@code hdfs oiv -p Delimited} text ({@link
   * DelimitedImageReader}, whose times are local times of {@code delimitedZone}, the zone oiv ran in).
   */
  public static NamespaceReader open(Path file, ZoneId delimitedZone, BadInputs bad) throws IOException {
    return switch (ImageFormat.of(file)) {
      case FSIMAGE -> FsImageReader.open(file, bad);
      case DELIMITED -> DelimitedImageReader.open(file, delimitedZone, bad);
    };
  }
}
