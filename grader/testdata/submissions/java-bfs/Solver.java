import java.io.*;
import java.nio.file.*;
import java.util.*;

/** Breadth-first search: optimal, fine on small boards. Usage:
 *  java Solver INPUT OUTPUT (tile convention, default goal). */
public class Solver {
    public static void main(String[] args) throws IOException {
        List<int[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(Paths.get(args[0]))) {
            if (line.trim().isEmpty()) continue;
            rows.add(Arrays.stream(line.trim().split("\\s+")).mapToInt(Integer::parseInt).toArray());
        }
        int r = rows.size(), c = rows.get(0).length, n = r * c;
        StringBuilder sb = new StringBuilder();
        for (int[] row : rows) for (int t : row) sb.append((char) ('a' + t));
        String start = sb.toString();
        StringBuilder gb = new StringBuilder();
        for (int i = 1; i < n; i++) gb.append((char) ('a' + i));
        gb.append('a');
        String goal = gb.toString();
        Map<String, String> parent = new HashMap<>();
        Map<String, String> token = new HashMap<>();
        ArrayDeque<String> queue = new ArrayDeque<>();
        parent.put(start, null);
        queue.add(start);
        int[] delta = {-c, c, -1, 1};
        String[] tile = {"DOWN", "UP", "RIGHT", "LEFT"};
        while (!queue.isEmpty()) {
            String s = queue.poll();
            if (s.equals(goal)) break;
            int b = s.indexOf('a');
            for (int k = 0; k < 4; k++) {
                if (k == 0 && b < c) continue;
                if (k == 1 && b >= n - c) continue;
                if (k == 2 && b % c == 0) continue;
                if (k == 3 && b % c == c - 1) continue;
                char[] a = s.toCharArray();
                a[b] = a[b + delta[k]];
                a[b + delta[k]] = 'a';
                String t = new String(a);
                if (!parent.containsKey(t)) {
                    parent.put(t, s);
                    token.put(t, tile[k]);
                    queue.add(t);
                }
            }
        }
        try (PrintWriter out = new PrintWriter(new FileWriter(args[1], true))) {
            if (!parent.containsKey(goal)) {
                out.println("UNSOLVABLE");
                return;
            }
            LinkedList<String> moves = new LinkedList<>();
            for (String s = goal; parent.get(s) != null; s = parent.get(s)) moves.addFirst(token.get(s));
            for (String m : moves) out.println(m);
        }
    }
}
