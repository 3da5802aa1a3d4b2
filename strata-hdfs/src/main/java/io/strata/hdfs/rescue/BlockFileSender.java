package io.strata.hdfs.rescue;

import io.strata.hdfs.DataNodeConnection;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.datatransfer.BlockConstructionStage;
import org.apache.hadoop.hdfs.protocol.datatransfer.PacketHeader;
import org.apache.hadoop.hdfs.protocol.datatransfer.Sender;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.hdfs.server.datanode.CachingStrategy;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.util.DataChecksum;

/**
 * Writes a finalized replica found as files (a block file and its checksum file) to a live DataNode the way one
 * DataNode sends a replica to another when the NameNode asks for re-replication: the DataNode stores it as a new
 * replica on a volume of the requested storage type, verifying every checksum as it receives it, and reports it
 * to the NameNode. Every checksum is also verified here before it is sent, so a damaged file is named and never
 * reaches a DataNode.
 *
 * <p>A DataNode answers such a write with nothing but closing the connection, as it does for re-replication;
 * whether the replica was taken is the NameNode's to say ({@link FilerRescue} asks it).
 */
final class BlockFileSender {
  /** Data bytes per packet, as DataNodes send (64 KiB), rounded down to whole checksum chunks. */
  private static final int PACKET_DATA_BYTES = 64 * 1024;

  private final DFSClient client;
  private final boolean connectByHostname;

  BlockFileSender(DFSClient client, boolean connectByHostname) {
    this.client = client;
    this.connectByHostname = connectByHostname;
  }

  /**
   * Sends {@code files} as replica {@code block} to {@code target}, onto a volume of {@code type}, and returns
   * once the DataNode has closed the connection.
   *
   * @throws IOException naming the file when the files do not match the block (length, checksum header or a
   *     checksum), or when the DataNode cannot be reached
   */
  void send(ExtendedBlock block, ShareVolume.BlockFiles files, DatanodeInfo target, StorageType type,
      WriteAccess access) throws IOException {
    long length = Files.size(files.data());
    if (length != block.getNumBytes()) {
      throw new IOException(files.data() + ": " + length + " bytes, but the NameNode records " + block.getNumBytes()
          + " for " + block.getBlockName());
    }
    try (DataInputStream meta = new DataInputStream(new BufferedInputStream(Files.newInputStream(files.meta())));
         InputStream data = new BufferedInputStream(Files.newInputStream(files.data()))) {
      DataChecksum checksum;
      try {
        checksum = BlockMetadataHeader.readHeader(meta).getChecksum();
      } catch (IOException e) {
        throw new IOException(files.meta() + ": not a block checksum file: " + e.getMessage(), e);
      }
      int bytesPerChecksum = checksum.getBytesPerChecksum();
      int checksumSize = checksum.getChecksumSize();
      long chunks = (length + bytesPerChecksum - 1) / bytesPerChecksum;
      long expectedMeta = BlockMetadataHeader.getHeaderSize() + chunks * checksumSize;
      if (Files.size(files.meta()) != expectedMeta) {
        throw new IOException(files.meta() + ": " + Files.size(files.meta()) + " bytes, but a " + length
            + "-byte block with " + checksum + " needs " + expectedMeta);
      }
      Token<BlockTokenIdentifier> token = access.writeToken(block, type);
      try (DataNodeConnection connection = DataNodeConnection.open(client, target, connectByHostname,
          HdfsConstants.READ_TIMEOUT, access, token, PACKET_DATA_BYTES + 4096)) {
        DataOutputStream out = connection.out();
        // An empty client name is how a DataNode says "re-replication": the target reports the replica to the
        // NameNode itself once it is finalized.
        new Sender(out).writeBlock(block, type, token, "", new DatanodeInfo[0], new StorageType[0], null,
            BlockConstructionStage.PIPELINE_SETUP_CREATE, 1, 0, 0, 0, checksum,
            CachingStrategy.newDropBehind(), false, false, null, null, new String[0]);
        int chunksPerPacket = Math.max(1, PACKET_DATA_BYTES / bytesPerChecksum);
        byte[] bytes = new byte[chunksPerPacket * bytesPerChecksum];
        byte[] sums = new byte[chunksPerPacket * checksumSize];
        long offset = 0;
        long seqno = 0;
        while (offset < length) {
          int dataLength = (int) Math.min(bytes.length, length - offset);
          int sumLength = (dataLength + bytesPerChecksum - 1) / bytesPerChecksum * checksumSize;
          IOUtils.readFully(data, bytes, 0, dataLength);
          meta.readFully(sums, 0, sumLength);
          // Thrown as it is: it names the file and the position.
          checksum.verifyChunkedSums(ByteBuffer.wrap(bytes, 0, dataLength), ByteBuffer.wrap(sums, 0, sumLength),
              files.data().toString(), offset);
          new PacketHeader(4 + sumLength + dataLength, offset, seqno++, false, dataLength, false).write(out);
          out.write(sums, 0, sumLength);
          out.write(bytes, 0, dataLength);
          offset += dataLength;
        }
        new PacketHeader(4, offset, seqno, true, 0, false).write(out);
        out.flush();
        // The DataNode closes the connection when it has stored (or refused) the replica.
        while (connection.in().read() >= 0) {
          // nothing is sent back for re-replication
        }
      } catch (ChecksumException e) {
        throw e;
      } catch (IOException e) {
        // A DataNode that refuses a replication write (a bad token, no room, a replica it already has) only
        // closes the connection; its log says why.
        throw new IOException("writing " + block.getBlockName() + " to " + target.getXferAddr() + " (" + type
            + "): " + e.getMessage() + "; the DataNode's log says why", e);
      }
    }
  }
}
