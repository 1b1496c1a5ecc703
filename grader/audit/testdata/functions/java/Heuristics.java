import java.util.List;

// Static heuristics as course code writes them: a Euclidean distance that
// adds each tile's distance into an int (the compound assignment
// truncates: kpuzzle's euclidean-tile-floor), and one on a string with '_'
// for the blank.
public class Heuristics {
    public static int euclidean(int[][] state) {
        int n = state.length;
        int h = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int t = state[i][j];
                if (t != 0) {
                    int gi = (t - 1) / n, gj = (t - 1) % n;
                    h += Math.sqrt((i - gi) * (i - gi) + (j - gj) * (j - gj));
                }
            }
        }
        return h;
    }

    public static double outOfPlace(String state) {
        int count = 0;
        for (int i = 0; i < state.length(); i++) {
            char c = state.charAt(i);
            if (c != '_' && c - '0' != i + 1) {
                count++;
            }
        }
        return count;
    }

    public static int rowsOff(List<List<Integer>> board) {
        int off = 0;
        for (int r = 0; r < board.size(); r++) {
            for (Integer t : board.get(r)) {
                if (t != 0 && (t - 1) / board.size() != r) {
                    off++;
                }
            }
        }
        return off;
    }
}
