// A search state as course code keeps it: the tiles of a board.
public class State {
    final int[][] tiles;

    public State(int[][] tiles) {
        this.tiles = tiles;
    }
}
