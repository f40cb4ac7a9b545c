//go:build unix

package output

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// OpenRegular opens a file a program reads as a whole and seeks in (a
// sound, an image, a font) without waiting, and refuses it unless it is a
// regular file: a FIFO's open would block until something writes to it,
// where no signal can end the wait, and a device such as /dev/zero never
// ends.
func OpenRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file (a %v): save what it holds to a file, and give that", path, fi.Mode().Type())
	}
	if err == nil { // back to blocking, as os.Open leaves a regular file
		var rc syscall.RawConn
		if rc, err = f.SyscallConn(); err == nil {
			cerr := rc.Control(func(fd uintptr) { err = syscall.SetNonblock(int(fd), false) })
			err = errors.Join(cerr, err)
		}
	}
	if err != nil {
		return nil, errors.Join(err, f.Close())
	}
	return f, nil
}
