// Package output writes the files a run produces (summaries, screenshots,
// profiles, traces, recordings) so that nothing the user asked for is
// lost and nothing else is overwritten:
//
//   - a regular file, or a path that does not exist yet, is written to an
//     exclusive temporary file with a random name in the same directory and
//     renamed over the target only when every byte is written and synced:
//     a failed run leaves an older file as it was, and a file of the user's
//     that happens to look like a temporary name is never opened;
//   - a symbolic link to a regular file keeps the link: the file it points
//     to is replaced;
//   - a replaced file keeps its permission bits, but not its owner (it
//     becomes the process's), nor its other hard links, which keep the old
//     contents;
//   - a path that exists and is not a regular file (/dev/null, /dev/full, a
//     FIFO, a terminal) is written into directly, never replaced, and so is
//     one that names a descriptor of this process (/dev/stdout, /dev/fd/N,
//     /proc/self/fd/N), whatever it is open on: -stats-json /dev/stdout
//     prints, after whatever the run printed before; opening a FIFO waits,
//     as every writer's does, until something reads it, but not past a
//     signal asking the run to end (SIGINT, SIGTERM, SIGHUP) or the
//     context's end (CreateContext): a FIFO nobody opens never hangs a run;
//   - a directory is refused, and so is a name longer than MaxName bytes
//     (a name up to it works: the temporary name is cut to fit).
//
// Every write, flush, sync, close and rename error is kept and reported
// by Commit.
//
// A run's inputs are opened here too, by the same rules: Open waits for a
// FIFO's writer no longer than Create for its reader, and OpenRegular
// opens an asset (a sound, an image) without waiting, refusing anything
// but a regular file.
package output

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"unicode/utf8"
)

// bufSize is the write buffer: profiles and traces come in many small
// writes.
const bufSize = 64 << 10

// File is an output being written. It is not safe for concurrent use.
type File struct {
	name   string // as the user gave it
	target string // the file a temporary one is renamed over, "" when writing directly
	f      *os.File
	bw     *bufio.Writer
	done   bool
	// exclusive: Commit links the temporary file to target, which fails
	// when something is there, instead of renaming it over.
	exclusive bool
}

// Create starts writing the output at path (see the package comment for
// what happens to what is there). Write to the File, then Commit it, or
// Abort it to leave the path as it was. A FIFO with no reader is waited
// for until SIGINT, SIGTERM or SIGHUP arrives; Create then fails.
func Create(path string) (*File, error) { return CreateContext(context.Background(), path) }

// CreateContext is Create also giving up waiting for a FIFO's reader when
// ctx is done (the run's end or deadline): with a reader already there,
// it writes to the FIFO whatever ctx says.
func CreateContext(ctx context.Context, path string) (*File, error) {
	if err := checkName(path); err != nil {
		return nil, fmt.Errorf("output %s: %w", path, err)
	}
	t, err := resolve(path)
	if err != nil {
		return nil, fmt.Errorf("output %s: %w", path, err)
	}
	out := &File{name: path}
	switch {
	case t.own:
		out.f, err = dupFD(t.fd, path)
	case t.direct || t.info != nil && !t.info.Mode().IsRegular() && !t.info.IsDir():
		// O_TRUNC does nothing to a device or a FIFO; it makes a regular
		// file open in another process start afresh, as the shell's > does.
		out.f, err = openDirect(ctx, t, os.O_WRONLY|os.O_TRUNC)
	case t.info != nil && t.info.IsDir():
		err = fmt.Errorf("%s is a directory: give a file name (inside it, for instance)", t.path)
	default:
		out.target = t.path
		out.f, err = createTemp(t.path, t.info)
	}
	if err != nil {
		return nil, fmt.Errorf("output %s: %w", path, err)
	}
	out.bw = bufio.NewWriterSize(out.f, bufSize)
	return out, nil
}

// CreateNew starts writing a new file at path, which must not exist when
// the output is committed: Commit then fails with an error wrapping
// fs.ErrExist and leaves what is there alone (F12's numbered screenshots
// never replace an earlier one). The file is written to a temporary one
// and linked to path whole, as Create's are renamed.
func CreateNew(path string) (*File, error) {
	if err := checkName(path); err != nil {
		return nil, fmt.Errorf("output %s: %w", path, err)
	}
	if fi, err := os.Lstat(path); err == nil {
		return nil, fmt.Errorf("output %s: %w (a %v)", path, fs.ErrExist, fi.Mode().Type())
	}
	f, err := createTemp(path, nil)
	if err != nil {
		return nil, fmt.Errorf("output %s: %w", path, err)
	}
	return &File{name: path, target: path, f: f, bw: bufio.NewWriterSize(f, bufSize), exclusive: true}, nil
}

// CreateOwn starts writing a file the program keeps for itself at path
// (a joiner's ticket), as Create does through a temporary file, but
// never opens what is there: whatever it is but a directory (a FIFO, a
// device, a symbolic link) is replaced by the new file on Commit, the
// link itself and not what it points to. Nothing at path can make it
// wait, nor send its bytes anywhere else.
func CreateOwn(path string) (*File, error) {
	if err := checkName(path); err != nil {
		return nil, fmt.Errorf("output %s: %w", path, err)
	}
	fi, err := os.Lstat(path)
	var old fs.FileInfo // a regular file's mode is kept
	switch {
	case err == nil && fi.IsDir():
		return nil, fmt.Errorf("output %s: a directory is there: remove it", path)
	case err == nil && fi.Mode().IsRegular():
		old = fi
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("output %s: %w", path, err)
	}
	f, err := createTemp(path, old)
	if err != nil {
		return nil, fmt.Errorf("output %s: %w", path, err)
	}
	return &File{name: path, target: path, f: f, bw: bufio.NewWriterSize(f, bufSize)}, nil
}

// MaxName is the longest file name, in bytes, an output can have: the
// limit of Linux's file systems (NAME_MAX), and of macOS's and Windows'
// in their own units. Longer names are refused before anything is
// written, with an error saying so.
const MaxName = 255

// tempSuffix is what os.CreateTemp adds to a temporary name's prefix at
// most: a dot, up to 10 random digits, and ".tmp".
const tempSuffix = len(".4294967295.tmp")

// createTemp creates the temporary file that will replace target, with
// the mode of the file it replaces, or a new file's (0666 less umask).
func createTemp(target string, old fs.FileInfo) (*os.File, error) {
	base := filepath.Base(target)
	if len(base) > MaxName {
		return nil, fmt.Errorf("a file name of %d bytes: file systems take at most %d bytes: give a shorter one", len(base), MaxName)
	}
	f, err := os.CreateTemp(filepath.Dir(target), tempPattern(base))
	if err != nil {
		return nil, err
	}
	mode := 0o666 &^ umask()
	if old != nil {
		mode = old.Mode().Perm()
	}
	if err := f.Chmod(mode); err != nil {
		return nil, errors.Join(err, f.Close(), os.Remove(f.Name()))
	}
	return f, nil
}

// Name returns the path the File was created with.
func (f *File) Name() string { return f.name }

// Write writes p through the buffer. The first error sticks: every later
// Write returns it, and so does Commit.
func (f *File) Write(p []byte) (int, error) {
	if f.done {
		return 0, fmt.Errorf("output %s: %w", f.name, os.ErrClosed)
	}
	return f.bw.Write(p)
}

// WriteAt writes p at offset off from the output's start, after flushing
// what is buffered, for a format that knows its header only at the end (a
// WAV file's sizes). Only a file written through a temporary one can: on
// a device, a pipe or a descriptor the output did not start at offset 0,
// and WriteAt fails with an error wrapping errors.ErrUnsupported.
func (f *File) WriteAt(p []byte, off int64) (int, error) {
	if f.done {
		return 0, fmt.Errorf("output %s: %w", f.name, os.ErrClosed)
	}
	if f.target == "" {
		return 0, fmt.Errorf("output %s: writing at an offset: %w", f.name, errors.ErrUnsupported)
	}
	if err := f.bw.Flush(); err != nil {
		return 0, fmt.Errorf("output %s: %w", f.name, err)
	}
	n, err := f.f.WriteAt(p, off)
	if err != nil {
		return n, fmt.Errorf("output %s: %w", f.name, err)
	}
	return n, nil
}

// Flush hands what is buffered to the file (the operating system), as a
// recording does at every checkpoint so that a FIFO's reader gets it. A
// replaced file still appears only at Commit.
func (f *File) Flush() error {
	if f.done {
		return fmt.Errorf("output %s: %w", f.name, os.ErrClosed)
	}
	if err := f.bw.Flush(); err != nil {
		return fmt.Errorf("output %s: %w", f.name, err)
	}
	return nil
}

// Commit finishes the output: it flushes the buffer, syncs and closes a
// temporary file and renames it over the target. On any error the target
// is left as it was, the temporary file is removed, and the error says
// what failed. Committing twice, or after Abort, does nothing.
func (f *File) Commit() error {
	if f.done {
		return nil
	}
	f.done = true
	err := f.bw.Flush()
	if err == nil && f.target != "" {
		// Without it, a crash soon after the rename can leave an empty
		// file where the old one was (ext4 and XFS commit the rename
		// first); it costs a few milliseconds once per output.
		err = f.f.Sync()
	}
	err = errors.Join(err, f.f.Close())
	switch {
	case f.target == "":
	case f.exclusive:
		if err == nil {
			err = placeNew(f.f.Name(), f.target)
		}
		// Linked or not, the temporary name goes.
		err = errors.Join(err, removeTemp(f.f.Name()))
	default:
		if err == nil {
			err = replace(f.f.Name(), f.target)
		}
		if err != nil {
			err = errors.Join(err, removeTemp(f.f.Name()))
		}
	}
	if err != nil {
		return fmt.Errorf("output %s: %w", f.name, err)
	}
	return nil
}

// Abort gives up the output: the target is left as it was and the
// temporary file is removed. It does nothing after Commit.
func (f *File) Abort() error {
	if f.done {
		return nil
	}
	f.done = true
	err := f.f.Close()
	if f.target != "" {
		err = errors.Join(err, removeTemp(f.f.Name()))
	}
	if err != nil {
		return fmt.Errorf("output %s: abandoning it: %w", f.name, err)
	}
	return nil
}

// tempPattern is the pattern of the hidden temporary name beside a file
// called base: ".base.*.tmp", with base cut short (at a character's
// start) so that the whole name fits in MaxName bytes: a name near the
// limit must not fail because its temporary one is longer.
func tempPattern(base string) string {
	keep := MaxName - len(".") - tempSuffix
	if len(base) > keep {
		for keep > 0 && !utf8.RuneStart(base[keep]) {
			keep--
		}
		base = base[:keep]
	}
	return "." + base + ".*.tmp"
}

func removeTemp(name string) error {
	if err := os.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
