package templates_test

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/kpuzzle/kpuzzle/templates"
)

func TestFeedbackTemplateIsEmbedded(t *testing.T) {
	text, err := templates.Read(templates.FeedbackFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "{{") || !strings.Contains(text, ".Tests") {
		t.Errorf("%s does not look like the feedback template:\n%s", templates.FeedbackFile, text)
	}
	var files []string
	fs.WalkDir(templates.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	})
	found := false
	for _, f := range files {
		found = found || f == templates.FeedbackFile
	}
	if !found {
		t.Errorf("%s is not among the embedded files %v", templates.FeedbackFile, files)
	}
	if _, err := templates.Read("feedback/nope.tmpl"); err == nil {
		t.Error("a missing template was read")
	}
}
