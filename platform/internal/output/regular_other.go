//go:build !unix

package output

import (
	"fmt"
	"os"
)

// OpenRegular opens a file a program reads as a whole and seeks in, and
// refuses it unless it is a regular file.
func OpenRegular(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file: save what it holds to a file, and give that", path)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
