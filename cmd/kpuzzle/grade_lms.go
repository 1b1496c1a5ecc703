package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/report"
	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
	"github.com/spf13/pflag"
)

// registerGradebookFlags adds --gradebook and --class-list to grade and
// grade merge.
func registerGradebookFlags(f *pflag.FlagSet, gradebooks *[]string, classList *string) {
	var files, titles []string
	for _, name := range report.GradebookFormats {
		format, _ := report.LookupGradebookFormat(name)
		files, titles = append(files, "OUT/"+report.LMSFile(name)), append(titles, format.Title)
	}
	f.StringSliceVar(gradebooks, "gradebook", nil, "also write the scores as the gradebook import CSV of "+suggest.List(report.GradebookFormats, "and/or")+" (comma-separated; adds to results.gradebook): "+strings.Join(files, ", "))
	f.StringVar(classList, "class-list", "", "the class's gradebook export from "+suggest.List(titles, "or")+" (CSV): students are matched to it by student ID or email, and its IDs and sections fill the import file")
}

// gradebookFormats joins results.gradebook and --gradebook, checked
// (report.JoinGradebookFormats).
func gradebookFormats(flag []string, asg grader.Assignment) ([]string, error) {
	formats, err := report.JoinGradebookFormats(asg.Results.Gradebook, flag)
	if err != nil {
		return nil, usageErrorf("--%v", err)
	}
	return formats, nil
}

// readClassList reads --class-list, checked before any grading.
func readClassList(flag []string, asg grader.Assignment, path string) (report.ClassList, error) {
	formats, err := gradebookFormats(flag, asg)
	if err != nil {
		return report.ClassList{}, err
	}
	if path == "" {
		return report.ClassList{}, nil
	}
	if len(formats) == 0 {
		return report.ClassList{}, usageErrorf("--class-list %s: given without --gradebook %s (or results.gradebook), so nothing would use it", path, strings.Join(report.GradebookFormats, "|"))
	}
	f, err := puzzles.OpenFile(path)
	if err != nil {
		return report.ClassList{}, inputError(err)
	}
	defer f.Close()
	class, err := report.ReadClassList(f, path)
	if err != nil {
		return report.ClassList{}, usageErrorf("%v", err)
	}
	return class, nil
}

// writeLMSGradebooks writes the LMS gradebooks asked for and warns, with
// the file that lists them, about students missing from either side.
func writeLMSGradebooks(a *app, gb report.Gradebook, out string, asg grader.Assignment, flag []string, class report.ClassList) error {
	formats, err := gradebookFormats(flag, asg)
	if err != nil || len(formats) == 0 {
		return err
	}
	m, err := gb.WriteLMSGradebooks(out, formats, class)
	if err != nil {
		return inputError(err)
	}
	if n := m.Missing(); n > 0 {
		fmt.Fprintf(a.errOut, "kpuzzle: warning: %d students are on one side only (%d graded with no ID or email, %d graded but not in the class list, %d not graded); they are listed in %s\n",
			n, len(m.NoIdentity), len(m.NotInClass), len(m.NotGraded), filepath.Join(out, report.MissingFile))
	}
	return nil
}
