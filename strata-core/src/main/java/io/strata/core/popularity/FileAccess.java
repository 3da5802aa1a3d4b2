package io.strata.core.popularity;

/**
 * One read of a file.
 *
 * @param path        the file
 * @param timeSeconds when the read started
 * @param bytes       bytes read
 * @param blocks      blocks read
 * @param readerHost  the node the reader ran on, or null when it is not a cluster node
 */
public record FileAccess(String path, double timeSeconds, long bytes, int blocks, String readerHost) {}
