package io.strata.hdfs.rescue;

import java.io.IOException;
import java.util.EnumSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.datatransfer.sasl.DataEncryptionKeyFactory;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenSecretManager;
import org.apache.hadoop.hdfs.security.token.block.DataEncryptionKey;
import org.apache.hadoop.hdfs.security.token.block.ExportedBlockKeys;
import org.apache.hadoop.security.token.Token;

/**
 * Block access tokens that let a DataNode accept a replica written to it as one DataNode replicates to another,
 * made from the NameNode's block keys as HDFS's Balancer makes its own (which only grant REPLACE and COPY, not
 * the WRITE a received replica needs). Keys are read once: a rescue is shorter than a token's lifetime.
 */
final class WriteAccess implements DataEncryptionKeyFactory {
  /** Null when the cluster does not use block access tokens. */
  private final BlockTokenSecretManager tokens;
  private final boolean encryptDataTransfer;

  WriteAccess(String blockPoolId, ExportedBlockKeys keys, boolean encryptDataTransfer, Configuration conf)
      throws IOException {
    this.encryptDataTransfer = encryptDataTransfer;
    if (keys.isBlockTokenEnabled()) {
      tokens = new BlockTokenSecretManager(keys.getKeyUpdateInterval(), keys.getTokenLifetime(), blockPoolId,
          conf.get(DFSConfigKeys.DFS_DATA_ENCRYPTION_ALGORITHM_KEY),
          conf.getBoolean(DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_PROTOBUF_ENABLE,
              DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_PROTOBUF_ENABLE_DEFAULT));
      tokens.addKeys(keys);
    } else {
      tokens = null;
    }
  }

  Token<BlockTokenIdentifier> writeToken(ExtendedBlock block, StorageType type) {
    if (tokens == null) {
      return BlockTokenSecretManager.DUMMY_TOKEN;
    }
    return tokens.generateToken(null, block, EnumSet.of(BlockTokenIdentifier.AccessMode.WRITE),
        new StorageType[] {type}, new String[0]);
  }

  @Override
  public DataEncryptionKey newDataEncryptionKey() {
    return encryptDataTransfer && tokens != null ? tokens.generateDataEncryptionKey() : null;
  }
}
