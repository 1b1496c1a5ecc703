package bench

import (
	"fmt"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/pdb"
)

// StrongestDatabase is kpuzzle bench's choice of heuristic for IDA*
// when none is named (a Config.PickHeuristic): for each goal, the
// strongest shipped pattern database of its board (pdb:78 on 4x4,
// pdb:6666 on 5x5) when it is built in the cache folder dir; otherwise
// the board's database that builds in seconds (pdb:663 on 4x4), with a
// note saying so; and on a board with no shipped database, pdb:auto.
func StrongestDatabase(dir string) func(g puzzles.Goal) (name, note string, err error) {
	return func(g puzzles.Goal) (string, string, error) {
		strongest, ok := pdb.Strongest(g.Shape())
		if !ok {
			return "pdb:" + pdb.AutoName, "", nil
		}
		var fallback string
		for _, info := range pdb.Describe() {
			if info.Shape != g.Shape() || info.Mode != pdb.Additive {
				continue
			}
			if fallback == "" || info.Name == "663" {
				fallback = info.Name
			}
		}
		p, err := pdb.Named(strongest, g)
		if err != nil {
			return "", "", err
		}
		if _, built, _ := pdb.Status(dir, p); built || strongest == fallback {
			return "pdb:" + strongest, "", nil
		}
		return "pdb:" + fallback, fmt.Sprintf("pdb:%s is not built for the %s %s goal (kpuzzle pdb build %s --goal %s takes minutes, once); using the weaker pdb:%s",
			strongest, g.Shape(), g.Name(), strongest, g.Name(), fallback), nil
	}
}
