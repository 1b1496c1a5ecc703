// kpuzzle's harness for Java assignments graded through the Princeton
// 8puzzle API (run.java_api: princeton). The grader copies it into the
// submission's copy, compiles it with the student's Board.java and
// Solver.java, and runs
//
//     java KpuzzleHarness PUZZLE ANSWER
//
// It reads the puzzle (rows of integers, 0 the blank; a size line first
// is skipped) and builds new Board(tiles). It first calls the board's
// methods one by one and writes what each returned, or the exception it
// threw, to ANSWER.api (the method report; docs/formats.md): dimension(),
// hamming(), manhattan(), isGoal() (and isGoal() on a goal board),
// neighbors(), twin(), equals() (a board of the same tiles, a board one
// move away, null). Each line is flushed at once, so a method that never
// returns leaves the lines before it. Then it builds new Solver(board)
// and writes UNSOLVABLE to ANSWER when isSolvable() is false, else every
// board of solution(), from the start to the goal, separated by blank
// lines: the answer is read as a sequence of boards. Last, moves() goes
// to the method report.
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

public class KpuzzleHarness {
    // At most this many boards of neighbors() are reported.
    private static final int MAX_NEIGHBORS = 16;

    private static PrintWriter report;
    private static Throwable boardError;

    public static void main(String[] args) throws IOException {
        int[][] tiles = readTiles(args[0]);
        try (PrintWriter api = new PrintWriter(args[1] + ".api", "UTF-8")) {
            report = api;
            line("kpuzzle-api 1");
            Board board = checkMethods(tiles);
            if (board == null) {
                System.err.println("kpuzzle: new Board(tiles) threw " + boardError);
                System.exit(1);
            }
            Solver solver = new Solver(board);
            try (PrintWriter out = new PrintWriter(args[1], "UTF-8")) {
                if (!solver.isSolvable()) {
                    out.println("UNSOLVABLE");
                } else {
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
                }
            }
            value("moves", solver::moves);
        }
    }

    // checkMethods reports every board method and returns the board, or
    // null when new Board(tiles) threw.
    private static Board checkMethods(int[][] tiles) {
        Board board;
        try {
            board = new Board(copy(tiles));
        } catch (Throwable e) {
            thrown("board", e);
            boardError = e;
            return null;
        }
        value("dimension", board::dimension);
        value("hamming", board::hamming);
        value("manhattan", board::manhattan);
        value("is_goal", board::isGoal);
        value("goal_is_goal", () -> new Board(goal(tiles.length)).isGoal());
        try {
            int count = 0;
            for (Board b : board.neighbors()) {
                if (count == MAX_NEIGHBORS) {
                    line("neighbors ! kpuzzle: neighbors() gave more than " + MAX_NEIGHBORS + " boards");
                    count = -1;
                    break;
                }
                board("neighbor", b);
                count++;
            }
            if (count >= 0) {
                line("neighbors = " + count);
            }
        } catch (Throwable e) {
            thrown("neighbors", e);
        }
        try {
            board("twin", board.twin());
        } catch (Throwable e) {
            thrown("twin", e);
        }
        value("equals_same", () -> board.equals(new Board(copy(tiles))));
        value("equals_neighbor", () -> board.equals(new Board(slide(tiles))));
        value("equals_null", () -> board.equals(null));
        return board;
    }

    private static int[][] readTiles(String path) throws IOException {
        List<int[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(Paths.get(path), StandardCharsets.UTF_8)) {
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
        return rows.toArray(new int[0][]);
    }

    private static int[][] copy(int[][] tiles) {
        int[][] out = new int[tiles.length][];
        for (int i = 0; i < tiles.length; i++) {
            out[i] = tiles[i].clone();
        }
        return out;
    }

    // goal is Princeton's goal board of side n: 1..n*n-1, the blank last.
    private static int[][] goal(int n) {
        int[][] g = new int[n][n];
        for (int i = 0; i < n * n - 1; i++) {
            g[i / n][i % n] = i + 1;
        }
        return g;
    }

    // slide is the board after one tile slides into the blank.
    private static int[][] slide(int[][] tiles) {
        int[][] out = copy(tiles);
        for (int r = 0; r < out.length; r++) {
            for (int c = 0; c < out[r].length; c++) {
                if (out[r][c] != 0) {
                    continue;
                }
                int rr = r > 0 ? r - 1 : r + 1;
                out[r][c] = out[rr][c];
                out[rr][c] = 0;
                return out;
            }
        }
        return out;
    }

    private static void value(String key, Callable<Object> call) {
        try {
            line(key + " = " + oneLine(String.valueOf(call.call())));
        } catch (Throwable e) {
            thrown(key, e);
        }
    }

    private static void board(String key, Board b) {
        String text;
        try {
            text = String.valueOf(b);
        } catch (Throwable e) {
            thrown(key, e);
            return;
        }
        StringBuilder s = new StringBuilder(key + " :");
        for (String l : text.split("\r?\n", -1)) {
            s.append("\n| ").append(l.replace('\r', ' '));
        }
        line(s.toString());
    }

    private static void thrown(String key, Throwable e) {
        String msg = e.getMessage() == null ? "" : ": " + e.getMessage();
        line(key + " ! " + oneLine(e.getClass().getName() + msg));
    }

    private static String oneLine(String s) {
        return s.replace('\r', ' ').replace('\n', ' ');
    }

    private static void line(String s) {
        report.println(s);
        report.flush();
    }
}
