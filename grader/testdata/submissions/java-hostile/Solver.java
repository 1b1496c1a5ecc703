import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A hostile submission in Java, for the file interface
 * ({@code java -cp {submission} Solver INPUT OUTPUT} after
 * {@code javac Solver.java}). It solves nothing: it tries to cheat,
 * and prints the optimal answer only if cheating worked.
 *
 * <ul>
 * <li>reads the answer key and the hidden puzzles: the paths in
 * targets.txt beside it (as a student who knows the course layout would
 * know them), and any manifest.json in its working folder, the one above,
 * /tmp and /; a manifest's solution of the test is the answer;
 * <li>runs any kpuzzle: on the PATH, in the usual install places, the
 * paths in tools.txt beside it, and the programs behind other processes
 * (/proc/PID/exe), asking each for the solution;
 * <li>opens a network socket to the port on 127.0.0.1 in targets.txt;
 * <li>writes files named kpuzzle-hostile-marker-java-PID in /tmp,
 * /var/tmp and /dev/shm, and leaves them there;
 * <li>signals every other process it sees, with signal 0 (kill -0: the
 * permission check of a signal, without its effect), skipping its own
 * ancestors and children.
 * </ul>
 *
 * If any of it works it writes the solution it found, or LEAKED and what
 * it got; if nothing does it writes UNSOLVABLE. It prints what it tried.
 */
public class Solver {
    static final List<String> found = new ArrayList<>();
    static final List<String> tried = new ArrayList<>();
    static List<String> moves;

    public static void main(String[] args) throws Exception {
        Path here = Paths.get(Solver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (!Files.isDirectory(here)) {
            here = here.getParent();
        }
        String test = Paths.get(args[0]).getFileName().toString();
        List<String> targets = lines(here.resolve("targets.txt"));
        Integer port = null;

        // The answer key and the hidden puzzles, by path.
        for (String t : targets) {
            if (t.startsWith("port ")) {
                port = Integer.parseInt(t.substring(5).trim());
                continue;
            }
            readSecret(Paths.get(t), test);
        }
        // Answer keys lying around.
        for (String dir : new String[] {System.getProperty("user.dir"), new File(System.getProperty("user.dir")).getParent(), "/tmp", "/"}) {
            if (dir == null) {
                continue;
            }
            File m = new File(dir, "manifest.json");
            if (m.exists()) {
                found.add("saw " + m);
                readSecret(m.toPath(), test);
            }
        }

        // Any kpuzzle.
        List<String> tools = new ArrayList<>();
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            tools.add(dir + "/kpuzzle");
        }
        tools.add("/usr/local/bin/kpuzzle");
        tools.add("/usr/bin/kpuzzle");
        tools.add("/autograder/source/kpuzzle");
        tools.add("/root/go/bin/kpuzzle");
        tools.addAll(lines(here.resolve("tools.txt")));
        long self = ProcessHandle.current().pid();
        File[] procs = new File("/proc").listFiles();
        if (procs != null) {
            for (File p : procs) {
                if (p.getName().matches("\\d+") && Long.parseLong(p.getName()) != self) {
                    tools.add(p + "/exe");
                }
            }
        }
        for (String tool : tools) {
            if (moves == null && new File(tool).canExecute()) {
                runTool(tool, args[0]);
            }
        }

        // The network.
        if (port != null) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                OutputStream out = s.getOutputStream();
                out.write("leak\n".getBytes(StandardCharsets.UTF_8));
                found.add("connected to 127.0.0.1:" + port);
            } catch (IOException e) {
                tried.add("connect 127.0.0.1:" + port + ": " + e.getClass().getSimpleName());
            }
        }

        // Files left behind for a later run, outside its folder.
        for (String dir : new String[] {"/tmp", "/var/tmp", "/dev/shm"}) {
            Path marker = Paths.get(dir, "kpuzzle-hostile-marker-java-" + self);
            try {
                Files.write(marker, "for the next run\n".getBytes(StandardCharsets.UTF_8));
                tried.add("wrote " + marker);
            } catch (IOException | SecurityException e) {
                tried.add("write " + marker + ": " + e.getClass().getSimpleName());
            }
        }

        // Other processes: may it signal them?
        Set<Long> family = new HashSet<>();
        for (ProcessHandle p = ProcessHandle.current(); p != null; p = p.parent().orElse(null)) {
            family.add(p.pid());
        }
        List<Long> others = new ArrayList<>();
        ProcessHandle.allProcesses().forEach(p -> {
            if (!family.contains(p.pid())) {
                others.add(p.pid());
            }
        });
        int signalled = 0;
        for (long pid : others) {
            if (ProcessHandle.of(pid).isEmpty()) {
                continue; // gone, or a child of ours that ended
            }
            try {
                Process k = new ProcessBuilder("kill", "-0", Long.toString(pid)).redirectErrorStream(true).start();
                k.getInputStream().readAllBytes();
                if (k.waitFor(5, TimeUnit.SECONDS) && k.exitValue() == 0 && ProcessHandle.of(pid).isPresent()
                        && ProcessHandle.of(pid).get().parent().map(pp -> pp.pid() != self).orElse(true)) {
                    found.add("may signal process " + pid + " " + ProcessHandle.of(pid).get().info().command().orElse("?"));
                    signalled++;
                }
            } catch (IOException e) {
                tried.add("kill: " + e.getClass().getSimpleName());
                break;
            }
        }
        tried.add("tried to signal " + others.size() + " processes, allowed " + signalled);

        StringBuilder answer = new StringBuilder();
        if (moves != null) {
            for (String m : moves) {
                answer.append(m).append('\n');
            }
        } else if (!found.isEmpty()) {
            answer.append("LEAKED\n");
            for (String f : found) {
                answer.append(f.replace(' ', '_')).append('\n');
            }
        } else {
            answer.append("UNSOLVABLE\n");
        }
        Files.write(Paths.get(args[1]), answer.toString().getBytes(StandardCharsets.UTF_8));
        System.out.println("found: " + found);
        System.out.println("tried: " + tried.size() + " things, the last " + tried.subList(Math.max(0, tried.size() - 8), tried.size()));
    }

    static List<String> lines(Path p) {
        List<String> out = new ArrayList<>();
        try {
            for (String l : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                if (!l.trim().isEmpty()) {
                    out.add(l.trim());
                }
            }
        } catch (IOException e) {
            // not there: nothing to try
        }
        return out;
    }

    /** Reads a file or lists a folder; a manifest's solution of the test becomes the answer. */
    static void readSecret(Path p, String test) {
        try {
            if (Files.isDirectory(p)) {
                try (var s = Files.list(p)) {
                    if (s.findAny().isPresent()) {
                        found.add("listed " + p);
                    }
                }
                return;
            }
            String text = new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
            if (!text.isEmpty()) {
                found.add("read " + p);
            }
            Matcher m = Pattern.compile("\"file\":\\s*\"" + Pattern.quote(test) + "\"[^}]*?\"solution\":\\s*\\[([^\\]]*)\\]").matcher(text);
            if (moves == null && m.find()) {
                moves = new ArrayList<>();
                Matcher w = Pattern.compile("\"(\\w+)\"").matcher(m.group(1));
                while (w.find()) {
                    moves.add(w.group(1));
                }
            }
        } catch (IOException | SecurityException e) {
            tried.add("read " + p + ": " + e.getClass().getSimpleName());
        }
    }

    /** Asks a tool for the solution of the puzzle. */
    static void runTool(String tool, String puzzle) {
        for (String[] cmd : new String[][] {{tool, "solve", "--moves-only", puzzle}, {tool, puzzle}}) {
            try {
                Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!p.waitFor(5, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    continue;
                }
                List<String> got = new ArrayList<>();
                for (String w : out.split("\\s+")) {
                    if (w.matches("(?i)up|down|left|right")) {
                        got.add(w.toUpperCase());
                    }
                }
                if (p.exitValue() == 0 && !got.isEmpty()) {
                    found.add("ran " + tool);
                    moves = got;
                    return;
                }
                tried.add(tool + ": exit " + p.exitValue());
            } catch (IOException e) {
                tried.add(tool + ": " + e.getClass().getSimpleName());
                return;
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
