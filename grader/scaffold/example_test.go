package scaffold_test

import (
	"fmt"

	"github.com/kpuzzle/kpuzzle/grader/scaffold"
)

// The interfaces kpuzzle init --interface scaffolds, and the starter
// languages of each; the first is the one used without --language.
func ExampleKinds() {
	for _, i := range scaffold.Kinds() {
		fmt.Printf("%-16s %v\n", i.Name, i.Languages)
	}
	// Output:
	// file             [python java cpp go]
	// stdin            [python java cpp go]
	// interactive      [python java cpp go]
	// python-function  [python]
	// java-api         [java]
}
