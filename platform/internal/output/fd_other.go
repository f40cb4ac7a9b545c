//go:build !unix && !windows

package output

import (
	"fmt"
	"os"
)

// dupFD writes to the standard streams, the only descriptors a path can
// name here.
func dupFD(fd int, path string) (*os.File, error) {
	return nil, fmt.Errorf("descriptor %d: writing to descriptors by name is not supported on this system", fd)
}
