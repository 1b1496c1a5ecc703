// Command kpuzzle is the sliding-tile puzzle autograder and course
// toolkit. See doc.go and the user guide under docs/.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
