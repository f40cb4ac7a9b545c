// Package signals says which signals end a run, and keeps a closed
// standard output from ending it.
package signals

import (
	"os"
	"os/signal"
	"syscall"
)

// DropBrokenPipes makes a write to a stdout or stderr whose reader has
// gone (-stats | head -c 10) fail with EPIPE, which fmt and log ignore,
// instead of killing the process with SIGPIPE, as Go does for
// descriptors 1 and 2 unless SIGPIPE is notified (os/signal, "SIGPIPE").
// The run goes on and writes its files. Notify rather than Ignore, since
// an ignored signal stays ignored in child processes, which then could
// not die of a broken pipe themselves. stop undoes it.
func DropBrokenPipes() (stop func()) {
	c := make(chan os.Signal, 1) // never read: signal does not block on a full channel
	signal.Notify(c, syscall.SIGPIPE)
	return func() { signal.Stop(c) }
}
