package desktop

import (
	"fmt"
	"io"

	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// maxPipedReplay is the longest recording read from a pipe or device,
// which is kept in memory, as tape.ReadFile keeps one.
const maxPipedReplay = 16 << 20

// replayFile is the recording a run replays, read once: parse takes the
// settings from it and openTape plays it, which from a pipe (cat t |
// game -replay /dev/stdin, or -replay <(...)) cannot be read twice.
type replayFile struct {
	path string // as -replay gave it
	tape *tape.Tape
}

// readReplay reads and checks the recording at path. A FIFO with no
// writer yet is waited for until SIGINT, SIGTERM or SIGHUP arrives; a
// regular file is streamed (and opened again to play), anything else
// read into memory, up to 16 MiB.
func readReplay(path string) (*replayFile, error) {
	f, err := output.Open(nil, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	var t *tape.Tape
	switch {
	case fi.IsDir():
		return nil, fmt.Errorf("%s is a directory: give the recording's file", path)
	case fi.Mode().IsRegular():
		t, err = tape.ReadFile(path)
	default:
		var b []byte
		b, err = io.ReadAll(io.LimitReader(f, maxPipedReplay+1))
		switch {
		case err != nil:
		case len(b) > maxPipedReplay:
			err = fmt.Errorf("%s: a recording longer than %d MiB read from a pipe or device: save it to a file first", path, maxPipedReplay>>20)
		default:
			if t, err = tape.Read(b); err != nil {
				err = fmt.Errorf("%s: %w", path, err)
			}
		}
	}
	if err != nil {
		return nil, err
	}
	return &replayFile{path: path, tape: t}, nil
}
