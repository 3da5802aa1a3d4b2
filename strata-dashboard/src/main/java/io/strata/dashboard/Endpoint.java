package io.strata.dashboard;

import com.fasterxml.jackson.databind.JsonNode;

/** One JSON endpoint of a page: the data behind a chart or table. */
@FunctionalInterface
public interface Endpoint {
  JsonNode get(DashboardContext context, Query query) throws Exception;
}
