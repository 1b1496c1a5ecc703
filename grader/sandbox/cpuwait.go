package sandbox

import "time"

// CPUWait is how long the processes of a run waited for a processor: the
// kernel's count of the time each task (thread) spent runnable but not
// running (run_delay in /proc/PID/task/TID/schedstat), summed over every
// task of the run's process tree. A program that had its core the whole
// time, or slept, waited next to nothing; one slowed by other programs
// beside it waited about as long as it was slowed.
//
// Run reads the tree every WaitInterval and once more at the moment the
// wall-time limit is reached, before the tree is killed, so the tasks
// still alive then are counted exactly. A task that began and ended
// between two readings is not seen at all, and one that ended after its
// last reading is counted as it was then: Seen says how much of the
// run's CPU time the readings covered, and Unaccounted bounds what they
// may have missed by the CPU time they did not see.
type CPUWait struct {
	// Waited is the time the tasks seen waited for a CPU, each at its
	// last reading.
	Waited time.Duration
	// Seen is those tasks' CPU time at their last reading.
	Seen time.Duration
	// Tasks counts the tasks seen; Readings the readings of the tree.
	Tasks, Readings int
}

// WaitInterval is how often Run reads the waiting time of a run's tasks.
const WaitInterval = 100 * time.Millisecond

// Unaccounted is the time load may have taken from a run whose processes
// used cpu of CPU time in all (Result.CPU): the wait counted, plus the CPU
// time of tasks the readings did not see (they came and went between two
// readings, so how long they waited is unknown; a run that forks many
// short-lived processes is therefore taken to have waited).
func (w CPUWait) Unaccounted(cpu time.Duration) time.Duration {
	return w.Waited + max(0, cpu-w.Seen)
}
