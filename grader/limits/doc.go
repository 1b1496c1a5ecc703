// Package limits is the one representation of the limits of a run of an
// untrusted program, and of how a run ended against them, shared by the assignment (package grader: the run.*
// and build.* keys) and the sandbox (package grader/sandbox, whose
// Spec.Limits is a Limits), and the one home of their defaults.
//
// It owns:
//
//   - the units an assignment writes limits in: [Duration] ("10s",
//     "1m30s" or a number of seconds) and [ByteSize] ("512MiB", "1G" or a
//     number of bytes), with their parsing, String and JSON forms;
//   - [Limits]: wall time, CPU time, memory, processes, output, disk, and
//     the file-size cap the sandbox sets (zero: the output cap), with the
//     assignment's key names as JSON names;
//   - the defaults: [RunDefaults] for a test (and any sandbox run whose
//     caller leaves a limit zero) and [BuildDefaults] for a build;
//     [Limits.WithDefaults] fills zero fields, a zero CPU time being the
//     wall time;
//   - how a run ended against them, [Ending] (exit status, the limits it
//     reached, its output and times): the sandbox's Result and the
//     grader's RunOutcome both embed it, so that the sandbox's
//     measurements reach the grader's judgement field for field;
//   - validation: [Limits.Validate] reports a negative limit, or one below
//     [Minimum], as a [FieldError] naming the field, which the grader turns
//     into an error naming the assignment key (run.memory) and the sandbox
//     into an error of Run.
//
// How each limit is enforced is the sandbox's business (see the Limits
// section of package sandbox); how a run that reached one is judged is the
// grader's. The package imports only the standard library, so that the
// browser checker, which links package grader, links neither the sandbox
// nor anything else through it.
package limits
