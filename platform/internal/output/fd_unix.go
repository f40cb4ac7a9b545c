//go:build unix

package output

import (
	"fmt"
	"os"
	"syscall"
)

// dupFD returns a new descriptor for this process's descriptor fd: it
// shares fd's offset, so what is written lands after what the process
// wrote there before, even in a regular file stdout was redirected to
// (opening /proc/self/fd/1 again would start at its beginning). A broken
// pipe on it gives EPIPE, not the SIGPIPE the runtime raises for fds 1
// and 2.
func dupFD(fd int, path string) (*os.File, error) {
	syscall.ForkLock.RLock() // as os/exec does: no child inherits it
	n, err := syscall.Dup(fd)
	if err == nil {
		syscall.CloseOnExec(n)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, fmt.Errorf("descriptor %d: %w", fd, err)
	}
	return os.NewFile(uintptr(n), path), nil
}
