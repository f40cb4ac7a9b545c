package signals

import (
	"os"
	"syscall"
)

// Ending returns the signals on which a run stops cleanly, writing all its
// outputs as when its window is closed. On Windows, os.Interrupt is
// Ctrl+C and Ctrl+Break in the console, and syscall.SIGTERM is the
// console window closed, the user logging off or the system shutting
// down: Go then holds Windows' handler until the run exits, and Windows
// gives it about 5 seconds (20 at shutdown) before ending the process,
// which is enough to write a summary or a recording. There is no SIGHUP
// or SIGQUIT on Windows. A game built as a GUI program (-H windowsgui)
// has no console: its window's close button is its end, as on Linux.
func Ending() []os.Signal {
	return []os.Signal{os.Interrupt, syscall.SIGTERM}
}
