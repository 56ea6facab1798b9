package org.mpiverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Console;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** {@code ./mpiverify help} lists every command with every option it takes, as the README promises. */
class HelpListsEveryOptionTest {
    @Test
    void everyVisibleOptionOfEveryCommandIsInTheHelpPage() throws Exception {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        assertEquals(0, Main.run(new String[] {"help"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)));
        String page = out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", ""); // picocli wraps even inside words
        var make = Main.class.getDeclaredConstructor(Console.class, Map.class);
        make.setAccessible(true);
        CommandLine cl = Main.commandLine(make.newInstance(Console.of(System.out, System.err), Map.of()));
        List<String> missing = new ArrayList<>();
        cl.getSubcommands().forEach((name, sub) -> {
            if (sub.getCommandSpec().usageMessage().hidden() || name.equals("help")) return;
            for (OptionSpec o : sub.getCommandSpec().options()) {
                if (o.hidden() || o.usageHelp() || o.versionHelp()) continue;
                if (!page.contains(o.longestName())) missing.add(name + " " + o.longestName());
            }
        });
        assertEquals(List.of(), missing, "options the help page does not list:\n" + out);
    }
}
