// The solver of the Princeton-style 8puzzle API: A* with the Manhattan
// distance (its own, right one: the Board's counts the blank);
// solvability by the parity rule. Test data for kpuzzle's Java
// API harness, written for its tests; it uses the Java library only.
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

public class Solver {
    private final List<Board> path;

    private static final class Node implements Comparable<Node> {
        final Board board;
        final int g;
        final int f;
        final Node parent;

        Node(Board board, int g, Node parent) {
            this.board = board;
            this.g = g;
            this.f = g + distance(board);
            this.parent = parent;
        }

        public int compareTo(Node o) {
            return f != o.f ? Integer.compare(f, o.f) : Integer.compare(o.g, g);
        }
    }

    public Solver(Board initial) {
        if (initial == null) {
            throw new IllegalArgumentException();
        }
        if (!solvable(initial)) {
            path = null;
            return;
        }
        PriorityQueue<Node> open = new PriorityQueue<>();
        Map<Board, Integer> best = new HashMap<>();
        open.add(new Node(initial, 0, null));
        best.put(initial, 0);
        Node goal = null;
        while (!open.isEmpty()) {
            Node x = open.poll();
            if (x.board.isGoal()) {
                goal = x;
                break;
            }
            if (best.get(x.board) < x.g) {
                continue;
            }
            for (Board nb : x.board.neighbors()) {
                Integer old = best.get(nb);
                if (old == null || x.g + 1 < old) {
                    best.put(nb, x.g + 1);
                    open.add(new Node(nb, x.g + 1, x));
                }
            }
        }
        Deque<Board> boards = new ArrayDeque<>();
        for (Node x = goal; x != null; x = x.parent) {
            boards.addFirst(x.board);
        }
        path = new ArrayList<>(boards);
    }

    private static int distance(Board b) {
        int[] cells = b.cells();
        int n = b.dimension(), h = 0;
        for (int i = 0; i < cells.length; i++) {
            int t = cells[i];
            if (t != 0) {
                h += Math.abs(i / n - (t - 1) / n) + Math.abs(i % n - (t - 1) % n);
            }
        }
        return h;
    }

    private static boolean solvable(Board b) {
        int[] cells = b.cells();
        int n = b.dimension(), inversions = 0, blankRow = 0;
        for (int i = 0; i < cells.length; i++) {
            if (cells[i] == 0) {
                blankRow = i / n;
                continue;
            }
            for (int j = i + 1; j < cells.length; j++) {
                if (cells[j] != 0 && cells[i] > cells[j]) {
                    inversions++;
                }
            }
        }
        if (n % 2 == 1) {
            return inversions % 2 == 0;
        }
        return (inversions + n - blankRow) % 2 == 1;
    }

    public boolean isSolvable() {
        return path != null;
    }

    public int moves() {
        return path == null ? -1 : path.size() - 1;
    }

    public Iterable<Board> solution() {
        return path;
    }
}
