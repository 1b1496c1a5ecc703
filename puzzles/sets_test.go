package puzzles_test

import (
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/puzzles"
)

// TestShippedSetsSayWhereLengthsComeFrom checks that every known length
// carries its source, and only published sets claim to be published.
func TestShippedSetsSayWhereLengthsComeFrom(t *testing.T) {
	for _, info := range puzzles.Sets() {
		set, err := puzzles.LoadSet(info.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, inst := range set.Instances {
			switch {
			case inst.Optimal < 0 && inst.Proof != "":
				t.Errorf("%s/%s: proof %q without a length", info.Name, inst.Name, inst.Proof)
			case inst.Optimal >= 0 && inst.Proof == "":
				t.Errorf("%s/%s: length %d without a proof", info.Name, inst.Name, inst.Optimal)
			case info.Name == "starter" && strings.HasPrefix(inst.Proof, "published"):
				t.Errorf("generated set %s/%s claims a published length", info.Name, inst.Name)
			}
		}
	}
}
