package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * docs/commands.md shows each command's own {@code --help}; this keeps the page from drifting. Every command has a
 * section, and each section's first code block is exactly what {@code --help} prints. After changing a command,
 * rewrite the blocks with {@code mvn -pl strata-cli -am test -Dtest=CommandReferenceTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dstrata.docs.regenerate=true}.
 */
class CommandReferenceTest {
  private static final Path PAGE = Path.of("..", "docs", "commands.md");
  private static final Pattern SECTION = Pattern.compile("(?m)^#{2,3} (strata(?: [a-z-]+)*)\\n");
  private static final Pattern FIRST_BLOCK = Pattern.compile("(?s)\\n```\\n(.*?)```\\n");

  private final CliRun cli = new CliRun();

  @Test
  void everyCommandHasASectionWhoseBlockIsItsHelp() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    Map<String, String> helps = new LinkedHashMap<>();
    collect(StrataCli.commandLine(), helps);

    List<String> missing = new ArrayList<>();
    for (String command : helps.keySet()) {
      if (!Pattern.compile("(?m)^#{2,3} " + Pattern.quote(command) + "$").matcher(page).find()) {
        missing.add(command);
      }
    }

    StringBuilder rewritten = new StringBuilder();
    List<String> stale = new ArrayList<>();
    Matcher section = SECTION.matcher(page);
    int copied = 0;
    while (section.find()) {
      String help = helps.get(section.group(1));
      if (help == null) {
        continue;
      }
      int end = nextHeading(page, section.end());
      Matcher block = FIRST_BLOCK.matcher(page).region(section.end() - 1, end);
      if (!block.find()) {
        missing.add(section.group(1) + " (no help block)");
        continue;
      }
      if (!block.group(1).equals(help)) {
        stale.add(section.group(1));
      }
      rewritten.append(page, copied, block.start(1)).append(help);
      copied = block.end(1);
    }
    rewritten.append(page.substring(copied));

    if (Boolean.getBoolean("strata.docs.regenerate")) {
      Files.writeString(PAGE, rewritten.toString(), StandardCharsets.UTF_8);
      stale.clear();
    }
    assertTrue(missing.isEmpty(), "docs/commands.md has no section (a '## strata ...' heading and a code block "
        + "with its --help) for: " + missing);
    assertEquals(List.of(), stale, "docs/commands.md shows an old --help for these; rerun this test with "
        + "-Dstrata.docs.regenerate=true to rewrite the blocks");
  }

  /** Each command's qualified name and the help it prints, run as a user would. */
  private void collect(CommandLine command, Map<String, String> helps) {
    String name = command.getCommandSpec().qualifiedName();
    List<String> args = new ArrayList<>(List.of(name.split(" ")).subList(1, name.split(" ").length));
    args.add("--help");
    assertEquals(0, cli.strata(args.toArray(String[]::new)), name + " --help");
    // picocli warns on stderr about a format it cannot render, such as a lone '%'.
    assertEquals("", cli.stderr(), name + " --help wrote to stderr");
    helps.put(name, cli.stdout());
    for (CommandLine sub : command.getSubcommands().values()) {
      if (!sub.getCommandSpec().name().equals("help") && !helps.containsKey(sub.getCommandSpec().qualifiedName())) {
        collect(sub, helps);
      }
    }
  }

  private static int nextHeading(String page, int from) {
    Matcher next = Pattern.compile("(?m)^#{1,3} ").matcher(page);
    return next.find(from) ? next.start() : page.length();
  }
}
