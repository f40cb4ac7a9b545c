package output

import (
	"context"
	"fmt"
	"os"
)

// Open opens the file at path for reading, as a run reads its inputs
// (-replay): a FIFO with no writer is waited for until SIGINT, SIGTERM or
// SIGHUP arrives or ctx is done, and Open then fails. A descriptor of this process (/dev/stdin, /dev/fd/N, as the
// shell's <(...) gives) is opened anew, sharing what is open on it: read
// it once.
func Open(ctx context.Context, path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	f, err := openDirect(ctx, target{path: path, info: fi}, os.O_RDONLY)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return f, nil
}

// openDirect opens t's file itself with flag, waiting for a FIFO's other
// end as openFIFO does.
func openDirect(ctx context.Context, t target, flag int) (*os.File, error) {
	fi := t.info
	if fi == nil { // another process's descriptor: what it is open on
		fi, _ = os.Stat(t.path)
	}
	if isFIFO(fi) {
		return openFIFO(ctx, t.path, flag)
	}
	return os.OpenFile(t.path, flag, 0)
}
