//go:build linux

package sandbox_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/kpuzzle/kpuzzle/grader/limits"
	"github.com/kpuzzle/kpuzzle/grader/sandbox"
)

// A program's main calls Init before anything else; in a sandbox helper
// Init never returns.
func ExampleInit() {
	// func main() {
	sandbox.Init()
	// 	os.Exit(run())
	// }
}

func ExampleRun() {
	dir, err := os.MkdirTemp("", "kpuzzle-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	res, err := sandbox.Run(context.Background(), sandbox.Spec{
		Argv:   []string{"/bin/sh", "-c", `echo "UP" > answer.txt; echo solved; exit 3`},
		Dir:    dir,
		Limits: sandbox.Limits{WallTime: limits.Duration(5 * time.Second)},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	answer, _ := os.ReadFile(dir + "/answer.txt")
	fmt.Printf("exit %d, stdout %q, answer %q\n", res.ExitCode, res.Stdout, answer)
	// Output: exit 3, stdout "solved\n", answer "UP\n"
}

func ExampleRun_timeout() {
	dir, err := os.MkdirTemp("", "kpuzzle-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	res, err := sandbox.Run(context.Background(), sandbox.Spec{
		Argv: []string{"/bin/sh", "-c", "while :; do :; done"},
		Dir:  dir,
		// A CPU time above the wall time (10 s, as this example has always
		// had), so that the wall time ends the loop.
		Limits: sandbox.Limits{WallTime: limits.Duration(200 * time.Millisecond), CPUTime: limits.Duration(10 * time.Second)},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.TimedOut, res.Signal)
	// Output: true SIGKILL
}
