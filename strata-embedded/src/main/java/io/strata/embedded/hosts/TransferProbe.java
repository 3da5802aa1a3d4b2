package io.strata.embedded.hosts;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A bulk TCP transfer between two hosts, to check a host network's reachability and measure its bandwidth. Run
 * inside a host's namespace (prefix the command with {@link HostNetwork#execPrefix}):
 *
 * <ul>
 *   <li>{@code serve ADDRESS} listens on ADDRESS, prints {@code listening PORT}, then for each connection reads
 *       until the peer half-closes and answers with the number of bytes read;</li>
 *   <li>{@code send ADDRESS PORT BYTES} sends BYTES to a server and prints {@code BYTES NANOS}: the time from the
 *       first byte sent to the server's answer, so every byte counted has arrived.</li>
 * </ul>
 */
public final class TransferProbe {
  private static final int CHUNK = 64 * 1024;
  private static final int CONNECT_TIMEOUT_MILLIS = 5_000;
  /** Bounds a transfer over a cut or crawling link. */
  private static final int READ_TIMEOUT_MILLIS = 120_000;

  private TransferProbe() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 2 && args[0].equals("serve")) {
      serve(args[1]);
    } else if (args.length == 4 && args[0].equals("send")) {
      Transfer transfer = send(args[1], Integer.parseInt(args[2]), Long.parseLong(args[3]));
      System.out.println(transfer.bytes() + " " + transfer.nanos());
    } else {
      System.err.println("usage: TransferProbe serve ADDRESS | send ADDRESS PORT BYTES");
      System.exit(2);
    }
  }

  /** Bytes that crossed and the time they took. */
  public record Transfer(long bytes, long nanos) {
    public double bitsPerSecond() {
      return bytes * 8 * 1e9 / nanos;
    }
  }

  /** Sends {@code bytes} to a {@code serve} at address:port and waits for its answer. */
  public static Transfer send(String address, int port, long bytes) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(address, port), CONNECT_TIMEOUT_MILLIS);
      socket.setSoTimeout(READ_TIMEOUT_MILLIS);
      byte[] chunk = new byte[CHUNK];
      long start = System.nanoTime();
      OutputStream out = socket.getOutputStream();
      for (long left = bytes; left > 0; left -= CHUNK) {
        out.write(chunk, 0, (int) Math.min(CHUNK, left));
      }
      out.flush();
      socket.shutdownOutput();
      long received = new DataInputStream(socket.getInputStream()).readLong();
      long nanos = System.nanoTime() - start;
      if (received != bytes) {
        throw new IOException("sent " + bytes + " bytes but the server read " + received);
      }
      return new Transfer(bytes, nanos);
    }
  }

  private static void serve(String address) throws IOException {
    try (ServerSocket server = new ServerSocket()) {
      server.bind(new InetSocketAddress(InetAddress.getByName(address), 0));
      System.out.println("listening " + server.getLocalPort());
      System.out.flush();
      byte[] buffer = new byte[CHUNK];
      while (true) {
        try (Socket socket = server.accept()) {
          socket.setSoTimeout(READ_TIMEOUT_MILLIS);
          InputStream in = socket.getInputStream();
          long total = 0;
          for (int n; (n = in.read(buffer)) >= 0;) {
            total += n;
          }
          DataOutputStream out = new DataOutputStream(socket.getOutputStream());
          out.writeLong(total);
          out.flush();
        } catch (IOException e) {
          // A probe that only connects, or a peer that went away, ends its own connection, not the server.
        }
      }
    }
  }
}
