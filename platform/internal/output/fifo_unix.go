//go:build unix

package output

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"
)

// releaseWait bounds how long openFIFO waits for its own open to return
// once it has opened the other end to release it.
const releaseWait = time.Second

// openFIFO opens the FIFO at path for flag (os.O_WRONLY or os.O_RDONLY),
// waiting for a process to open the other end until ctx is done or
// SIGINT, SIGTERM or SIGHUP arrives, when it fails with an error wrapping
// the cause. A run's own handler sees the signal too (see os/signal), so
// the run ends as it would have without the wait. Opening a FIFO blocks
// in the kernel, where no signal reaches it (Go retries an interrupted
// open), so the open runs in a goroutine; giving up, openFIFO opens the
// other end itself for a moment, which lets that open return and be
// closed.
func openFIFO(ctx context.Context, path string, flag int) (*os.File, error) {
	other, partner := "reader", os.O_RDONLY
	if flag&(os.O_WRONLY|os.O_RDWR) == 0 {
		other, partner = "writer", os.O_WRONLY
	} else {
		// A reader already there: no waiting, and nothing to release.
		f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK, 0)
		if err == nil {
			if err := clearNonblock(f); err != nil {
				return nil, err
			}
			return f, nil
		}
		if !errors.Is(err, syscall.ENXIO) {
			return nil, err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("a FIFO with no %s: %w", other, context.Cause(ctx))
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	type opened struct {
		f   *os.File
		err error
	}
	done := make(chan opened, 1)
	go func() {
		f, err := os.OpenFile(path, flag, 0)
		done <- opened{f, err}
	}()
	select {
	case o := <-done:
		return o.f, o.err
	case <-ctx.Done():
	}
	select {
	case o := <-done: // the other end came as the wait ended
		return o.f, o.err
	default:
	}
	// Being the other end for a moment lets the blocked open return. When
	// the path is no longer a FIFO this fails, and the goroutine is left
	// blocked until something opens it; it holds no descriptor until then.
	if p, err := os.OpenFile(path, partner|syscall.O_NONBLOCK, 0); err == nil {
		select {
		case o := <-done:
			if o.f != nil {
				o.f.Close()
			}
		case <-time.After(releaseWait):
		}
		p.Close()
	}
	return nil, fmt.Errorf("waited for the FIFO's %s in vain: %w (start the %s first)", other, context.Cause(ctx), other)
}

// clearNonblock makes f block again where the runtime's poller does not
// take FIFOs (macOS and the BSDs): there a non-blocking write to a full
// pipe would fail instead of waiting. Linux's poller takes it as it is.
func clearNonblock(f *os.File) error {
	if runtime.GOOS == "linux" {
		return nil
	}
	rc, err := f.SyscallConn()
	if err == nil {
		cerr := rc.Control(func(fd uintptr) { err = syscall.SetNonblock(int(fd), false) })
		err = errors.Join(err, cerr)
	}
	if err != nil {
		return errors.Join(err, f.Close())
	}
	return nil
}

// isFIFO reports whether fi is a FIFO's.
func isFIFO(fi fs.FileInfo) bool { return fi != nil && fi.Mode()&fs.ModeNamedPipe != 0 }
