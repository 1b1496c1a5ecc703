package search

import "context"

// IDS is iterative-deepening search: depth-limited search with limits 0,
// 1, 2, … until a path is found. The first path found is a shortest one.
// Stats.Iterations lists each limit with the work done under it, and the
// counts add up over all iterations.
func IDS(ctx context.Context, p Problem, o Options) (Result, error) {
	const algo = "ids"
	if err := p.check(); err != nil {
		return Result{}, err
	}
	res := Result{Algorithm: algo}
	err := runDepthFirst(ctx, p, o, &res, func(d depthFirst) error {
		for limit := 0; ; limit++ {
			e0, g0 := res.Stats.Expanded, res.Stats.Generated
			found, err := d.run(limit)
			res.Stats.Iterations = append(res.Stats.Iterations, Iteration{Bound: limit, Expanded: res.Stats.Expanded - e0, Generated: res.Stats.Generated - g0})
			if err != nil || found {
				return err
			}
		}
	})
	if err != nil {
		return res, stopped(algo, err)
	}
	res.Optimal = true
	return res, nil
}
