package main

import (
	"errors"
	"fmt"
	"github.com/kpuzzle/kpuzzle/grader"
	"github.com/kpuzzle/kpuzzle/puzzles/suggest"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/kpuzzle/kpuzzle/puzzles"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// version is set at link time (-ldflags "-X main.version=v1.2.3"); when it
// is not, the module version from the build information is used.
var version = ""

func buildVersion() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "dev"
}

// app is what every command shares: the streams, the colour decision, the
// global flags and the one viper instance of the process.
type app struct {
	in     io.Reader
	out    io.Writer
	errOut io.Writer
	// isTerminal reports whether out is a terminal; colour is used only
	// then.
	isTerminal bool

	json       bool
	noColor    bool
	configFile string
	// root is the command tree, for suggestions.
	root *cobra.Command
	// sources says where the value of each flag the user did not type
	// came from: "KPUZZLE_ALGO" or "kpuzzle.yaml, key solve.algo".
	sources map[string]string

	v *viper.Viper
	// paint is the palette for out, decided once per run.
	paint palette
}

// run executes the command line args and returns the process exit code.
func run(args []string, in io.Reader, out, errOut io.Writer) int {
	a := &app{in: in, out: out, errOut: errOut, v: viper.New()}
	if err := refuseInsideRun(args); err != nil {
		a.json = slices.Contains(args, "--json")
		return a.exit(err)
	}
	if f, ok := out.(*os.File); ok {
		a.isTerminal = isTerminal(f)
	}
	root := newRootCmd(a)
	a.root = root
	root.SetArgs(args)
	root.SetIn(in)
	root.SetOut(out)
	root.SetErr(errOut)
	err := root.Execute()
	return a.exit(err)
}

// exit turns the error a command returned into an exit code, printing the
// one-line message where there is one: on stderr, and with --json also as
// one JSON object on stdout, {"error": {"message", "file", "line"}}, so
// that a script always gets JSON. A message that names a flag whose value
// came from the environment or a configuration file says so.
func (a *app) exit(err error) int {
	if err == nil {
		return exitOK
	}
	code := exitUsage
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
		if ee.err == nil {
			return code
		}
		err = ee.err
	}
	msg := strings.Join(strings.Fields(err.Error()), " ")
	msg = a.withSources(a.suggestCommand(msg))
	fmt.Fprintf(a.errOut, "kpuzzle: %s\n", msg)
	if a.json {
		e := jsonError{Message: msg}
		var pe *puzzles.ParseError
		if errors.As(err, &pe) {
			if pe.File != "" {
				e.File = &pe.File
			}
			if pe.Line > 0 {
				e.Line = &pe.Line
			}
		}
		_ = writeJSON(a.out, struct {
			Error jsonError `json:"error"`
		}{e})
	}
	return code
}

// suggestCommand rewrites cobra's "unknown command" error as one line
// with the closest command.
func (a *app) suggestCommand(msg string) string {
	rest, ok := strings.CutPrefix(msg, `unknown command "`)
	if !ok || a.root == nil {
		return msg
	}
	name, _, _ := strings.Cut(rest, `"`)
	var names []string
	for _, c := range a.root.Commands() {
		if !c.Hidden {
			names = append(names, c.Name())
		}
	}
	return fmt.Sprintf("unknown command %q; see kpuzzle --help%s", name, suggest.Phrase(name, names))
}

// jsonError is an error as --json prints it; file and line are null when
// the error is not about a place in a file.
type jsonError struct {
	Message string  `json:"message"`
	File    *string `json:"file"`
	Line    *int    `json:"line"`
}

// withSources annotates each --flag the message names whose value came
// from the environment or a configuration file: a bad value is then
// traced to where it was written, not to a flag the user never typed.
func (a *app) withSources(msg string) string {
	for name, src := range a.sources {
		flag := "--" + name
		i := strings.Index(msg, flag)
		if i < 0 {
			continue
		}
		end := i + len(flag)
		if end < len(msg) && (msg[end] == '-' || unicode.IsLetter(rune(msg[end])) || unicode.IsDigit(rune(msg[end]))) {
			continue // another flag, such as --goal-file
		}
		msg = msg[:end] + " (from " + src + ")" + msg[end:]
	}
	return msg
}

func newRootCmd(a *app) *cobra.Command {
	root := &cobra.Command{
		Use:   "kpuzzle",
		Short: "Autograder and course toolkit for the sliding-tile puzzle",
		Long: `kpuzzle grades sliding-tile puzzle assignments (8-, 15-, 24-puzzle and
rectangular boards): it checks answers for legality and optimality, solves
puzzles with every algorithm and heuristic an AI course teaches, audits
heuristic claims and generates puzzle sets with answer keys.

Exit codes: 0 success, 1 the check ran and found a problem,
2 bad invocation or unreadable input.`,
		Version:       buildVersion(),
		SilenceErrors: true,
		SilenceUsage:  true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			return a.configure(cmd)
		},
	}
	root.SetVersionTemplate("kpuzzle {{.Version}}\n")
	pf := root.PersistentFlags()
	pf.BoolVar(&a.json, "json", false, "print one JSON object on stdout instead of human output")
	pf.BoolVar(&a.noColor, "no-color", false, "never colour the output (NO_COLOR is respected too)")
	pf.StringVar(&a.configFile, "config", "", "configuration file (default ./kpuzzle.yaml when present)")
	root.DisableSuggestions = true // exit suggests, on one line
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		msg := flagError(err)
		if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
			var names []string
			c.Flags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
			msg += strings.ReplaceAll(suggest.Phrase(name, names), "mean ", "mean --")
		}
		return usageErrorf("%s", msg)
	})

	for _, newCmd := range []func(*app) *cobra.Command{
		newSolvableCmd,
		newShowCmd,
		newApplyCmd,
		newGenCmd,
		newSetsCmd,
		newDemoCmd,
		newCheckCmd,
		newGradeCmd,
		newPdbCmd,
		newBenchCmd,
		newReplayCmd,
		newPageCmd,
		newAuditCmd,
		newSolveCmd,
		newInitCmd,
		newBundleCmd,
		newSandboxCmd,
	} {
		root.AddCommand(newCmd(a))
	}
	registerCompletions(root)
	return root
}

// configure loads the configuration file and environment into the one
// viper instance and copies every value the user did not give as a flag
// into the flag, so that flags override the environment, which overrides
// the file. A key "solve.timeout" applies to the solve command only; a key
// "timeout" to every command with that flag.
func (a *app) configure(cmd *cobra.Command) error {
	// The environment is read below for the flags, and by
	// grader.LoadAssignment for an assignment's keys: viper holds the
	// file alone.
	v := a.v
	if a.configFile != "" {
		v.SetConfigFile(a.configFile)
		if err := v.ReadInConfig(); err != nil {
			return configFileError(a.configFile, err)
		}
	} else if name := defaultConfigFile(); name != "" {
		// Only these exact names: viper's own search would also take a
		// file called just "kpuzzle" — the binary itself after go build.
		v.SetConfigFile(name)
		if err := v.ReadInConfig(); err != nil {
			return configFileError(name, err)
		}
	}
	if err := checkConfigKeys(v, cmd.Root(), v.ConfigFileUsed()); err != nil {
		return err
	}
	// One precedence for every flag: the flag as typed, then the
	// environment (KPUZZLE_SOLVE_ALGO, then KPUZZLE_ALGO), then the
	// configuration file (solve.algo, then algo), then the default.
	a.sources = map[string]string{}
	var firstErr error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Changed || firstErr != nil || f.Name == "config" || f.Name == "help" || f.Name == "version" {
			return
		}
		env := strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		for _, name := range []string{"KPUZZLE_" + strings.ToUpper(cmd.Name()) + "_" + env, "KPUZZLE_" + env} {
			if val, ok := os.LookupEnv(name); ok {
				if err := f.Value.Set(val); err != nil {
					firstErr = usageErrorf("--%s %s", f.Name, flagValueMessage(f, val, err)) // withSources names the variable
				}
				a.sources[f.Name] = "the environment variable " + name
				return
			}
		}
		keys := []string{cmd.Name() + "." + f.Name, f.Name}
		if alias, ok := configAliases[f.Name]; ok {
			keys = append(keys, alias)
		}
		for _, key := range keys {
			if !v.InConfig(key) {
				continue
			}
			src := fmt.Sprintf("%s, key %s", v.ConfigFileUsed(), key)
			if err := setFlagFromConfig(f, v.Get(key)); err != nil {
				firstErr = usageErrorf("--%s %s", f.Name, flagValueMessage(f, configText(v.Get(key)), err)) // withSources names the key
			}
			a.sources[f.Name] = src
			return
		}
	})
	if firstErr != nil {
		return firstErr
	}
	a.paint = newPalette(a.isTerminal && !a.noColor && os.Getenv("NO_COLOR") == "")
	return nil
}

// configAliases are the further configuration keys a flag is read from,
// after its own: the assignment's answer.format sets --answer-format of
// check, replay and apply too.
var configAliases = map[string]string{"answer-format": "answer.format"}

// defaultConfigFile is kpuzzle.yaml (or kpuzzle.yml) in the working
// directory, or "" when there is none.
func defaultConfigFile() string {
	for _, name := range []string{"kpuzzle.yaml", "kpuzzle.yml"} {
		if st, err := os.Stat(name); err == nil && !st.IsDir() {
			return name
		}
	}
	return ""
}

// configText is a configuration value as the user wrote it, for messages.
func configText(val any) string {
	if f, ok := val.(float64); ok {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return fmt.Sprint(val)
}

func setFlagFromConfig(f *pflag.Flag, val any) error {
	switch x := val.(type) {
	case []any:
		parts := make([]string, len(x))
		for i, p := range x {
			parts[i] = fmt.Sprint(p)
		}
		return f.Value.Set(strings.Join(parts, ","))
	case []string:
		return f.Value.Set(strings.Join(x, ","))
	}
	return f.Value.Set(fmt.Sprint(val))
}

// puzzleFlags are the flags of every command that reads puzzles.
type puzzleFlags struct {
	goal  string
	moves string
	// blank and shape describe a course's puzzle notation, for the
	// commands that read one puzzle file (registerReading).
	blank string
	shape string
}

// registerReading adds the flags of a course's puzzle notation, for the
// commands that read a puzzle file.
func (p *puzzleFlags) registerReading(fs *pflag.FlagSet) {
	fs.StringVar(&p.blank, "blank", "", "one more word read as the blank in puzzle files (0, _, b, x and * always are)")
	fs.StringVar(&p.shape, "shape", "", "the board's shape RxC, for a puzzle written on one line (default: inferred; one line must then be a square board)")
}

// readOptions resolves --blank and --shape.
func (p *puzzleFlags) readOptions() (puzzles.ReadOptions, error) {
	o := puzzles.ReadOptions{Blank: p.blank}
	if p.shape != "" {
		s, err := puzzles.ParseShape(p.shape)
		if err != nil {
			return o, usageErrorf("--shape: %v", err)
		}
		o.Shape = s
	}
	if err := o.Validate(); err != nil {
		return o, usageErrorf("--blank: %v", err)
	}
	return o, nil
}

func (p *puzzleFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&p.goal, "goal", "", "goal: "+puzzles.GoalChoicesDescribed()+" (default: default, or the set's own goal for set:NAME/ID puzzles)")
	fs.StringVar(&p.moves, "moves", "tile", "move convention: tile (the token names where the tile moves) or blank (where the blank moves)")
}

// goalFor resolves the --goal flag for a puzzle of shape s.
func (p *puzzleFlags) goalFor(s puzzles.Shape) (puzzles.Goal, error) {
	g, err := puzzles.ResolveGoal(p.goal, "", s)
	switch {
	case errors.Is(err, puzzles.ErrUnknownGoal):
		return puzzles.Goal{}, usageErrorf("--%v", err)
	case errors.Is(err, puzzles.ErrGoalShape):
		return puzzles.Goal{}, usageErrorf("%v", err)
	case err != nil:
		return puzzles.Goal{}, inputError(err)
	}
	return g, nil
}

// convention resolves the --moves flag.
func (p *puzzleFlags) convention() (puzzles.Convention, error) {
	c, err := puzzles.ParseConvention(p.moves)
	if err != nil {
		return 0, usageErrorf("--moves: %v", err)
	}
	return c, nil
}

// readPuzzle reads a puzzle file ("-" for stdin, or set:NAME/ID for an
// instance of a shipped set) and its goal. A set instance is posed against
// the set's own goal unless --goal says otherwise.
func (a *app) readPuzzle(path string, pf *puzzleFlags) (puzzles.Board, puzzles.Goal, error) {
	var b puzzles.Board
	goalName := pf.goal
	ro, err := pf.readOptions()
	if err != nil {
		return puzzles.Board{}, puzzles.Goal{}, err
	}
	switch {
	case path == "-":
		b, _, err = puzzles.ParseBoardOptions(a.in, "<stdin>", ro)
	case strings.HasPrefix(path, puzzles.SetRefPrefix):
		var set puzzles.Set
		set, b, err = puzzles.LookupInstance(strings.TrimPrefix(path, puzzles.SetRefPrefix))
		if goalName == "" {
			goalName = set.GoalName
		}
	default:
		b, err = puzzles.ReadBoardFileOptions(path, ro)
	}
	if err != nil {
		return puzzles.Board{}, puzzles.Goal{}, inputError(err)
	}
	resolved := *pf
	resolved.goal = goalName
	g, err := resolved.goalFor(b.Shape())
	if err != nil {
		return puzzles.Board{}, puzzles.Goal{}, err
	}
	return b, g, nil
}

// checkConfigKeys rejects every key of the configuration file (named file
// in errors; "" means there is none) that no command reads: a top-level
// flag name (it applies to every command with that flag), a command's
// name with one of its flags below it, or an assignment key (kpuzzle
// grade reads the assignment from the same file), which the grader
// validates (grader.CheckAssignmentKey).
func checkConfigKeys(v *viper.Viper, root *cobra.Command, file string) error {
	if file == "" {
		return nil
	}
	flags := map[string]bool{}
	perCommand := map[string]map[string]bool{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		own := map[string]bool{}
		add := func(f *pflag.Flag) { own[f.Name], flags[f.Name] = true, true }
		c.Flags().VisitAll(add)
		c.PersistentFlags().VisitAll(add)
		c.InheritedFlags().VisitAll(add)
		perCommand[c.Name()] = own
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	sections := grader.AssignmentSections()
	var known []string
	for f := range flags {
		known = append(known, f)
	}
	for c := range perCommand {
		known = append(known, c)
	}
	known = append(known, sections...)
	keys := v.AllKeys()
	sort.Strings(keys)
	for _, key := range keys {
		if !v.InConfig(key) {
			continue
		}
		top, rest, nested := strings.Cut(key, ".")
		switch {
		case !nested && flags[key]:
			continue
		case nested && perCommand[top][rest]:
			// A command's flag (also under a name an assignment section
			// shares: the pdb build command and build.*).
			continue
		case nested && perCommand[top] != nil && !slices.Contains(sections, top):
			var names []string
			for f := range perCommand[top] {
				names = append(names, f)
			}
			sort.Strings(names)
			for i, n := range names {
				names[i] = top + "." + n
			}
			return usageErrorf("%s: %v", file, grader.UnknownKey(key, fmt.Sprintf("a flag of kpuzzle %s (see kpuzzle %s --help)", top, top), names))
		case slices.Contains(sections, top):
			if err := grader.CheckAssignmentKey(key); err != nil {
				return usageErrorf("%s: %v", file, err)
			}
			continue
		}
		sort.Strings(known)
		return usageErrorf("%s: %v", file, &grader.ConfigError{Key: key, Unknown: true, Msg: "expected a command's name or a flag name" + suggest.Phrase(top, known)})
	}
	return nil
}
