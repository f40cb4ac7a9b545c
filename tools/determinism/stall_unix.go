//go:build unix

package main

import (
	"os"
	"syscall"
	"time"
)

// stall stops p for d, as a debugger, a suspend or a swapped-out process
// would.
func stall(p *os.Process, d time.Duration) error {
	if err := p.Signal(syscall.SIGSTOP); err != nil {
		return err
	}
	time.Sleep(d)
	return p.Signal(syscall.SIGCONT)
}
