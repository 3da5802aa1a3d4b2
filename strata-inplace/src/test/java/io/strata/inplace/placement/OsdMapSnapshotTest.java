package io.strata.inplace.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OsdMapSnapshotTest {
  @Test
  void findsEachOsdsHostBucketAtAnyDepthOfTheCrushTree() throws Exception {
    // `osdmaptool --tree=json` shape: root -> rack -> host -> osd, and a host directly under the root.
    String tree = """
        {"nodes":[
          {"id":-1,"name":"default","type":"root","children":[-10,-4]},
          {"id":-10,"name":"rack1","type":"rack","children":[-2,-3]},
          {"id":-2,"name":"node1","type":"host","children":[0,3]},
          {"id":-3,"name":"node2","type":"host","children":[1]},
          {"id":-4,"name":"node3","type":"host","children":[2]},
          {"id":0,"name":"osd.0","type":"osd"},{"id":1,"name":"osd.1","type":"osd"},
          {"id":2,"name":"osd.2","type":"osd"},{"id":3,"name":"osd.3","type":"osd"}],"stray":[]}""";
    Map<Integer, String> hosts = OsdMapSnapshot.hostsOfOsds(new ObjectMapper().readTree(tree));
    assertEquals(Map.of(0, "node1", 3, "node1", 1, "node2", 2, "node3"), hosts);
  }
}
