// Package scaffold makes the folder of an assignment from the embedded
// templates, for kpuzzle init, demo and bundle and for programs of their
// own: the puzzle set with proven keys (public and hidden tests), the
// commented assignment.yaml, starter code in every [Language], the
// student handout, the Gradescope files, and a GitHub Classroom template
// repository.
//
// [New] generates the set and the [Data] the templates are rendered with;
// [Write] writes every [Part] of [Parts] into a folder. To add a file or
// folder to every assignment, add a Part to Parts: [Template] renders an
// embedded template (add the template under templates/assignment), and a
// Part's Write function writes anything else.
//
// It also assembles what kpuzzle bundle ships ([GradescopeBundle],
// [Bundle.WriteZip], the same bytes for the same files; the sandbox-probe
// autograder with [Bundle.AddSandboxProbe]) and the example
// submissions of kpuzzle demo ([WriteDemoSubmissions]).
package scaffold
