//go:build !unix

package audio

import (
	"fmt"
	"os"
)

// openFile opens a sound file (there are no FIFOs to wait for here).
func openFile(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("audio: %w", err)
	}
	return f, nil
}
