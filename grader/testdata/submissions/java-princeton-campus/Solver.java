// The solver of the Princeton COS226 8puzzle API as taught on campus
// since 2019: A* with the Manhattan distance; the constructor throws
// IllegalArgumentException on an unsolvable board, and there is no
// isSolvable(). Test data for kpuzzle's Java API harness, written for its
// tests; it uses the Java library only.
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
            this.f = g + board.manhattan();
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
        if (!initial.isSolvable()) {
            throw new IllegalArgumentException("unsolvable board");
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

    public int moves() {
        return path.size() - 1;
    }

    public Iterable<Board> solution() {
        return path;
    }
}
