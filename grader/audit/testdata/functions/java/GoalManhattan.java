// Manhattan distance to the goal it is built for, over State objects: a
// heuristic object constructed with its goal, whose estimate(State) is
// reached through a generic interface (the compiler adds a bridge method
// estimate(Object)).
public class GoalManhattan implements Heuristic<State> {
    private final int[] row = new int[64], col = new int[64];

    public GoalManhattan(State goal) {
        for (int i = 0; i < goal.tiles.length; i++) {
            for (int j = 0; j < goal.tiles[i].length; j++) {
                row[goal.tiles[i][j]] = i;
                col[goal.tiles[i][j]] = j;
            }
        }
    }

    @Override
    public double estimate(State s) {
        int sum = 0;
        for (int i = 0; i < s.tiles.length; i++) {
            for (int j = 0; j < s.tiles[i].length; j++) {
                int t = s.tiles[i][j];
                if (t != 0) {
                    sum += Math.abs(i - row[t]) + Math.abs(j - col[t]);
                }
            }
        }
        return sum;
    }
}
