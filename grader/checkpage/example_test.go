package checkpage_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader/checkpage"
)

// A page for a course that writes moves as the blank's.
func ExampleWrite() {
	var buf bytes.Buffer
	if err := checkpage.Write(&buf, checkpage.Options{Title: "CS3243 checker", Convention: "blank"}); err != nil {
		fmt.Println(err)
		return
	}
	page := buf.String()
	fmt.Println(strings.Contains(page, `id="verdict"`), strings.Contains(page, `value="blank" checked`))
	// Output: true true
}
