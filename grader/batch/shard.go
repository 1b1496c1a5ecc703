package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Shard is one of Count parts of a class graded by separate runs (array
// jobs of a cluster): Index is 1 to Count.
type Shard struct {
	Index, Count int
	// Class identifies the whole class: a digest of every submission's
	// name (ClassDigest), the same in every shard.
	Class string
}

// ParseShard reads "i/n" (1 <= i <= n).
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: expected i/n with 1 <= i <= n, for example 3/8", s)
	}
	return Shard{Index: i, Count: n}, nil
}

// String is "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// SelectShard returns the submissions of shard s and the shard with its
// Class set: the submissions are sorted by name and dealt out in turn, the
// k-th (from 0) to shard k mod n + 1, so that every shard gets the same
// number of submissions, give or take one, whatever their names.
func SelectShard(subs []Submission, s Shard) ([]Submission, Shard) {
	sorted := append([]Submission(nil), subs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	var out []Submission
	for k, sub := range sorted {
		if k%s.Count == s.Index-1 {
			out = append(out, sub)
		}
	}
	s.Class = ClassDigest(sorted)
	return out, s
}

// ClassDigest identifies a class by its submissions' names.
func ClassDigest(subs []Submission) string {
	names := make([]string, len(subs))
	for i, s := range subs {
		names[i] = s.Name
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		fmt.Fprintf(h, "%q\n", n)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// EmptyShardError is a shard that was dealt no submission: the class has
// fewer submissions than there are shards.
type EmptyShardError struct {
	// Shard is the shard, Class the number of submissions in the class.
	Shard Shard
	Class int
}

func (e *EmptyShardError) Error() string {
	return fmt.Sprintf("this shard has no submission (the class has %d); use fewer shards", e.Class)
}

// TakeShard is SelectShard that refuses, with an *EmptyShardError, a
// shard that gets no submission: a run that grades nobody is a mistake
// in the number of shards.
func TakeShard(subs []Submission, s Shard) ([]Submission, Shard, error) {
	out, s := SelectShard(subs, s)
	if len(out) == 0 {
		return nil, s, &EmptyShardError{Shard: s, Class: len(subs)}
	}
	return out, s, nil
}
