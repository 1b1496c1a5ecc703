package exact_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/reference/exact"
)

func TestSaveLoad(t *testing.T) {
	for _, g := range []puzzles.Goal{puzzles.DefaultGoal(shape3x3), puzzles.SnailGoal(shape2x4), randomGoal(shape2x2, 3)} {
		tb := table(t, g)
		data := saved(t, tb)
		if got, want := len(data), 8+2+3+g.Shape().Cells()+8+tb.Len()+4; got != want {
			t.Errorf("%s: saved %d bytes, want %d", g.Shape(), got, want)
		}
		for _, want := range []puzzles.Goal{g, {}} {
			back, err := exact.Load(bytes.NewReader(data), want)
			if err != nil {
				t.Fatalf("Load(Save(%s goal %s)): %v", g.Shape(), g.Board(), err)
			}
			if diff := cmp.Diff(tb.Counts(), back.Counts()); diff != "" {
				t.Errorf("counts after Load (-want +got):\n%s", diff)
			}
			if !back.Goal().Reached(g.Board()) || back.Shape() != g.Shape() {
				t.Errorf("Load: goal %s on %s, want %s on %s", back.Goal().Board(), back.Shape(), g.Board(), g.Shape())
			}
			for r := range tb.Len() {
				if back.DistanceRank(r) != tb.DistanceRank(r) {
					t.Fatalf("rank %d: distance %d after Load, %d before", r, back.DistanceRank(r), tb.DistanceRank(r))
				}
			}
			if again := saved(t, back); !bytes.Equal(again, data) {
				t.Error("Save(Load(data)) differs from data")
			}
		}
	}
}

// reseal recomputes the checksum of a file whose content a test changed,
// so that Load's content checks, not the checksum, must catch it.
func reseal(data []byte) []byte {
	out := bytes.Clone(data)
	body := out[:len(out)-4]
	binary.LittleEndian.PutUint32(out[len(out)-4:], crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
	return out
}

func TestLoadRejects(t *testing.T) {
	g := puzzles.DefaultGoal(shape2x3)
	good := saved(t, table(t, g))
	const data = 8 + 2 + 3 + 6 + 8 // offset of the distances
	edit := func(at int, b byte) []byte {
		out := bytes.Clone(good)
		out[at] = b
		return out
	}
	cases := []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "file ends inside the header"},
		{"magic", edit(0, 'X'), "not an exact table file"},
		{"version", edit(8, 9), "format version 9"},
		{"encoding", edit(10, 2), "encoding 2"},
		{"shape", edit(11, 5), "shape 5x3"},
		{"goal not a board", edit(13, 3), "goal: "},
		{"state count", edit(19, 1), "header says"},
		{"truncated goal", good[:15], "file ends inside the goal"},
		{"truncated distances", good[:data+100], "file ends inside the distances"},
		{"truncated checksum", good[:len(good)-2], "file ends inside the checksum"},
		{"flipped distance", edit(data+100, good[data+100]^1), "checksum"},
		{"extra byte", append(bytes.Clone(good), 0), "extra data"},
		{"two goals", reseal(edit(data+1, 0)), "only state at distance 0"},
		{"missing distance", reseal(edit(data+7, 0xFF)), "have no distance"},
		{"gap", reseal(func() []byte {
			out := bytes.Clone(good)
			for i := data; i < len(out)-4; i++ {
				if out[i] == 21 {
					out[i] = 23
				}
			}
			return out
		}()), "no state at depth 21"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := exact.Load(bytes.NewReader(c.file), g)
			if !errors.Is(err, exact.ErrCorrupt) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Load: error %v, want ErrCorrupt saying %q", err, c.want)
			}
		})
	}
}

func TestLoadMismatch(t *testing.T) {
	good := saved(t, table(t, puzzles.DefaultGoal(shape2x3)))
	for _, want := range []puzzles.Goal{puzzles.BlankFirstGoal(shape2x3), puzzles.DefaultGoal(shape3x2), puzzles.DefaultGoal(shape3x3)} {
		_, err := exact.Load(bytes.NewReader(good), want)
		if !errors.Is(err, exact.ErrMismatch) || errors.Is(err, exact.ErrCorrupt) {
			t.Errorf("Load for %s goal %s: error %v, want ErrMismatch", want.Shape(), want.Board(), err)
		}
	}
}

// FuzzLoad checks that Load never panics or accepts garbage: whatever it
// accepts saves back to the same bytes and holds a goal at distance 0.
func FuzzLoad(f *testing.F) {
	f.Add(saved(f, table(f, puzzles.DefaultGoal(shape2x2))))
	f.Add(saved(f, table(f, puzzles.SnailGoal(shape2x3))))
	f.Add([]byte("KPZEXACT"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, err := exact.Load(bytes.NewReader(data), puzzles.Goal{})
		if err != nil {
			if !errors.Is(err, exact.ErrCorrupt) {
				t.Fatalf("Load: error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		if again := saved(t, tb); !bytes.Equal(again, data) {
			t.Fatal("Save(Load(data)) differs from data")
		}
		if d, ok := tb.DistanceBoard(tb.Goal().Board()); !ok || d != 0 {
			t.Fatalf("goal distance %d, %v", d, ok)
		}
	})
}

// failAfter accepts n bytes, then fails every write.
type failAfter struct{ n int }

var errDiskFull = errors.New("disk full")

func (w *failAfter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errDiskFull
	}
	w.n -= len(p)
	return len(p), nil
}

func TestSaveWriteError(t *testing.T) {
	tb := table(t, puzzles.DefaultGoal(shape3x3))
	size := len(saved(t, tb))
	for _, n := range []int{0, 10, 100000, size - 2} {
		if err := tb.Save(&failAfter{n: n}); !errors.Is(err, errDiskFull) {
			t.Errorf("Save failing after %d bytes: error %v, want %v", n, err, errDiskFull)
		}
	}
}
