package course;

// A class declared in a package but kept at the top of the folder, as
// students' repositories often keep them.
public class PkgBoard {
    private final int[][] tiles;

    public PkgBoard(int[][] tiles) {
        this.tiles = tiles;
    }

    public int hamming() {
        int n = tiles.length, count = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (tiles[i][j] != 0 && tiles[i][j] != i * n + j + 1) {
                    count++;
                }
            }
        }
        return count;
    }
}
