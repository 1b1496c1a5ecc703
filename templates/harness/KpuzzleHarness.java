// kpuzzle's harness for Java assignments graded through a Princeton
// 8puzzle API (run.java_api: princeton). The grader copies it into the
// submission's copy, compiles it with the student's Board.java and
// Solver.java, and runs
//
//     java KpuzzleHarness PUZZLE ANSWER
//
// It calls the student's classes through reflection only, so that it
// compiles whichever API they follow and a compiler error is always in
// the student's own files. It finds the API from the classes' methods:
//
//   - coursera: Board.dimension(), Board.twin(), Solver.isSolvable();
//   - campus (Princeton COS226 since 2019): Board.size(),
//     Board.tileAt(row, col), Board.isSolvable() (or a static
//     Board.isSolvable(Board)), no
//     twin(), and a Solver whose constructor throws
//     IllegalArgumentException on an unsolvable board;
//
// and writes "api = coursera" or "api = campus" first, or, for classes
// that match neither, "api ! ..." and a one-line message on stderr, and
// exits with status 1.
//
// It reads the puzzle (rows of integers, 0 the blank; a size line first
// is skipped) and builds new Board(tiles). It calls the board's methods
// one by one and writes what each returned, or the exception it threw,
// to ANSWER.api (the method report; docs/formats.md): dimension() or
// size(), tileAt() on every cell, hamming(), manhattan(), isGoal() (and
// isGoal() on a goal board), isSolvable() (campus), neighbors() (with
// hamming() and manhattan() on each neighbour), twin()
// (coursera), equals() (a board of the same tiles, a board one move
// away, null). Each line is flushed at once, so a method that never
// returns leaves the lines before it. Then it builds new Solver(board)
// and writes UNSOLVABLE to ANSWER when isSolvable() is false (coursera)
// or the constructor threw IllegalArgumentException (campus), else every
// board of solution(), from the start to the goal, separated by blank
// lines: the answer is read as a sequence of boards. Last, moves() goes
// to the method report.
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

public class KpuzzleHarness {
    // At most this many boards of neighbors() are reported.
    private static final int MAX_NEIGHBORS = 16;

    private static PrintWriter report;
    private static Class<?> boardClass;
    private static Constructor<?> newBoard;

    // A call of a student's method.
    private interface Call {
        Object call() throws Throwable;
    }

    public static void main(String[] args) throws Throwable {
        int[][] tiles = readTiles(args[0]);
        try (PrintWriter api = new PrintWriter(args[1] + ".api", "UTF-8")) {
            report = api;
            line("kpuzzle-api 1");
            boardClass = find("Board");
            Class<?> solverClass = find("Solver");
            try {
                newBoard = boardClass.getConstructor(int[][].class);
            } catch (NoSuchMethodException e) {
                neither("Board has no public constructor Board(int[][] tiles)");
            }
            boolean coursera = has(solverClass, "isSolvable") && has(boardClass, "dimension");
            boolean campus = !coursera && has(boardClass, "size") && has(boardClass, "tileAt", int.class, int.class);
            if (!coursera && !campus) {
                neither("Board has neither dimension() with Solver.isSolvable() (the Coursera API) nor size() with tileAt(int, int) (the COS226 2019+ API)");
            }
            line("api = " + (coursera ? "coursera" : "campus"));
            Object board = checkMethods(tiles, coursera);
            if (board == null) {
                System.exit(1);
            }
            Object solver;
            try {
                solver = solverClass.getConstructor(boardClass).newInstance(board);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                if (!coursera && cause instanceof IllegalArgumentException) {
                    // The campus API's way of saying "unsolvable".
                    thrown("solver", cause);
                    try (PrintWriter out = new PrintWriter(args[1], "UTF-8")) {
                        out.println("UNSOLVABLE");
                    }
                    return;
                }
                throw cause;
            }
            try (PrintWriter out = new PrintWriter(args[1], "UTF-8")) {
                if (coursera && !(Boolean) invoke(solver, "isSolvable")) {
                    out.println("UNSOLVABLE");
                } else {
                    int boards = 0;
                    for (Object b : (Iterable<?>) invoke(solver, "solution")) {
                        if (boards > 0) {
                            out.println();
                        }
                        String text = b.toString();
                        out.print(text);
                        if (!text.endsWith("\n")) {
                            out.println();
                        }
                        boards++;
                    }
                }
            }
            value("moves", () -> invoke(solver, "moves"));
        }
    }

    // find is the student's class called name; it ends the run when
    // there is none.
    private static Class<?> find(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            neither("it has no class " + name);
            return null;
        }
    }

    // neither reports classes that match no API and ends the run.
    private static void neither(String why) {
        line("api ! " + oneLine(why));
        System.err.println("kpuzzle: the submission matches neither Princeton 8puzzle API: " + why);
        report.flush();
        System.exit(1);
    }

    private static boolean has(Class<?> c, String name, Class<?>... params) {
        try {
            c.getMethod(name, params);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    // invoke calls a public method of obj (static ones too), throwing
    // what the method threw.
    private static Object invoke(Object obj, String name, Object... args) throws Throwable {
        Class<?>[] types = new Class<?>[args.length];
        for (int i = 0; i < args.length; i++) {
            types[i] = args[i] instanceof Integer ? int.class : args[i].getClass();
        }
        Method m;
        try {
            m = obj.getClass().getMethod(name, types);
        } catch (NoSuchMethodException e) {
            throw new NoSuchMethodException("kpuzzle: " + obj.getClass().getName() + " has no public method " + name + "()");
        }
        try {
            return m.invoke(obj, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static Object makeBoard(int[][] tiles) throws Throwable {
        try {
            return newBoard.newInstance((Object) tiles);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    // checkMethods reports every board method of the API and returns the
    // board, or null when new Board(tiles) threw.
    private static Object checkMethods(int[][] tiles, boolean coursera) {
        Object board;
        try {
            board = makeBoard(copy(tiles));
        } catch (Throwable e) {
            thrown("board", e);
            System.err.println("kpuzzle: new Board(tiles) threw " + e);
            return null;
        }
        if (coursera) {
            value("dimension", () -> invoke(board, "dimension"));
        } else {
            value("size", () -> invoke(board, "size"));
            value("tile_at", () -> {
                StringBuilder s = new StringBuilder();
                for (int r = 0; r < tiles.length; r++) {
                    for (int c = 0; c < tiles[r].length; c++) {
                        s.append(r + c > 0 ? " " : "").append(invoke(board, "tileAt", r, c));
                    }
                }
                return s.toString();
            });
        }
        value("hamming", () -> invoke(board, "hamming"));
        value("manhattan", () -> invoke(board, "manhattan"));
        value("is_goal", () -> invoke(board, "isGoal"));
        value("goal_is_goal", () -> invoke(makeBoard(goal(tiles.length)), "isGoal"));
        if (!coursera) {
            value("is_solvable", () -> {
                try {
                    return invoke(board, "isSolvable");
                } catch (NoSuchMethodException e) {
                    return invoke(board, "isSolvable", board); // static isSolvable(Board)
                }
            });
        }
        try {
            int count = 0;
            for (Object b : (Iterable<?>) invoke(board, "neighbors")) {
                if (count == MAX_NEIGHBORS) {
                    line("neighbors ! kpuzzle: neighbors() gave more than " + MAX_NEIGHBORS + " boards");
                    count = -1;
                    break;
                }
                board("neighbor", b);
                // The heuristics on each neighbour too, so that a wrong
                // value can be judged for consistency (h changes by at
                // most 1 across a move).
                value("neighbor_hamming", () -> invoke(b, "hamming"));
                value("neighbor_manhattan", () -> invoke(b, "manhattan"));
                count++;
            }
            if (count >= 0) {
                line("neighbors = " + count);
            }
        } catch (Throwable e) {
            thrown("neighbors", e);
        }
        if (coursera) {
            try {
                board("twin", invoke(board, "twin"));
            } catch (Throwable e) {
                thrown("twin", e);
            }
        }
        value("equals_same", () -> board.equals(makeBoard(copy(tiles))));
        value("equals_neighbor", () -> board.equals(makeBoard(slide(tiles))));
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

    private static void value(String key, Call call) {
        try {
            line(key + " = " + oneLine(String.valueOf(call.call())));
        } catch (Throwable e) {
            thrown(key, e);
        }
    }

    private static void board(String key, Object b) {
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
