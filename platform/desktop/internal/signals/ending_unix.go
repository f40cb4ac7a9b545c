//go:build unix

package signals

import (
	"os"
	"syscall"
)

// Ending returns the signals on which a run stops cleanly, writing all its
// outputs as when its window is closed: SIGINT (Ctrl+C), SIGTERM (kill,
// shutdown) and SIGHUP (its terminal closed).
//
// SIGQUIT (Ctrl+\) is left to Go's default on purpose: it prints every
// goroutine's stack to stderr and exits with status 2, writing nothing,
// which is what it is for: seeing where a stuck run is stuck. SIGKILL
// cannot be caught; an output being written then stays a hidden
// temporary file (.NAME.*.tmp) beside its target, the target untouched.
func Ending() []os.Signal {
	return []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}
}
