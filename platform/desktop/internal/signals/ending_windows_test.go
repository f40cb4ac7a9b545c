package signals

import (
	"os"
	"slices"
	"syscall"
	"testing"
)

// Ctrl+C and Ctrl+Break arrive as os.Interrupt and a closed console, a
// log-off or a shutdown as SIGTERM (os/signal's Windows notes): a run
// stops cleanly on both. (Sending Ctrl+Break to a child needs a console,
// which Wine's test runs have none of.)
func TestEndingIsCtrlCAndAClosedConsole(t *testing.T) {
	got := Ending()
	if !slices.Contains(got, os.Interrupt) || !slices.Contains(got, os.Signal(syscall.SIGTERM)) {
		t.Fatalf("Ending() = %v, want os.Interrupt (Ctrl+C, Ctrl+Break) and SIGTERM (console closed, log off, shutdown)", got)
	}
}
