package journal_test

import (
	"bytes"
	"fmt"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/check"
	"github.com/kpuzzle/kpuzzle/grader/journal"
)

// A journal cut short by a crash in the middle of a write reads back
// without the torn line; ValidBytes says where appending resumes.
func ExampleRead() {
	var file bytes.Buffer
	for _, r := range []journal.Record{
		{Kind: journal.KindHeader, Version: journal.Version, Fingerprint: "f00d"},
		{Kind: journal.KindResult, Submission: "alice", Digest: "d1", Result: &grader.Result{Test: "input_1.txt", Verdict: check.Optimal, Length: 12}},
		{Kind: journal.KindResult, Submission: "alice", Digest: "d1", Result: &grader.Result{Test: "input_2.txt", Verdict: check.Timeout}},
	} {
		line, _ := journal.EncodeLine(r)
		file.Write(line)
	}
	whole := file.Len()
	file.Truncate(whole - 20) // the power went out during the last write

	c, err := journal.Read(&file)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range c.Records {
		fmt.Println(r.Submission, r.Result.Test, r.Result.Verdict)
	}
	fmt.Println("damaged lines:", c.Damaged)
	// Output:
	// alice input_1.txt optimal
	// damaged lines: 1
}
