package io.strata.bench.whatif;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.apache.hadoop.hdfs.protocol.proto.HdfsProtos.BlockProto;
import org.apache.hadoop.hdfs.server.namenode.FSImageFormatProtobuf.SectionName;
import org.apache.hadoop.hdfs.server.namenode.FSImageUtil;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeDirectorySection.DirEntry;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection.INode;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection.INodeDirectory;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection.INodeFile;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.StringTableSection;
import org.apache.hadoop.hdfs.server.namenode.INodeId;
import org.apache.hadoop.hdfs.server.namenode.NameNodeLayoutVersion;
import org.apache.hadoop.thirdparty.protobuf.ByteString;
import org.apache.hadoop.thirdparty.protobuf.CodedOutputStream;

/**
 * A binary fsimage of the same namespace as {@link SyntheticInputs#writeImage}'s text, written with Hadoop's own
 * protobuf messages in the layout the NameNode saves (magic, sections, file summary and its length): the sections
 * whatif reads (string table, inodes, directories), files listed before their directories, each file with its
 * blocks. No NameNode could write ten million inodes here in a bench's time.
 */
final class SyntheticFsImage {
  private static final int FILES_PER_DIRECTORY = 1000;
  private static final int DIRECTORIES_PER_USER = 100;

  private SyntheticFsImage() {}

  /** Writes the image of {@code files} files to {@code out}. */
  static void write(Path out, long files) throws IOException {
    long directories = (files + FILES_PER_DIRECTORY - 1) / FILES_PER_DIRECTORY;
    long users = (directories + DIRECTORIES_PER_USER - 1) / DIRECTORIES_PER_USER;
    long root = INodeId.ROOT_INODE_ID;
    long userDir = root + 1;
    long firstUser = userDir + 1;
    long firstPart = firstUser + users;
    long firstFile = firstPart + directories;
    FileSummary.Builder summary = FileSummary.newBuilder().setOndiskVersion(FSImageUtil.FILE_VERSION)
        .setLayoutVersion(NameNodeLayoutVersion.CURRENT_LAYOUT_VERSION);
    try (CountingOutput image = new CountingOutput(Files.newOutputStream(out))) {
      image.write(FSImageUtil.MAGIC_HEADER);

      long start = image.count;
      StringTableSection.newBuilder().setNumEntry(0).setMaskBits(0).build().writeDelimitedTo(image);
      summary.addSections(section(SectionName.STRING_TABLE, start, image.count));

      start = image.count;
      INodeSection.newBuilder().setLastInodeId(firstFile + files - 1).setNumInodes(2 + users + directories + files)
          .build().writeDelimitedTo(image);
      SplittableRandom random = new SplittableRandom(43);
      long blockSize = 128L << 20;
      long blockId = 1L << 30;
      for (long i = 0; i < files; i++) {
        long size = random.nextLong(1L << random.nextInt(8, 31));
        INodeFile.Builder file = INodeFile.newBuilder().setReplication(1 + random.nextInt(3))
            .setModificationTime(SyntheticInputs.START_MILLIS).setAccessTime(SyntheticInputs.START_MILLIS)
            .setPreferredBlockSize(blockSize).setPermission(0);
        for (long left = size; left > 0; left -= blockSize) {
          file.addBlocks(BlockProto.newBuilder().setBlockId(blockId++).setGenStamp(1001)
              .setNumBytes(Math.min(left, blockSize)));
        }
        if (random.nextInt(50) == 0) {
          file.setStoragePolicyID(7);
        }
        inode(INode.Type.FILE, firstFile + i, "f" + i).setFile(file).build().writeDelimitedTo(image);
      }
      directory(root, "").writeDelimitedTo(image);
      directory(userDir, "user").writeDelimitedTo(image);
      for (long u = 0; u < users; u++) {
        directory(firstUser + u, "u" + u).writeDelimitedTo(image);
      }
      for (long d = 0; d < directories; d++) {
        directory(firstPart + d, "part" + d % DIRECTORIES_PER_USER).writeDelimitedTo(image);
      }
      summary.addSections(section(SectionName.INODE, start, image.count));

      start = image.count;
      DirEntry.newBuilder().setParent(root).addChildren(userDir).build().writeDelimitedTo(image);
      DirEntry.Builder userEntry = DirEntry.newBuilder().setParent(userDir);
      for (long u = 0; u < users; u++) {
        userEntry.addChildren(firstUser + u);
      }
      userEntry.build().writeDelimitedTo(image);
      for (long u = 0; u < users; u++) {
        DirEntry.Builder entry = DirEntry.newBuilder().setParent(firstUser + u);
        for (long d = u * DIRECTORIES_PER_USER; d < Math.min(directories, (u + 1) * DIRECTORIES_PER_USER); d++) {
          entry.addChildren(firstPart + d);
        }
        entry.build().writeDelimitedTo(image);
      }
      for (long d = 0; d < directories; d++) {
        DirEntry.Builder entry = DirEntry.newBuilder().setParent(firstPart + d);
        for (long i = d * FILES_PER_DIRECTORY; i < Math.min(files, (d + 1) * FILES_PER_DIRECTORY); i++) {
          entry.addChildren(firstFile + i);
        }
        entry.build().writeDelimitedTo(image);
      }
      summary.addSections(section(SectionName.INODE_DIR, start, image.count));

      FileSummary done = summary.build();
      done.writeDelimitedTo(image);
      int length = done.getSerializedSize() + CodedOutputStream.computeUInt32SizeNoTag(done.getSerializedSize());
      image.write(ByteBuffer.allocate(4).putInt(length).array());
    }
  }

  private static INode.Builder inode(INode.Type type, long id, String name) {
    return INode.newBuilder().setType(type).setId(id)
        .setName(ByteString.copyFrom(name.getBytes(StandardCharsets.UTF_8)));
  }

  private static INode directory(long id, String name) {
    return inode(INode.Type.DIRECTORY, id, name).setDirectory(INodeDirectory.newBuilder()
        .setModificationTime(SyntheticInputs.START_MILLIS).setNsQuota(-1).setDsQuota(-1).setPermission(0)).build();
  }

  private static FileSummary.Section section(SectionName name, long start, long end) {
    return FileSummary.Section.newBuilder().setName(name.name()).setOffset(start).setLength(end - start).build();
  }

  /** A buffered output that knows how many bytes went through it: the sections' offsets. */
  private static final class CountingOutput extends BufferedOutputStream {
    long count;

    CountingOutput(OutputStream out) {
      super(out, 1 << 20);
    }

    @Override
    public synchronized void write(int b) throws IOException {
      super.write(b);
      count++;
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
      super.write(b, off, len);
      count += len;
    }
  }
}
