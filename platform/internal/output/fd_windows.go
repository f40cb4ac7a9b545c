package output

import (
	"fmt"
	"os"

	"golang.org/x/sys/windows"
)

// dupFD returns a new handle for this process's standard stream fd (0, 1
// or 2, as /dev/stdin, /dev/stdout and /dev/stderr name them): it writes
// on after what the process wrote there before. Windows has no other
// descriptors a path can name.
func dupFD(fd int, path string) (*os.File, error) {
	var std *os.File
	switch fd {
	case 0:
		std = os.Stdin
	case 1:
		std = os.Stdout
	case 2:
		std = os.Stderr
	default:
		return nil, fmt.Errorf("descriptor %d: Windows names only the standard streams (0, 1, 2) by path", fd)
	}
	self := windows.CurrentProcess()
	var h windows.Handle
	if err := windows.DuplicateHandle(self, windows.Handle(std.Fd()), self, &h, 0, false, windows.DUPLICATE_SAME_ACCESS); err != nil {
		return nil, fmt.Errorf("descriptor %d: %w", fd, err)
	}
	return os.NewFile(uintptr(h), path), nil
}
