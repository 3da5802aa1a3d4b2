package io.strata.embedded.yarn;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;

/**
 * Where a finished job's tasks ran: for each map and each reduce (by task index), the host of its successful
 * attempt, from the job's task completion events (the host of the attempt's shuffle server), or null when the job
 * reported none for that task.
 */
public record TaskHosts(List<String> maps, List<String> reduces) {

  public static TaskHosts of(Job job) throws IOException, InterruptedException {
    List<TaskCompletionEvent> events = new ArrayList<>();
    for (TaskCompletionEvent[] batch = job.getTaskCompletionEvents(0, 100); batch.length > 0; batch = job
        .getTaskCompletionEvents(events.size(), 100)) {
      events.addAll(List.of(batch));
    }
    List<String> maps = new ArrayList<>();
    List<String> reduces = new ArrayList<>();
    for (TaskCompletionEvent event : events) {
      if (event.getStatus() == TaskCompletionEvent.Status.SUCCEEDED) {
        List<String> hosts = event.isMapTask() ? maps : reduces;
        int task = event.getTaskAttemptId().getTaskID().getId();
        while (hosts.size() <= task) {
          hosts.add(null);
        }
        hosts.set(task, URI.create(event.getTaskTrackerHttp()).getHost());
      }
    }
    return new TaskHosts(Collections.unmodifiableList(maps), Collections.unmodifiableList(reduces));
  }

  /** How many reduces ran on {@code owners.get(i)}, the host wanted for reduce i. */
  public int reducesOn(List<String> owners) {
    int on = 0;
    for (int i = 0; i < Math.min(reduces.size(), owners.size()); i++) {
      if (owners.get(i).equals(reduces.get(i))) {
        on++;
      }
    }
    return on;
  }
}
