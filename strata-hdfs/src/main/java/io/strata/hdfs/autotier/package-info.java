/**
 * AptStore's applier (AptStore paper, III-E) for a live HDFS: turns an accepted popularity {@code Plan} into replica
 * counts ({@code setReplication}) and tier moves (the tier API), ordered so no file drops below its minimum,
 * paced, journaled in HDFS before anything changes and resumed from the journal after a crash. The decisions
 * themselves are the core's ({@code io.strata.core.popularity}); this package only feeds and applies them.
 */
package io.strata.hdfs.autotier;
