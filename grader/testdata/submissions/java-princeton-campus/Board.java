// A board of the Princeton COS226 8puzzle API as taught on campus since
// 2019: size() and tileAt(row, col) instead of dimension(), isSolvable()
// on the board, no twin(). Test data for kpuzzle's Java API harness,
// written for its tests; it uses the Java library only.
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

    public int size() {
        return n;
    }

    public int tileAt(int row, int col) {
        if (row < 0 || row >= n || col < 0 || col >= n) {
            throw new IllegalArgumentException("no cell (" + row + ", " + col + ")");
        }
        return tiles[row][col];
    }

    // isSolvable is the parity rule.
    public boolean isSolvable() {
        int inversions = 0, blankRow = 0;
        for (int i = 0; i < n * n; i++) {
            int a = tileAt(i / n, i % n);
            if (a == 0) {
                blankRow = i / n;
                continue;
            }
            for (int j = i + 1; j < n * n; j++) {
                int c = tileAt(j / n, j % n);
                if (c != 0 && a > c) {
                    inversions++;
                }
            }
        }
        if (n % 2 == 1) {
            return inversions % 2 == 0;
        }
        return (inversions + n - blankRow) % 2 == 1;
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
            if (t != 0) {
                h += Math.abs(i / n - (t - 1) / n) + Math.abs(i % n - (t - 1) % n);
            }
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

    int[] cells() {
        int[] out = new int[n * n];
        for (int i = 0; i < n * n; i++) {
            out[i] = tiles[i / n][i % n];
        }
        return out;
    }
}
