//go:build unix

package audio

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// openFile opens a sound file without waiting: a FIFO's open would block
// until something writes to it, where no signal can end the wait. Sounds
// are seeked (their headers are read, then their samples; streams
// rewind), so only a regular file will do.
func openFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("audio: %w", err)
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file (a %v): sounds are read from files; save it to one first", path, fi.Mode().Type())
	}
	if err == nil {
		var rc syscall.RawConn
		if rc, err = f.SyscallConn(); err == nil {
			cerr := rc.Control(func(fd uintptr) { err = syscall.SetNonblock(int(fd), false) })
			err = errors.Join(cerr, err)
		}
	}
	if err != nil {
		return nil, errors.Join(fmt.Errorf("audio: %w", err), f.Close())
	}
	return f, nil
}
