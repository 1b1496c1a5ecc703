// kpuzzle's harness for Java assignments graded through the Princeton
// 8puzzle API (run.java_api: princeton). The grader copies it into the
// submission's copy, compiles it with the student's Board.java and
// Solver.java, and runs
//
//     java KpuzzleHarness PUZZLE ANSWER
//
// It reads the puzzle (rows of integers, 0 the blank; a size line first
// is skipped), builds new Board(tiles) and new Solver(board), and writes
// UNSOLVABLE when isSolvable() is false, else every board of solution(),
// from the start to the goal, separated by blank lines: the answer is
// read as a sequence of boards. moves() must be the number of moves of
// solution(); a different count is reported on stderr and the run fails.
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

public class KpuzzleHarness {
    public static void main(String[] args) throws IOException {
        List<int[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
            String t = line.trim().replace(',', ' ');
            if (t.isEmpty()) {
                continue;
            }
            String[] f = t.split("\\s+");
            int[] row = new int[f.length];
            for (int i = 0; i < f.length; i++) {
                row[i] = Integer.parseInt(f[i]);
            }
            rows.add(row);
        }
        if (rows.size() > 1 && rows.get(0).length == 1 && rows.get(1).length > 1) {
            rows.remove(0); // the Princeton size line
        }
        int[][] tiles = rows.toArray(new int[0][]);
        Solver solver = new Solver(new Board(tiles));
        try (PrintWriter out = new PrintWriter(args[1], "UTF-8")) {
            if (!solver.isSolvable()) {
                out.println("UNSOLVABLE");
                return;
            }
            int boards = 0;
            for (Board b : solver.solution()) {
                if (boards > 0) {
                    out.println();
                }
                out.print(b.toString());
                if (!b.toString().endsWith("\n")) {
                    out.println();
                }
                boards++;
            }
            if (solver.moves() != boards - 1) {
                System.err.println("kpuzzle: moves() says " + solver.moves() + " but solution() has " + (boards - 1) + " moves");
                System.exit(1);
            }
        }
    }
}
