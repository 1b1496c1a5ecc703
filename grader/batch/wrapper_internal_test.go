package batch

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A wrapper's script runs with pipefail: -o pipefail for the shells that
// know it, bash in POSIX mode for sh; other commands are left alone.
func TestWrapperPipefail(t *testing.T) {
	g := &grading{bash: "/usr/bin/bash"}
	script := "python3 s.py | sed s/x/y/"
	for _, tc := range []struct {
		argv, want []string
	}{
		{[]string{"sh", "-c", script}, []string{"/usr/bin/bash", "--posix", "-o", "pipefail", "-c", script}},
		{[]string{"/bin/sh", "-ec", script, "sh", "in.txt"}, []string{"/usr/bin/bash", "--posix", "-o", "pipefail", "-ec", script, "sh", "in.txt"}},
		{[]string{"bash", "-c", script}, []string{"bash", "-o", "pipefail", "-c", script}},
		{[]string{"/usr/bin/zsh", "-c", script}, []string{"/usr/bin/zsh", "-o", "pipefail", "-c", script}},
		{[]string{"dash", "-c", script}, []string{"dash", "-c", script}},
		{[]string{"python3", "-c", "print(1)"}, []string{"python3", "-c", "print(1)"}},
		{[]string{"sh", "run.sh"}, []string{"sh", "run.sh"}},
		{[]string{"sh", "--posix", "x"}, []string{"sh", "--posix", "x"}},
	} {
		if d := cmp.Diff(tc.want, g.wrapper(tc.argv)); d != "" {
			t.Errorf("%q (-want +got):\n%s", tc.argv, d)
		}
	}
	// Without bash, sh runs as written, with a warning; so does dash.
	none := &grading{}
	if got := none.wrapper([]string{"sh", "-c", script}); got[0] != "sh" || len(got) != 3 {
		t.Errorf("sh without bash: %q", got)
	}
	for _, tc := range []struct {
		g     *grading
		argv  []string
		wants string
	}{
		{none, []string{"sh", "-c", script}, "run.command runs sh -c, and bash is not installed here"},
		{g, []string{"dash", "-c", script}, "run.command runs dash -c, which has no pipefail"},
		{g, []string{"sh", "-c", script}, ""},
		{none, []string{"python3", "s.py"}, ""},
	} {
		if w := tc.g.wrapperWarning("run.command", tc.argv); (tc.wants == "") != (w == "") || !strings.Contains(w, tc.wants) {
			t.Errorf("%q (bash %q): warning %q, want %q", tc.argv, tc.g.bash, w, tc.wants)
		}
	}
}
