/**
 * The web dashboard: {@link io.strata.dashboard.DashboardServer} serves the pages of
 * {@link io.strata.dashboard.DashboardPages#standard()} and their JSON endpoints, each the same data as a command's
 * {@code --json}, computed by the client tools of strata-hdfs. Adding a page is one {@link DashboardPage} class, one
 * line in {@link DashboardPages#standard()} and its script {@code web/pages/ID.js}. Commands start it through
 * {@link io.strata.dashboard.Dashboard#start}.
 */
package io.strata.dashboard;
