package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// No table of the README lists a row twice (its documentation table
// once listed the platforms row two times).
func TestReadmeTablesHaveNoRepeatedRow(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for i, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "|") || strings.HasPrefix(line, "|---") {
			if !strings.HasPrefix(line, "|") {
				clear(seen) // a new table starts after other text
			}
			continue
		}
		if first, ok := seen[line]; ok {
			t.Errorf("README.md:%d repeats the row of line %d: %s", i+1, first, line)
		}
		seen[line] = i + 1
	}
}
