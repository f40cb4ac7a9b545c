package output

import (
	"context"
	"fmt"
	"os"
)

// Open opens the file at path for reading, as a run reads its inputs
// (-replay): a FIFO with no writer is waited for until SIGINT, SIGTERM or
// SIGHUP arrives or ctx is done, and Open then fails. A name of one of
// this process's descriptors (/dev/stdin, /dev/fd/N as the shell's <(...)
// gives, /proc/self/fd/N) gets a duplicate of it, reading on from where
// it is, as Create writes on after what was written.
func Open(ctx context.Context, path string) (*os.File, error) {
	f, err := openInput(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return f, nil
}

func openInput(ctx context.Context, path string) (*os.File, error) {
	t, err := resolve(path)
	switch {
	case err != nil:
		return nil, err
	case t.own:
		return dupFD(t.fd, path)
	case t.info == nil && !t.direct: // not there
		_, err := os.Stat(t.path)
		return nil, err
	}
	return openDirect(ctx, t, os.O_RDONLY)
}

// openDirect opens t's file itself with flag, waiting for a FIFO's other
// end as openFIFO does.
func openDirect(ctx context.Context, t target, flag int) (*os.File, error) {
	fi := t.info
	if fi == nil { // another process's descriptor: what it is open on
		fi, _ = os.Stat(t.path)
	}
	if fi != nil && !fi.Mode().IsRegular() {
		// Truncating does nothing to a device or a FIFO, and Windows
		// refuses it on NUL.
		flag &^= os.O_TRUNC
	}
	if isFIFO(fi) {
		return openFIFO(ctx, t.path, flag)
	}
	return os.OpenFile(t.path, flag, 0)
}
