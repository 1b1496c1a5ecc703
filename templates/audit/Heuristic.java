import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;

/**
 * A heuristic for {@code kpuzzle audit --cmd "java Heuristic"} (compile
 * first: {@code javac Heuristic.java}).
 *
 * <p>The protocol (docs/audit.md): kpuzzle starts this program once per
 * batch of states and writes the states to its standard input, one per
 * line, the cells in row-major order separated by spaces, 0 for the blank.
 * The program must print one number per line -- an integer, or a real such
 * as 2.5 -- the heuristic value of each state, in the same order, flush,
 * and exit once its input ends. The environment says the board:
 * KPUZZLE_SHAPE ("3x3") and KPUZZLE_GOAL (the goal's cells).
 *
 * <p>Replace {@link #heuristic} with your own; it computes Manhattan
 * distance here.
 */
public class Heuristic {
    /** Manhattan distance: rows plus columns between each tile and its goal cell. */
    static int heuristic(int[] cells, int rows, int cols, int[] goalPos) {
        int h = 0;
        for (int i = 0; i < cells.length; i++) {
            int tile = cells[i];
            if (tile != 0) {
                int g = goalPos[tile];
                h += Math.abs(i / cols - g / cols) + Math.abs(i % cols - g % cols);
            }
        }
        return h;
    }

    public static void main(String[] args) throws IOException {
        String shape = System.getenv().getOrDefault("KPUZZLE_SHAPE", "3x3");
        String[] rc = shape.split("x");
        int rows = Integer.parseInt(rc[0]);
        int cols = Integer.parseInt(rc[1]);
        int n = rows * cols;
        int[] goal = new int[n];
        String goalText = System.getenv("KPUZZLE_GOAL");
        if (goalText != null && !goalText.isBlank()) {
            String[] parts = goalText.trim().split("\\s+");
            for (int i = 0; i < n; i++) {
                goal[i] = Integer.parseInt(parts[i]);
            }
        } else {
            for (int i = 0; i < n; i++) {
                goal[i] = (i + 1) % n;
            }
        }
        int[] goalPos = new int[n];
        for (int i = 0; i < n; i++) {
            goalPos[goal[i]] = i;
        }

        BufferedReader in = new BufferedReader(new InputStreamReader(System.in), 1 << 16);
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out), 1 << 16);
        int[] cells = new int[n];
        String line;
        while ((line = in.readLine()) != null) {
            String[] parts = line.trim().split("\\s+");
            for (int i = 0; i < n; i++) {
                cells[i] = Integer.parseInt(parts[i]);
            }
            out.write(Integer.toString(heuristic(cells, rows, cols, goalPos)));
            out.newLine();
        }
        out.flush();
    }
}
