package io.strata.hdfs.whatif;

import io.strata.core.whatif.BadInputException;
import io.strata.core.whatif.BadInputs;
import io.strata.core.whatif.HdfsStoragePolicies;
import io.strata.core.whatif.NamespaceEntry;
import io.strata.core.whatif.NamespaceReader;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.XAttr;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicy;
import org.apache.hadoop.hdfs.protocol.SystemErasureCodingPolicies;
import org.apache.hadoop.hdfs.protocol.proto.HdfsProtos.BlockProto;
import org.apache.hadoop.hdfs.protocol.proto.HdfsProtos.ErasureCodingPolicyProto;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockStoragePolicySuite;
import org.apache.hadoop.hdfs.server.namenode.FSImageFormatPBINode;
import org.apache.hadoop.hdfs.server.namenode.FSImageFormatProtobuf.SectionName;
import org.apache.hadoop.hdfs.server.namenode.FSImageUtil;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.ErasureCodingSection;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeDirectorySection.DirEntry;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeReferenceSection.INodeReference;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection.INode;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection.INodeDirectory;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection.INodeFile;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.StringTableSection;
import org.apache.hadoop.hdfs.server.namenode.SerialNumberManager;
import org.apache.hadoop.thirdparty.protobuf.CodedInputStream;
import org.apache.hadoop.thirdparty.protobuf.InvalidProtocolBufferException;
import org.apache.hadoop.thirdparty.protobuf.Parser;

/**
 * Reads the NameNode's binary fsimage ({@code hdfs dfsadmin -fetchImage}) with Hadoop's own classes: the file
 * summary, sections and codec through {@code FSImageUtil}, every message through {@code FsImageProto}, extended
 * attributes through {@code FSImageFormatPBINode}, policy attributes through {@code BlockStoragePolicySuite}.
 *
 * <p>It streams as Hadoop's {@code PBImageTextWriter} does, in two passes over the inode section, but keeps the
 * namespace in flat arrays ({@link ImageTree}) rather than Hadoop's in-memory map (objects per inode) or its
 * LevelDB spill (a native library and a temp dir): a first pass keeps each directory's name and policy, the
 * directory section gives each inode's parent (12 bytes an inode), and the second pass hands out the entries,
 * none of them kept. It also keeps what Delimited text loses: times to the millisecond, and the storage policy in
 * force rather than the inode's own. Inodes no directory holds (kept only by snapshots) and symbolic links are
 * left out.
 *
 * <p>An inode or directory entry that does not parse is an error naming the section, the entry and its byte
 * offset, or is skipped and counted as {@link BadInputs} says (the inodes under a skipped directory are then left
 * out as unreachable). Damage that leaves the rest of a section unreadable (a broken length, a cut-short section,
 * a bad summary, string table or reference list) is an error either way.
 */
public final class FsImageReader implements NamespaceReader {
  private final Path file;
  private final String source;
  private final BadInputs bad;
  private final FileSummary summary;
  private final Map<String, FileSummary.Section> sections = new HashMap<>();
  private SerialNumberManager.StringTable strings;
  private long[] references = new long[0];
  private final Map<Integer, String> erasureCodingPolicies = new HashMap<>();
  private ImageTree tree;
  /** Inode entries (by number in the section) already reported by the first pass. */
  private final Set<Long> skippedInodes = new HashSet<>();
  private final ImageSection inodes;
  private long entries;
  private long unreachable;

  private FsImageReader(Path file, BadInputs bad) throws IOException {
    this.file = file;
    this.source = file.toString();
    this.bad = bad;
    this.summary = summary();
    for (FileSummary.Section section : summary.getSectionsList()) {
      sections.putIfAbsent(section.getName(), section);
    }
    readStringTable();
    readReferences();
    readErasureCodingPolicies();
    readDirectories();
    readDirectoryEntries();
    this.inodes = open(SectionName.INODE);
    try {
      inodes.next(); // the section's header, read in the first pass
    } catch (IOException | RuntimeException e) {
      inodes.close();
      throw e;
    }
  }

  /** Opens the fsimage {@code file} and reads all but its inodes, which {@link #next()} then streams. */
  public static FsImageReader open(Path file, BadInputs bad) throws IOException {
    return new FsImageReader(file, bad);
  }

  @Override
  public String source() {
    return source;
  }

  @Override
  public long entriesRead() {
    return entries;
  }

  /** Inodes left out because no directory of the namespace holds them (kept only by snapshots). */
  public long unreachable() {
    return unreachable;
  }

  @Override
  public NamespaceEntry next() throws IOException {
    while (inodes.next()) {
      if (skippedInodes.contains(inodes.entry())) {
        continue;
      }
      try {
        NamespaceEntry entry = entry(INode.parser().parseFrom(inodes.bytes(), 0, inodes.length()));
        if (entry != null) {
          entries++;
          return entry;
        }
      } catch (InvalidProtocolBufferException e) {
        bad.found(inodes.corrupt("the inode does not parse: " + e.getMessage(), e));
      } catch (IllegalArgumentException e) {
        bad.found(inodes.corrupt(e.getMessage(), e));
      }
    }
    return null;
  }

  /** The entry of {@code inode}, or null for a symbolic link or an inode outside the namespace tree. */
  private NamespaceEntry entry(INode inode) {
    if (inode.getType() == INode.Type.FILE) {
      int parent = tree.parentOf(inode.getId());
      String directory = parent == InodeIdMap.ABSENT ? null : tree.path(parent);
      if (directory == null) {
        unreachable++;
        return null;
      }
      INodeFile file = inode.getFile();
      long size = 0;
      for (BlockProto block : file.getBlocksList()) {
        size += block.getNumBytes();
      }
      int policy = file.getStoragePolicyID() != HdfsStoragePolicies.UNSPECIFIED ? file.getStoragePolicyID()
          : tree.policy(parent);
      String erasureCoding = file.hasErasureCodingPolicyID() ? erasureCodingPolicy(file.getErasureCodingPolicyID())
          : null;
      return new NamespaceEntry(ImageTree.child(directory, inode.getName().toByteArray()), false, size,
          file.getReplication(), file.getPreferredBlockSize(), policyName(policy), erasureCoding,
          file.getModificationTime(), file.getAccessTime());
    }
    if (inode.getType() == INode.Type.DIRECTORY) {
      int index = tree.directoryIndex(inode.getId());
      String path = index == InodeIdMap.ABSENT ? null : tree.path(index);
      if (path == null) {
        unreachable++;
        return null;
      }
      return new NamespaceEntry(path, true, 0, 0, 0, policyName(tree.policy(index)), null,
          inode.getDirectory().getModificationTime(), 0);
    }
    return null;
  }

  private static String policyName(int id) {
    if (id == HdfsStoragePolicies.UNSPECIFIED) {
      return HdfsStoragePolicies.DEFAULT;
    }
    String name = HdfsStoragePolicies.name(id);
    if (name == null) {
      throw new IllegalArgumentException("storage policy id " + id + " is none of HDFS's storage policies");
    }
    return name;
  }

  private String erasureCodingPolicy(int id) {
    String name = erasureCodingPolicies.get(id);
    if (name == null) {
      ErasureCodingPolicy system = SystemErasureCodingPolicies.getByID((byte) id);
      name = system == null ? "erasure coding policy " + id : system.getName();
    }
    return name;
  }

  private FileSummary summary() throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
      if (!FSImageUtil.checkFileFormat(raf)) {
        throw BadInputException.at(source, "byte 0", "not an fsimage: it does not start with HDFSIMG1", null);
      }
      return FSImageUtil.loadSummary(raf);
    } catch (BadInputException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw BadInputException.at(source, "the file summary (the image's last bytes)",
          "cannot be read (a cut-short or corrupt image?): " + e, e);
    }
  }

  private ImageSection open(SectionName name) throws IOException {
    FileSummary.Section section = sections.get(name.name());
    if (section == null) {
      throw BadInputException.at(source, "the file summary", "lists no " + name + " section", null);
    }
    return new ImageSection(file, summary, section);
  }

  /** The names of extended attributes, which a directory's storage policy is. */
  private void readStringTable() throws IOException {
    try (ImageSection section = open(SectionName.STRING_TABLE)) {
      if (!section.next()) {
        throw section.corruptSection("the section is empty");
      }
      StringTableSection header = parse(section, StringTableSection.parser());
      strings = SerialNumberManager.newStringTable(header.getNumEntry(), header.getMaskBits());
      while (section.next()) {
        StringTableSection.Entry entry = parse(section, StringTableSection.Entry.parser());
        strings.put(entry.getId(), entry.getStr());
      }
    }
  }

  /** The inodes of renamed files that a snapshot also holds; the directory section names them by position. */
  private void readReferences() throws IOException {
    if (!sections.containsKey(SectionName.INODE_REFERENCE.name())) {
      return;
    }
    try (ImageSection section = open(SectionName.INODE_REFERENCE)) {
      int count = 0;
      while (section.next()) {
        if (count == references.length) {
          references = Arrays.copyOf(references, Math.max(16, count * 2));
        }
        references[count++] = parse(section, INodeReference.parser()).getReferredId();
      }
      references = Arrays.copyOf(references, count);
    }
  }

  private void readErasureCodingPolicies() throws IOException {
    if (!sections.containsKey(SectionName.ERASURE_CODING.name())) {
      return;
    }
    try (ImageSection section = open(SectionName.ERASURE_CODING)) {
      if (section.next()) {
        for (ErasureCodingPolicyProto policy : parse(section, ErasureCodingSection.parser()).getPoliciesList()) {
          erasureCodingPolicies.put(policy.getId(), policy.getName());
        }
      }
    }
  }

  /** The first pass over the inodes: every directory's id, name and own storage policy. */
  private void readDirectories() throws IOException {
    try (ImageSection section = open(SectionName.INODE)) {
      if (!section.next()) {
        throw section.corruptSection("the section is empty");
      }
      INodeSection header = parse(section, INodeSection.parser());
      tree = new ImageTree(header.getNumInodes());
      long read = 0;
      while (section.next()) {
        read++;
        int type = typeOf(section);
        if (type != INode.Type.DIRECTORY_VALUE && type != -1) {
          continue; // a file or link: its turn comes in the second pass
        }
        try {
          INode inode = INode.parser().parseFrom(section.bytes(), 0, section.length());
          if (inode.getType() == INode.Type.DIRECTORY) {
            tree.addDirectory(inode.getId(), inode.getName().toByteArray(), ownPolicy(inode.getDirectory()));
          }
        } catch (InvalidProtocolBufferException e) {
          skippedInodes.add(section.entry());
          bad.found(section.corrupt("the inode does not parse: " + e.getMessage(), e));
        } catch (RuntimeException e) {
          skippedInodes.add(section.entry());
          bad.found(section.corrupt("the directory's extended attributes cannot be read: " + e, e));
        }
      }
      if (header.hasNumInodes() && read != header.getNumInodes()) {
        throw section.corruptSection("the section holds " + read + " inodes, its header says "
            + header.getNumInodes());
      }
    }
  }

  /** An inode's type from its first field (protobuf writes fields in order), without parsing it; -1 if unclear. */
  private static int typeOf(ImageSection section) {
    try {
      CodedInputStream in = CodedInputStream.newInstance(section.bytes(), 0, section.length());
      return in.readTag() == (INode.TYPE_FIELD_NUMBER << 3) ? in.readEnum() : -1;
    } catch (IOException e) {
      return -1;
    }
  }

  private int ownPolicy(INodeDirectory directory) {
    if (directory.hasXAttrs()) {
      for (XAttr xattr : FSImageFormatPBINode.Loader.loadXAttrs(directory.getXAttrs(), strings)) {
        if (BlockStoragePolicySuite.isStoragePolicyXAttr(xattr)) {
          return xattr.getValue()[0];
        }
      }
    }
    return HdfsStoragePolicies.UNSPECIFIED;
  }

  /** The directory section: each inode's parent. */
  private void readDirectoryEntries() throws IOException {
    try (ImageSection section = open(SectionName.INODE_DIR)) {
      while (section.next()) {
        DirEntry entry;
        try {
          entry = DirEntry.parser().parseFrom(section.bytes(), 0, section.length());
        } catch (InvalidProtocolBufferException e) {
          bad.found(section.corrupt("the directory entry does not parse: " + e.getMessage(), e));
          continue;
        }
        for (int i = 0; i < entry.getChildrenCount(); i++) {
          tree.link(entry.getParent(), entry.getChildren(i));
        }
        for (int i = 0; i < entry.getRefChildrenCount(); i++) {
          int reference = entry.getRefChildren(i);
          if (reference < 0 || reference >= references.length) {
            bad.found(section.corrupt("reference " + reference + " is not in the reference section ("
                + references.length + " references)", null));
          } else {
            tree.link(entry.getParent(), references[reference]);
          }
        }
      }
    }
  }

  /** One message of a section that must be whole: a message that does not parse is an error however bad says. */
  private static <T> T parse(ImageSection section, Parser<T> parser)
      throws BadInputException {
    try {
      return parser.parseFrom(section.bytes(), 0, section.length());
    } catch (InvalidProtocolBufferException e) {
      throw section.corrupt("does not parse: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() throws IOException {
    inodes.close();
  }
}
