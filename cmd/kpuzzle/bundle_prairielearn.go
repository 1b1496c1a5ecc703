package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/batch"
	"github.com/kpuzzle/kpuzzle/grader/scaffold"
	"github.com/spf13/cobra"
)

type bundlePLOptions struct {
	out, binary, baseImage, image, question, submit string
}

func newBundlePrairieLearnCmd(a *app) *cobra.Command {
	var opts bundlePLOptions
	cmd := &cobra.Command{
		Use:   "prairielearn [ASSIGNMENT.yaml] --out DIR",
		Short: "Write an assignment as a PrairieLearn externally graded question",
		Long: `Write the assignment (default ./assignment.yaml, or --config) into DIR as
what a PrairieLearn course needs:

  DIR/questions/QUESTION/info.json      "gradingMethod": "External" and
                                        externalGradingOptions (image,
                                        entrypoint /grade/tests/run.sh, and a
                                        timeout covering the whole test set)
  DIR/questions/QUESTION/question.html  asks for the submission's files
                                        (prairielearn.submit or --submit:
                                        upload or editor) and shows
                                        <pl-external-grader-results>
  DIR/questions/QUESTION/tests/         run.sh, a linux/amd64 kpuzzle, the
                                        assignment, its puzzle set and answer
                                        key, and prepared.json (the key,
                                        proved now, once)
  DIR/Dockerfile                        the grading image: --base-image with
                                        the submissions' language installed
  DIR/README.md                         how to build and push the image and
                                        add the question

Each grading job runs run.sh as root in the image with networking off: it
makes the key, kpuzzle and the job's files private to root, grades
/grade/student with kpuzzle grade and writes PrairieLearn's
/grade/results/results.json (score in [0, 1]; "gradable": false when a
file is missing or the build fails; no results at all when the grader
itself fails).

PrairieLearn shows a student the score and every test at once, so with
prairielearn.hidden: release (the default) the jobs run the public tests
only and their score counts those alone; after the deadline, grade the
assessment's download ("Downloads": the manual-grading CSV and the
files' zip, in one folder) with kpuzzle grade, which writes
OUT/prairielearn-scores.csv for "Upload new question scores". With
prairielearn.hidden: fold the jobs run every test and count the hidden
ones as one entry, all or nothing. See docs/instructors.md.`,
		Example: `  kpuzzle bundle prairielearn hw2/assignment.yaml --out hw2-prairielearn
  kpuzzle bundle prairielearn hw2/assignment.yaml --out pl --submit editor --image myorg/kpuzzle-hw2`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.out == "" {
				return usageErrorf("--out DIR is required")
			}
			config, err := bundleConfig(a, args)
			if err != nil {
				return err
			}
			asg, err := loadAssignmentSources(a, cmd, &gradeOptions{})
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("submit") && asg.PrairieLearn.Submit != "" {
				opts.submit = asg.PrairieLearn.Submit
			}
			return runBundlePrairieLearn(cmd, a, config, asg, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.out, "out", "", "the folder to write (required)")
	f.StringVar(&opts.binary, "binary", "", "the linux/amd64 kpuzzle binary to ship (default: this one, when it is such a build)")
	f.StringVar(&opts.baseImage, "base-image", scaffold.DefaultBaseImage, "the grading image's base (a Debian or Ubuntu image: the Dockerfile installs with apt-get)")
	f.StringVar(&opts.image, "image", "", "the grading image's name in info.json, to build and push (default kpuzzle-QUESTION)")
	f.StringVar(&opts.question, "question", "", "the question's folder name (default: prairielearn.question, else from the assignment's name)")
	f.StringVar(&opts.submit, "submit", "upload", "how students hand in their files, overriding prairielearn.submit: upload (pl-file-upload) or editor (pl-file-editor)")
	return cmd
}

// bundleConfig reads the assignment a bundle command names (its argument,
// --config or ./assignment.yaml) into the process's configuration.
func bundleConfig(a *app, args []string) (string, error) {
	config := a.v.ConfigFileUsed()
	switch {
	case len(args) == 1:
		config = args[0]
	case config == "":
		config = "assignment.yaml"
	}
	if config != a.v.ConfigFileUsed() {
		if _, err := os.Stat(config); err != nil {
			return "", inputError(err)
		}
		a.v.SetConfigFile(config)
		if err := a.v.ReadInConfig(); err != nil {
			return "", usageErrorf("%s: %v", config, err)
		}
	}
	return config, nil
}

type bundlePLJSON struct {
	Out      string   `json:"out"`
	Question string   `json:"question"`
	Image    string   `json:"image"`
	Timeout  int      `json:"timeout"`
	Needed   int      `json:"needed_seconds"`
	Files    []string `json:"files"`
	Binary   string   `json:"binary"`
	Tests    int      `json:"tests"`
}

func runBundlePrairieLearn(cmd *cobra.Command, a *app, config string, loaded grader.LoadedAssignment, opts bundlePLOptions) error {
	asg := loaded.Assignment
	switch opts.submit {
	case "upload", "editor":
	default:
		return usageErrorf("--submit %q: expected upload or editor", opts.submit)
	}
	binary, err := bundleBinary(opts.binary)
	if err != nil {
		return err
	}
	// Prove the key once here, so that no job spends optimal.verify on
	// every test.
	keyTests, tests, err := proveKey(cmd.Context(), a, asg)
	if err != nil {
		return err
	}
	// The key is proved here, on this copy of the puzzle set, but read in
	// /grade/tests: the fingerprint is that of the assignment there.
	there, err := loaded.Rebased(scaffold.PrairieLearnTests)
	if err != nil {
		return usageErrorf("%v", err)
	}
	var prepared bytes.Buffer
	if err := batch.WritePrepared(&prepared, batch.NewPrepared(there, keyTests, tests)); err != nil {
		return inputError(err)
	}
	b, err := scaffold.NewPrairieLearnBundle(config, asg, scaffold.PrairieLearnOptions{
		BaseImage: opts.baseImage, Image: opts.image, Question: opts.question, Submit: opts.submit,
		Binary: binary, Prepared: prepared.Bytes(), KpuzzleVersion: buildVersion(), GoVersion: runtime.Version(),
	})
	if err != nil {
		var ce *grader.ConfigError
		if errors.As(err, &ce) {
			return usageErrorf("%s: %v", config, err)
		}
		return usageErrorf("%v", err)
	}
	if err := b.WriteDir(opts.out); err != nil {
		return inputError(err)
	}
	if b.Needed > b.Timeout {
		fmt.Fprintf(a.errOut, "kpuzzle: warning: the tests a job runs may take %d s one after another, but PrairieLearn stops a job after %d s: use fewer tests or a shorter run.wall_time\n",
			b.Needed, scaffold.PrairieLearnMaxTimeout)
	}
	if a.json {
		return writeJSON(a.out, bundlePLJSON{Out: opts.out, Question: b.Question, Image: b.Image, Timeout: b.Timeout, Needed: b.Needed,
			Files: b.Names(), Binary: binary, Tests: b.Tests})
	}
	fmt.Fprintf(a.out, "wrote %s: questions/%s (the assignment with %d tests, timeout %d s) and the Dockerfile of the image %s\n",
		opts.out, b.Question, b.Tests, b.Timeout, b.Image)
	fmt.Fprintf(a.out, "build and push the image and copy the question into the course as %s/README.md says\n", opts.out)
	return nil
}
