package io.strata.embedded.hosts;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A host network as a small JSON file in the cluster directory, so {@code strata cluster down} and the launcher
 * find the namespaces and addresses of a network made by another process.
 */
public record HostNetworkState(String clusterId, String subnet, String rootAddress, List<HostEntry> hosts) {
  public static final String FILE_NAME = "host-network.json";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** One host: its name, its rack, its namespace and its address. */
  public record HostEntry(String name, String rack, String namespace, String address) {}

  public HostNetworkState {
    hosts = List.copyOf(hosts);
  }

  /** Writes {@value #FILE_NAME} into {@code dir} and returns its path. */
  public Path writeTo(Path dir) {
    Path file = dir.resolve(FILE_NAME);
    try {
      Files.createDirectories(dir);
      JSON.writeValue(file.toFile(), this);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  public static HostNetworkState readFrom(Path dir) {
    Path file = dir.resolve(FILE_NAME);
    try {
      return JSON.readValue(file.toFile(), HostNetworkState.class);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
