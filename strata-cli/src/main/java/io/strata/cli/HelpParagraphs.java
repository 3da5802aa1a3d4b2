package io.strata.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Joins the lines of every command's and option's description that continue one sentence into one paragraph, so
 * that picocli wraps it to the terminal's width. Picocli starts each element of a description on a new line and
 * wraps each on its own, which leaves a short ragged line wherever a source line was split mid-sentence.
 *
 * <p>A line stays on its own when the one before it ends a sentence ({@code .} or {@code :}) or is blank, and when
 * it is blank, indented, or a list item ({@code 1.}, {@code -}, {@code *}).
 */
final class HelpParagraphs {
  private static final Pattern LIST_ITEM = Pattern.compile("^(\\d+\\.|[-*]) .*");

  private HelpParagraphs() {}

  /** Reflows the descriptions of this command, of its options, and of every subcommand below it. */
  static void reflow(CommandLine commandLine) {
    CommandLine.Model.CommandSpec spec = commandLine.getCommandSpec();
    spec.usageMessage().description(join(spec.usageMessage().description()));
    // An option's description is fixed once built: an option with a joined one replaces it.
    for (CommandLine.Model.OptionSpec option : List.copyOf(spec.options())) {
      String[] joined = join(option.description());
      if (joined.length < option.description().length) {
        spec.remove(option);
        spec.addOption(option.toBuilder().description(joined).build());
      }
    }
    commandLine.getSubcommands().values().forEach(HelpParagraphs::reflow);
  }

  static String[] join(String[] lines) {
    List<String> paragraphs = new ArrayList<>();
    for (String line : lines) {
      int last = paragraphs.size() - 1;
      if (last >= 0 && continues(paragraphs.get(last), line)) {
        paragraphs.set(last, paragraphs.get(last).stripTrailing() + " " + line.strip());
      } else {
        paragraphs.add(line);
      }
    }
    return paragraphs.toArray(String[]::new);
  }

  private static boolean continues(String previous, String line) {
    String end = previous.stripTrailing();
    if (end.isEmpty() || end.endsWith(".") || end.endsWith(":") || end.endsWith("%n")) {
      return false;
    }
    return !line.isBlank() && !Character.isWhitespace(line.charAt(0)) && !LIST_ITEM.matcher(line).matches();
  }
}
