package textstyle_test

import (
	"fmt"

	"github.com/kpuzzle/kpuzzle/reference/textstyle"
)

// A report writes its figures with Digits and Bytes and marks verdicts
// with the Style it is handed; the zero Style is plain text.
func Example() {
	var st textstyle.Style
	fmt.Println(st.Good.Sprint("built"), textstyle.Digits(518918400), "entries,", textstyle.Bytes(259459200))
	loud := textstyle.Style{Bad: func(a ...any) string { return "**" + fmt.Sprint(a...) + "**" }}
	fmt.Println(loud.Bad.Sprint("CORRUPT"))
	// Output:
	// built 518,918,400 entries, 259.5 MB
	// **CORRUPT**
}
