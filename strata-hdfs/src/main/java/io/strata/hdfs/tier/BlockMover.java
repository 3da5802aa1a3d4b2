package io.strata.hdfs.tier;

import java.io.Closeable;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import io.strata.hdfs.DataNodeConnection;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.datatransfer.DataTransferProtoUtil;
import org.apache.hadoop.hdfs.protocol.datatransfer.Sender;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.BlockOpResponseProto;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.Status;
import org.apache.hadoop.hdfs.protocolPB.PBHelperClient;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.hdfs.server.balancer.KeyManager;
import org.apache.hadoop.security.token.Token;

/**
 * Moves one block replica with the DataNode's own replace operation, as HDFS's Balancer and Mover do: the
 * target DataNode copies the block from a proxy DataNode that holds it, verifies every checksum as it receives
 * it, stores it on a volume of the requested storage type and reports it to the NameNode together with a
 * delete hint, the replica the move replaces. Only then does the NameNode remove the hinted replica, so a
 * block never has fewer replicas than before the move. When the target is the node that already holds the
 * replica, the DataNode moves it between its own volumes.
 *
 * <p>Block access tokens (REPLACE and COPY) come from the NameNode's block keys, as the Mover gets them; that
 * needs the HDFS superuser, like the Mover.
 */
public final class BlockMover implements Closeable {
  private final DistributedFileSystem fs;
  private final Configuration conf;
  private final boolean connectByHostname;
  private final Map<String, KeyManager> keyManagers = new HashMap<>();
  private final SuperuserNamenode namenode;

  public BlockMover(DistributedFileSystem fs, Configuration conf) {
    this.fs = fs;
    this.conf = conf;
    this.namenode = new SuperuserNamenode(fs, conf);
    this.connectByHostname = conf.getBoolean(HdfsClientConfigKeys.DFS_CLIENT_USE_DN_HOSTNAME,
        HdfsClientConfigKeys.DFS_CLIENT_USE_DN_HOSTNAME_DEFAULT);
  }

  /**
   * Asks {@code target} to store a replica of {@code block} on a volume of {@code type}, copying it from
   * {@code proxy}, and tells the NameNode that it replaces the replica on {@code replaced} (null: it adds one).
   * Returns when the target DataNode reports success.
   *
   * @throws IOException when the target refuses or fails; the source replica is then untouched
   */
  public void replace(ExtendedBlock block, DatanodeInfo target, StorageType type, DatanodeInfo proxy,
      DatanodeInfo replaced)
      throws IOException {
    DFSClient client = fs.getClient();
    KeyManager keys = keyManager(block.getBlockPoolId());
    Token<BlockTokenIdentifier> token = keys.getAccessToken(block, new StorageType[] {type}, new String[0]);
    // The DataNode sends IN_PROGRESS every half read timeout while it copies; five timeouts of silence is dead.
    try (DataNodeConnection connection = DataNodeConnection.open(client, target, connectByHostname,
        HdfsConstants.READ_TIMEOUT * 5, keys, token, 512)) {
      new Sender(connection.out()).replaceBlock(block, type, token,
          replaced == null ? "" : replaced.getDatanodeUuid(), proxy, null);
      connection.out().flush();
      DataInputStream in = connection.in();
      BlockOpResponseProto response = BlockOpResponseProto.parseFrom(PBHelperClient.vintPrefixed(in));
      while (response.getStatus() == Status.IN_PROGRESS) {
        response = BlockOpResponseProto.parseFrom(PBHelperClient.vintPrefixed(in));
      }
      DataTransferProtoUtil.checkBlockOpStatus(response,
          "moving " + block + " to " + target.getXferAddr() + " (" + type + ")", true);
    }
  }

  private synchronized KeyManager keyManager(String blockPoolId) throws IOException {
    KeyManager keys = keyManagers.get(blockPoolId);
    if (keys == null) {
      try {
        keys = new KeyManager(blockPoolId, namenode.get(), fs.getServerDefaults().getEncryptDataTransfer(), conf);
      } catch (IOException e) {
        throw TierAccessException.explain(e, "moving blocks reads the NameNode's block keys, as the Mover does");
      }
      keys.startBlockKeyUpdater();
      keyManagers.put(blockPoolId, keys);
    }
    return keys;
  }

  @Override
  public synchronized void close() {
    keyManagers.values().forEach(KeyManager::close);
    keyManagers.clear();
    namenode.close();
  }
}
