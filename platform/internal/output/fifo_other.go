//go:build !unix

package output

import (
	"context"
	"io/fs"
	"os"
)

// openFIFO opens path: there are no FIFOs to wait for here (Windows'
// named pipes are not files in a directory).
func openFIFO(_ context.Context, path string, flag int) (*os.File, error) {
	return os.OpenFile(path, flag, 0)
}

func isFIFO(fs.FileInfo) bool { return false }
