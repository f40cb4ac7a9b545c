package recording

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// maxPipedReplay is the longest recording read from a pipe or device,
// which is kept in memory, as tape.ReadFile keeps one.
const maxPipedReplay = 16 << 20

// Piped is a -replay recording read from a pipe or device (cat t |
// game -replay /dev/stdin, or -replay <(...)): the command line reads it
// for its settings (ReadHeader), and the run plays the same bytes, since
// a pipe cannot be read twice. A regular file is simply opened again.
type Piped struct {
	path string // as -replay gave it
	data []byte
}

// readReplay reads and checks the recording at path, as the run plays it.
// A regular file is streamed; anything else is read whole (see
// openReplay).
func readReplay(ctx context.Context, path string) (*tape.Tape, error) {
	f, piped, err := openReplay(ctx, path)
	if err != nil {
		return nil, err
	}
	if piped != nil {
		return piped.tape()
	}
	f.Close()
	return tape.ReadFile(path)
}

// ReadHeader reads the header of the recording at path (its settings
// and player count), for the command line, and the recording itself
// when it came from a pipe.
func ReadHeader(path string) (tape.Header, *Piped, error) {
	f, piped, err := openReplay(context.Background(), path)
	if err != nil {
		return tape.Header{}, nil, err
	}
	if piped != nil {
		t, err := piped.tape()
		if err != nil {
			return tape.Header{}, nil, err
		}
		return t.Header, piped, nil
	}
	defer f.Close()
	p, err := tape.NewPlayer(f)
	if err != nil {
		return tape.Header{}, nil, fmt.Errorf("%s: %w", path, err)
	}
	return p.Header, nil, nil
}

// openReplay opens the recording at path: a regular file is returned
// open; anything else (a pipe, a FIFO, a device) is read into memory, up
// to 16 MiB, and returned as piped. A FIFO with no writer yet is waited
// for until ctx is done or SIGINT, SIGTERM or SIGHUP arrives.
func openReplay(ctx context.Context, path string) (f *os.File, piped *Piped, err error) {
	if f, err = output.Open(ctx, path); err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	switch {
	case err != nil:
	case fi.IsDir():
		err = fmt.Errorf("%s is a directory: give the recording's file", path)
	case fi.Mode().IsRegular():
		return f, nil, nil
	}
	if err != nil {
		return nil, nil, errors.Join(err, f.Close())
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxPipedReplay+1))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(b) > maxPipedReplay {
		return nil, nil, fmt.Errorf("%s: a recording longer than %d MiB read from a pipe or device: save it to a file first", path, maxPipedReplay>>20)
	}
	return nil, &Piped{path: path, data: b}, nil
}

// tape checks the recording kept.
func (p *Piped) tape() (*tape.Tape, error) {
	t, err := tape.Read(p.data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.path, err)
	}
	return t, nil
}
