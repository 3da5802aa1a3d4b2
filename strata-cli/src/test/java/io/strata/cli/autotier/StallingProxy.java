package io.strata.cli.autotier;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy to one server that can hold every byte in flight, which is how a NameNode in a long GC pause or
 * behind a network partition looks to its clients: connections are accepted and stay open, and nothing answers.
 * Bytes held while stalled are delivered when the stall ends, if their connection is still open.
 */
final class StallingProxy implements AutoCloseable {
  private final InetSocketAddress target;
  private final ServerSocket server;
  private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
    Thread thread = new Thread(r, "stalling-proxy");
    thread.setDaemon(true);
    return thread;
  });
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicLong heldChunks = new AtomicLong();
  private volatile boolean stalled;

  StallingProxy(InetSocketAddress target) throws IOException {
    this.target = target;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    threads.execute(this::accept);
  }

  int port() {
    return server.getLocalPort();
  }

  void stall(boolean on) {
    stalled = on;
  }

  /** Chunks of bytes that arrived while stalled (each waited for the stall to end). */
  long heldChunks() {
    return heldChunks.get();
  }

  private void accept() {
    while (!server.isClosed()) {
      Socket client;
      try {
        client = server.accept();
      } catch (IOException e) {
        return;
      }
      try {
        Socket upstream = new Socket(target.getAddress(), target.getPort());
        sockets.add(client);
        sockets.add(upstream);
        threads.execute(() -> pump(client, upstream));
        threads.execute(() -> pump(upstream, client));
      } catch (IOException e) {
        closeQuietly(client);
      }
    }
  }

  private void pump(Socket from, Socket to) {
    byte[] buffer = new byte[64 * 1024];
    try {
      InputStream in = from.getInputStream();
      OutputStream out = to.getOutputStream();
      int read;
      while ((read = in.read(buffer)) >= 0) {
        if (stalled) {
          heldChunks.incrementAndGet();
          while (stalled) {
            Thread.sleep(20);
          }
        }
        out.write(buffer, 0, read);
        out.flush();
      }
    } catch (IOException | InterruptedException e) {
      // either side closed, or the proxy is closing
    } finally {
      closeQuietly(from);
      closeQuietly(to);
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // already closed
    }
  }

  @Override
  public void close() throws IOException {
    stalled = false;
    server.close();
    sockets.forEach(StallingProxy::closeQuietly);
    threads.shutdownNow();
  }
}
