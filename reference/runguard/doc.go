// Package runguard makes the reference solver refuse to work inside a
// kpuzzle sandbox run.
//
// kpuzzle is public, so a student can build or download it and ship it
// with a submission, or call a copy that lies readable on the grading
// machine. Every entry point that can hand out an answer, an optimal
// length or a key (the commands solve, check, gen, sets, bench, audit and
// pdb, and the library functions reference.Solve, reference.ProveOptimal,
// Prover.Prove, setgen.Generate, pdb.BuildTable, pdb.OpenPartition,
// exact.Build and bench.Run) calls Check first and fails with an error
// wrapping ErrInsideRun when it runs inside a grading run.
//
// Inside is decided from properties a process of the run cannot shed:
//
//   - its real, effective or saved user ID lies in the run range
//     (FirstRunUID .. FirstRunUID+RunUIDs-1), which a grader running as root
//     gives every run, at every isolation level and in the Gradescope
//     container; a process cannot change its uids without privileges;
//   - its host name is Hostname, which the sandbox's helper sets in the
//     run's own UTS namespace (namespace isolation, whoever the grader
//     runs as); changing it needs CAP_SYS_ADMIN in the namespace's user
//     namespace, which the run does not have, and the sandbox's seccomp
//     filter denies the new namespaces that could give it one.
//
// Neither is an environment variable, a file or an argument the program
// controls. The guard fails closed: when getresuid or uname fails, or
// answers what the kernel never answers (a seccomp filter can make a call
// fail, or return 0 without running it), the process counts as inside a
// run; the sandbox's own filter also denies the program seccomp(2) and
// prctl(PR_SET_SECCOMP), so that it cannot install such a filter. A copy built from modified source skips the check, and a
// grader that runs as an ordinary user without namespaces gives its runs
// its own uid and host name, so nothing marks them: docs/security.md says
// what remains.
//
// When Check refuses, it also tells the grader, through the run's report
// socket (ReportSocket) when one exists, so that a refusal the student's
// program hides from its output is still recorded.
package runguard
