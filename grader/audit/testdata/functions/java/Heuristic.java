// A heuristic over a course's own state type.
public interface Heuristic<S> {
    double estimate(S state);
}
