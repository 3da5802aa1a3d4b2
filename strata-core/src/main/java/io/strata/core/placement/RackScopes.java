package io.strata.core.placement;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The rack choices HDFS makes by default, for policies that keep HDFS's network behaviour. */
public final class RackScopes {
  private RackScopes() {}

  /**
   * HDFS's order: first replica on the writer's node (else its rack), second on another rack, third on the
   * second's rack, the rest anywhere. Each list ends with {@link Scope#ANYWHERE} as the widest choice.
   */
  public static List<Scope> networkAware(PlacementRequest request, List<Replica> placed) {
    List<Scope> scopes = new ArrayList<>();
    int index = placed.size();
    if (index == 0) {
      if (request.writerHost() != null) {
        scopes.add(new Scope.OnHost(request.writerHost()));
      }
      if (request.writerRack() != null) {
        scopes.add(new Scope.InRack(request.writerRack()));
      }
    } else if (index == 1) {
      scopes.add(new Scope.OutsideRacks(Set.of(placed.get(0).rack())));
    } else if (index == 2) {
      String first = placed.get(0).rack();
      String second = placed.get(1).rack();
      if (!first.equals(second)) {
        scopes.add(new Scope.InRack(second));
      } else {
        scopes.add(new Scope.OutsideRacks(Set.of(first)));
      }
    }
    scopes.add(Scope.ANYWHERE);
    return scopes;
  }

  /**
   * Tries each tier group in order (the first is what the policy wants), each with every scope in order. The
   * attempts are made as they are read: placement mostly stops at the first.
   */
  public static List<Attempt> tierFirst(List<List<String>> tierGroups, List<Scope> scopes) {
    List<List<String>> groups = List.copyOf(tierGroups);
    List<Scope> inOrder = List.copyOf(scopes);
    return new AbstractList<>() {
      @Override
      public Attempt get(int index) {
        int group = index / inOrder.size();
        return new Attempt(groups.get(group), inOrder.get(index % inOrder.size()), group == 0);
      }

      @Override
      public int size() {
        return groups.size() * inOrder.size();
      }
    };
  }
}
