package isolation_test

import (
	"testing"

	"github.com/kpuzzle/kpuzzle/grader/sandbox/isolation"
)

func TestParse(t *testing.T) {
	for in, want := range map[string]isolation.Choice{"": isolation.Auto, "auto": isolation.Auto, "namespaces": isolation.Namespaces, "rlimits": isolation.Rlimits} {
		if got, err := isolation.Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"none", "Namespaces ", "docker"} {
		if _, err := isolation.Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
}
