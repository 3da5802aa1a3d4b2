package io.strata.hdfs;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.datatransfer.IOStreamPair;
import org.apache.hadoop.hdfs.protocol.datatransfer.sasl.DataEncryptionKeyFactory;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.token.Token;

/**
 * A data-transfer connection to a DataNode, opened as HDFS's own clients open one: to its transfer address (by
 * host name when {@code dfs.client.use.datanode.hostname} says so), through the client's SASL handshake, which
 * encrypts or authenticates the stream when the cluster asks for it and passes it through otherwise.
 */
public final class DataNodeConnection implements Closeable {
  private final Socket socket;
  private final DataOutputStream out;
  private final DataInputStream in;

  private DataNodeConnection(Socket socket, DataOutputStream out, DataInputStream in) {
    this.socket = socket;
    this.out = out;
    this.in = in;
  }

  /**
   * @param readTimeoutMillis how long a read may wait for the DataNode
   * @param outBuffer         bytes buffered before they are sent
   */
  public static DataNodeConnection open(DFSClient client, DatanodeInfo target, boolean connectByHostname,
      int readTimeoutMillis, DataEncryptionKeyFactory keys, Token<BlockTokenIdentifier> token, int outBuffer)
      throws IOException {
    Socket socket = new Socket();
    try {
      socket.connect(NetUtils.createSocketAddr(target.getXferAddr(connectByHostname)), HdfsConstants.READ_TIMEOUT);
      socket.setSoTimeout(readTimeoutMillis);
      socket.setKeepAlive(true);
      IOStreamPair sasl = client.getSaslDataTransferClient().socketSend(socket, socket.getOutputStream(),
          socket.getInputStream(), keys, token, target);
      return new DataNodeConnection(socket, new DataOutputStream(new BufferedOutputStream(sasl.out, outBuffer)),
          new DataInputStream(new BufferedInputStream(sasl.in, 512)));
    } catch (IOException | RuntimeException e) {
      IOUtils.closeSocket(socket);
      throw e;
    }
  }

  public DataOutputStream out() {
    return out;
  }

  public DataInputStream in() {
    return in;
  }

  @Override
  public void close() {
    IOUtils.closeStream(out);
    IOUtils.closeStream(in);
    IOUtils.closeSocket(socket);
  }
}
