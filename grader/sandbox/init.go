package sandbox

import (
	"os"
	"sync/atomic"
)

// The helper is this same binary, re-executed by Run with argv[0] set to
// helperArgv0 and helperEnv=helperMagic as its only environment variable.
// Both must match, so that neither a stray environment variable nor an odd
// argv[0] alone turns a normal start into a helper.
const (
	helperArgv0 = "kpuzzle-sandbox-helper"
	helperEnv   = "KPUZZLE_SANDBOX_HELPER"
	helperMagic = "9f1c3e7a-sandbox-helper-v1"
)

// initCalled records that Init ran in this process and returned, which is
// what makes re-executing /proc/self/exe as a helper safe: the helper will
// divert into the sandbox code instead of running the program's main.
var initCalled atomic.Bool

// Init must be called first thing in main, before flags are parsed or any
// work is done (and, in tests that run programs through the sandbox, first
// thing in TestMain; see package sandboxtest). If the process was started
// by Run as a sandbox helper, Init does the helper's work and exits the
// process without returning. Otherwise it returns at once, having recorded
// that the hook is in place; Run refuses to work (ErrNoInit) until it has.
func Init() {
	if isHelper() {
		os.Exit(helperMain())
	}
	if isUIDProbe() {
		os.Exit(uidProbeMain())
	}
	initCalled.Store(true)
}

func isHelper() bool {
	return len(os.Args) > 0 && os.Args[0] == helperArgv0 && os.Getenv(helperEnv) == helperMagic
}
