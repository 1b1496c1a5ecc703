package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"

	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/grader/scaffold"
	"github.com/spf13/cobra"
)

func newBundleCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bundle",
		Short: "Package an assignment for a course platform (Gradescope, PrairieLearn)",
	}
	cmd.AddCommand(newBundleGradescopeCmd(a), newBundlePrairieLearnCmd(a))
	return cmd
}

type bundleOptions struct {
	out    string
	binary string
	probe  bool
}

func newBundleGradescopeCmd(a *app) *cobra.Command {
	var opts bundleOptions
	cmd := &cobra.Command{
		Use:   "gradescope [ASSIGNMENT.yaml] --out autograder.zip",
		Short: "Zip an assignment as a Gradescope autograder",
		Long: `Zip the assignment (default ./assignment.yaml, or --config) as a Gradescope
autograder: setup.sh and run_autograder at the root of the zip, the
assignment file as assignment.yaml, its puzzle set (and goal file and
feedback template, if any) at the same relative paths, and a Linux x86-64
kpuzzle binary, which is what Gradescope's images run.

setup.sh and run_autograder are the assignment folder's gradescope/ files
when it has them (kpuzzle init writes them), otherwise the built-in ones
for the language the run command names. run_autograder runs kpuzzle grade
on /autograder/submission and writes /autograder/results/results.json.

The binary is this kpuzzle when it is a linux/amd64 build, otherwise the
one given with --binary (build it with
GOOS=linux GOARCH=amd64 go build github.com/kpuzzle/kpuzzle/cmd/kpuzzle).
The zip is the same byte for byte for the same files.

--probe writes the sandbox-probe autograder instead: the same files and
KPUZZLE-SANDBOX-PROBE, which makes run_autograder grade nothing and show,
for any submission, what a submission can see and do in Gradescope's
container (kpuzzle sandbox probe). Upload it to an assignment of its own
that students cannot see. Only this upload turns the probe on: a
student's file of that name is graded like any other.`,
		Example: `  kpuzzle bundle gradescope hw2/assignment.yaml --out hw2-autograder.zip
  kpuzzle bundle gradescope hw2/assignment.yaml --probe --out hw2-probe-autograder.zip
  kpuzzle bundle gradescope --config assignment.yaml --binary ./kpuzzle-linux-amd64 --out autograder.zip`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.out == "" {
				return usageErrorf("--out FILE.zip is required")
			}
			config := a.v.ConfigFileUsed()
			switch {
			case len(args) == 1:
				config = args[0]
			case config == "":
				config = "assignment.yaml"
			}
			if config != a.v.ConfigFileUsed() {
				if _, err := os.Stat(config); err != nil {
					return inputError(err)
				}
				a.v.SetConfigFile(config)
				if err := a.v.ReadInConfig(); err != nil {
					return usageErrorf("%s: %v", config, err)
				}
			}
			asg, err := loadAssignment(a, cmd, &gradeOptions{})
			if err != nil {
				return err
			}
			return runBundleGradescope(a, config, asg, opts)
		},
	}
	cmd.Flags().StringVar(&opts.out, "out", "autograder.zip", "the zip file to write")
	cmd.Flags().StringVar(&opts.binary, "binary", "", "the linux/amd64 kpuzzle binary to ship (default: this one, when it is such a build)")
	cmd.Flags().BoolVar(&opts.probe, "probe", false, "write the sandbox-probe autograder: it grades nothing and shows what a submission can see and do on Gradescope")
	return cmd
}

type bundleJSON struct {
	Out    string   `json:"out"`
	Files  []string `json:"files"`
	Binary string   `json:"binary"`
	Tests  int      `json:"tests"`
	Probe  bool     `json:"probe,omitempty"`
}

func runBundleGradescope(a *app, config string, asg grader.Assignment, opts bundleOptions) error {
	binary, err := bundleBinary(opts.binary)
	if err != nil {
		return err
	}
	b, err := scaffold.GradescopeBundle(config, asg, binary, buildVersion(), runtime.Version())
	if err != nil {
		var ce *grader.ConfigError
		if errors.As(err, &ce) {
			return usageErrorf("%s: %v", config, err)
		}
		return inputError(err)
	}
	if opts.probe {
		if err := b.AddSandboxProbe(asg.Name, buildVersion()); err != nil {
			return usageErrorf("%s: %v", config, err)
		}
	}
	for _, w := range b.Warnings {
		fmt.Fprintf(a.errOut, "kpuzzle: warning: %s\n", w)
	}
	if err := b.WriteZip(opts.out); err != nil {
		return inputError(fmt.Errorf("write %s: %w", opts.out, err))
	}
	if a.json {
		return writeJSON(a.out, bundleJSON{Out: opts.out, Files: b.Names(), Binary: binary, Tests: b.Tests, Probe: opts.probe})
	}
	if opts.probe {
		fmt.Fprintf(a.out, "wrote %s: the sandbox-probe autograder (setup.sh, run_autograder, the assignment, %s and kpuzzle %s for linux/amd64)\n",
			opts.out, scaffold.SandboxProbeFile, buildVersion())
		fmt.Fprintln(a.out, "upload it as the autograder of a Gradescope assignment of its own that students cannot see, and submit any file: its results are the probe's checks (see docs/instructors.md)")
		return nil
	}
	fmt.Fprintf(a.out, "wrote %s: setup.sh, run_autograder, the assignment with %d tests, %d files in all and kpuzzle %s for linux/amd64\n",
		opts.out, b.Tests, len(b.Files), buildVersion())
	fmt.Fprintln(a.out, "upload it as the autograder of a Gradescope programming assignment (see docs/instructors.md)")
	return nil
}

// bundleBinary is the kpuzzle binary to ship: --binary, checked to be a
// Linux x86-64 executable, or this program when it is one.
func bundleBinary(given string) (string, error) {
	if given == "" {
		if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
			return "", usageErrorf("this kpuzzle is a %s/%s build, but Gradescope runs linux/amd64: build one with GOOS=linux GOARCH=amd64 go build github.com/kpuzzle/kpuzzle/cmd/kpuzzle and pass it with --binary", runtime.GOOS, runtime.GOARCH)
		}
		self, err := os.Executable()
		if err != nil {
			return "", usageErrorf("cannot find this program's file (%v); pass a linux/amd64 kpuzzle with --binary", err)
		}
		given = self
	}
	if err := scaffold.CheckLinuxBinary(given); err != nil {
		if errors.Is(err, scaffold.ErrNotLinuxBinary) {
			return "", usageErrorf("--binary %v", err)
		}
		return "", inputError(err)
	}
	return given, nil
}
