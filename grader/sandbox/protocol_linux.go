package sandbox

// File descriptors of the helper: the parent writes one helperConfig as
// JSON to configFD and closes it; the helper writes one helperStatus as
// JSON to statusFD just before it exits.
const (
	configFD = 3
	statusFD = 4
)

// helperConfig is everything the helper needs; paths are absolute, clean
// and free of symbolic links.
type helperConfig struct {
	// Probe asks the helper to set up its namespaces and mounts, report,
	// and exit without starting a program.
	Probe bool `json:"probe,omitempty"`
	// Namespaces says the helper runs as init of new namespaces and must
	// set up its mounts; otherwise it runs as a subreaper on the host.
	Namespaces bool `json:"namespaces"`
	// Network says the program gets no network: without namespaces the
	// seccomp filter then refuses every socket but Unix ones.
	Network bool `json:"network"`
	// Inspect, when set, asks the helper to look around as the program
	// would (same mounts, uid, filter) instead of starting a program.
	Inspect *inspectRequest `json:"inspect,omitempty"`

	Argv     []string `json:"argv"`
	Env      []string `json:"env"`
	Dir      string   `json:"dir"`
	Conceal  []string `json:"hide,omitempty"`
	ReadOnly []string `json:"read_only,omitempty"`

	// UID and GID are the credentials of the program as the helper sees
	// them; -1 keeps the helper's own.
	UID int `json:"uid"`
	GID int `json:"gid"`

	// DirBytes, with Namespaces, makes Dir a tmpfs of that size (and
	// DirBytes/4096 inodes) inside the namespace: its contents are copied
	// in before the program starts and back to the host's Dir once every
	// process is gone.
	DirBytes int64 `json:"dir_bytes,omitempty"`

	Rlimits rlimits `json:"rlimits"`
	// ExtraProcs says how to adjust RLIMIT_NPROC for processes that share
	// the program's count but are not the program's: "helper" adds one
	// (the helper has the program's uid), "host" adds the number of tasks
	// the uid already has on the host (no user namespace).
	ExtraProcs string `json:"extra_procs,omitempty"`
}

// rlimits are the resource limits of the program (soft = hard except for
// CPU, whose hard limit is one second above the soft one).
type rlimits struct {
	AddressSpace uint64 `json:"as"`
	CPUSeconds   uint64 `json:"cpu"`
	Processes    uint64 `json:"nproc"`
	FileSize     uint64 `json:"fsize"`
	OpenFiles    uint64 `json:"nofile"`
}

// helperStatus is the helper's report.
type helperStatus struct {
	// SetupErr is a failure of the sandbox itself.
	SetupErr string `json:"setup_err,omitempty"`
	// StartErr is a failure to start the program; StartErrno is its errno
	// (0 if it was not a system call failure) and NotFound says Argv[0]
	// was not found in PATH.
	StartErr   string `json:"start_err,omitempty"`
	StartErrno int    `json:"start_errno,omitempty"`
	NotFound   bool   `json:"not_found,omitempty"`

	Exited   bool `json:"exited"`
	ExitCode int  `json:"exit_code"`
	Signal   int  `json:"signal"`

	// CPUNanos and MaxRSS cover every process the helper reaped.
	CPUNanos int64 `json:"cpu_ns"`
	MaxRSS   int64 `json:"max_rss"`
	// XCPU and XFSZ say some reaped process died of SIGXCPU or SIGXFSZ.
	XCPU bool `json:"xcpu,omitempty"`
	XFSZ bool `json:"xfsz,omitempty"`

	// DirFull says the tmpfs of DirBytes was full when the program had
	// ended; DirUsed is what it held. CopyOutErr is a failure to copy
	// it back to the host, CopyOutNoSpace that the host had no room.
	DirFull        bool   `json:"dir_full,omitempty"`
	DirUsed        int64  `json:"dir_used,omitempty"`
	CopyOutErr     string `json:"copy_out_err,omitempty"`
	CopyOutNoSpace bool   `json:"copy_out_no_space,omitempty"`

	// Executions are the programs the run executed, as the supervisor
	// saw them (at most maxExecutions; ExecutionsMore counts the rest);
	// WatchErr says why they were not watched.
	Executions     []Execution `json:"executions,omitempty"`
	ExecutionsMore int         `json:"executions_more,omitempty"`
	WatchErr       string      `json:"watch_err,omitempty"`

	// Checks are the findings of an inspection.
	Checks []Check `json:"checks,omitempty"`
}
