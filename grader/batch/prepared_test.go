package batch_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
)

func TestPreparedRoundTrip(t *testing.T) {
	p := batch.Prepared{Fingerprint: "abc", Optima: map[string]grader.Optimum{
		"p1.txt": grader.KnownOptimum(12, "answer key"), "p2.txt": {Unknown: "the reference solver did not finish within 1s"}}}
	var buf bytes.Buffer
	if err := batch.WritePrepared(&buf, p); err != nil {
		t.Fatal(err)
	}
	got, err := batch.ReadPrepared(&buf, "prepared.json")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(p, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"", "{", `{"fingerprint": "x"}`, `{"fingerprint": "x", "optima": {}, "extra": 1}`,
		`{"fingerprint": "x", "optima": {"p": {"known": true, "length": -1}}}`, "{\n\"fingerprint\": \"x\",\n\"optima\": [\n"} {
		if _, err := batch.ReadPrepared(strings.NewReader(bad), "prepared.json"); err == nil || !strings.HasPrefix(err.Error(), "prepared.json") {
			t.Errorf("%q: %v, want an error naming the file", bad, err)
		}
	}
}

func FuzzReadPrepared(f *testing.F) {
	var buf bytes.Buffer
	batch.WritePrepared(&buf, batch.Prepared{Fingerprint: "abc", Optima: map[string]grader.Optimum{"p1.txt": grader.KnownOptimum(12, "key")}})
	f.Add(buf.Bytes())
	f.Add([]byte(`{"fingerprint": "", "optima": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := batch.ReadPrepared(bytes.NewReader(data), "prepared.json")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "prepared.json") || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error is not one line naming the file: %q", err)
			}
			return
		}
		var out bytes.Buffer
		if err := batch.WritePrepared(&out, p); err != nil {
			t.Fatal(err)
		}
		again, err := batch.ReadPrepared(&out, "again.json")
		if err != nil {
			t.Fatalf("a written file does not read back: %v", err)
		}
		if !cmp.Equal(p, again) {
			t.Fatalf("round trip changed it:\n%s", cmp.Diff(p, again))
		}
	})
}
