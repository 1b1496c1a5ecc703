// A board of the Princeton-style 8puzzle API with two mistakes students
// make: manhattan() counts the blank's distance too, and twin() swaps
// the blank with a tile (a move, not a twin). Test data for kpuzzle's
// Java API harness, written for its tests; it uses the Java library only.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class Board {
    private final int[][] tiles;
    private final int n;

    public Board(int[][] tiles) {
        this.n = tiles.length;
        this.tiles = new int[n][];
        for (int i = 0; i < n; i++) {
            this.tiles[i] = tiles[i].clone();
        }
    }

    public String toString() {
        StringBuilder s = new StringBuilder();
        s.append(n).append("\n");
        for (int[] row : tiles) {
            for (int t : row) {
                s.append(String.format("%2d ", t));
            }
            s.append("\n");
        }
        return s.toString();
    }

    public int dimension() {
        return n;
    }

    public int hamming() {
        int h = 0;
        for (int i = 0; i < n * n; i++) {
            int t = tiles[i / n][i % n];
            if (t != 0 && t != i + 1) {
                h++;
            }
        }
        return h;
    }

    public int manhattan() {
        int h = 0;
        for (int i = 0; i < n * n; i++) {
            int t = tiles[i / n][i % n];
            int goal = t == 0 ? n * n - 1 : t - 1; // the blank counted too
            h += Math.abs(i / n - goal / n) + Math.abs(i % n - goal % n);
        }
        return h;
    }

    public boolean isGoal() {
        return hamming() == 0;
    }

    public boolean equals(Object y) {
        if (!(y instanceof Board)) {
            return false;
        }
        return Arrays.deepEquals(tiles, ((Board) y).tiles);
    }

    public int hashCode() {
        return Arrays.deepHashCode(tiles);
    }

    public Iterable<Board> neighbors() {
        List<Board> out = new ArrayList<>();
        int b = 0;
        while (tiles[b / n][b % n] != 0) {
            b++;
        }
        int r = b / n, c = b % n;
        int[][] d = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int[] step : d) {
            int rr = r + step[0], cc = c + step[1];
            if (rr >= 0 && rr < n && cc >= 0 && cc < n) {
                int[][] next = new int[n][];
                for (int i = 0; i < n; i++) {
                    next[i] = tiles[i].clone();
                }
                next[r][c] = next[rr][cc];
                next[rr][cc] = 0;
                out.add(new Board(next));
            }
        }
        return out;
    }

    public Board twin() {
        int[][] next = new int[n][];
        for (int i = 0; i < n; i++) {
            next[i] = tiles[i].clone();
        }
        int[] first = next[0][0] == 0 || next[0][1] == 0 ? new int[] {0, 0, 0, 1} : new int[] {1, 0, 1, 1};
        if (next[first[0]][first[1]] != 0 && next[first[2]][first[3]] != 0) {
            // Swap the blank with its neighbour on the right or left.
            int b = 0;
            while (next[b / n][b % n] != 0) {
                b++;
            }
            int c = b % n == n - 1 ? b - 1 : b + 1;
            first = new int[] {b / n, b % n, c / n, c % n};
        }
        int t = next[first[0]][first[1]];
        next[first[0]][first[1]] = next[first[2]][first[3]];
        next[first[2]][first[3]] = t;
        return new Board(next);
    }

    int[] cells() {
        int[] out = new int[n * n];
        for (int i = 0; i < n * n; i++) {
            out[i] = tiles[i / n][i % n];
        }
        return out;
    }
}
