package atomicfile_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/kpuzzle/kpuzzle/puzzles/atomicfile"
)

func ExampleWriteBytes() {
	dir, _ := os.MkdirTemp("", "atomicfile")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "answer.txt")
	if err := atomicfile.WriteBytes(path, 0o644, []byte("UP\nLEFT\n")); err != nil {
		fmt.Println(err)
	}
	data, _ := os.ReadFile(path)
	fmt.Printf("%q\n", data)
	// Output: "UP\nLEFT\n"
}
