package output

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// write creates path, writes s and commits.
func write(t *testing.T, path, s string) error {
	t.Helper()
	f, err := Create(path)
	if err != nil {
		return err
	}
	if _, err := f.Write([]byte(s)); err != nil {
		return errors.Join(err, f.Abort())
	}
	return f.Commit()
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// names lists dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

func TestAbortLeavesTheOldFileAndNoTemporary(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cpu.pprof")
	if err := os.WriteFile(path, []byte("good profile"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("half a pro"))
	if err := f.Abort(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "good profile" {
		t.Fatalf("after Abort the output holds %q", got)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"cpu.pprof"}) {
		t.Fatalf("directory holds %q", got)
	}
	if err := f.Commit(); err != nil {
		t.Fatalf("Commit after Abort: %v, want nothing done", err)
	}
	if got := readFile(t, path); got != "good profile" {
		t.Fatalf("Commit after Abort wrote %q", got)
	}
}

func TestWritingAfterCommitIsRefused(t *testing.T) {
	f, err := Create(filepath.Join(t.TempDir(), "a"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("x")); !errors.Is(err, os.ErrClosed) {
		t.Fatalf("Write after Commit = %v, want os.ErrClosed", err)
	}
	if err := f.Flush(); !errors.Is(err, os.ErrClosed) {
		t.Fatalf("Flush after Commit = %v, want os.ErrClosed", err)
	}
	if err := f.Commit(); err != nil {
		t.Fatalf("second Commit = %v, want nothing done", err)
	}
}

func TestCreateNewWritesANewFileAndNeverReplacesOne(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "shot-1.png")
	f, err := CreateNew(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("first")); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatalf("Commit of a new file: %v", err)
	}
	if got := readFile(t, path); got != "first" {
		t.Fatalf("new file holds %q, want %q", got, "first")
	}
	if _, err := CreateNew(path); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("CreateNew over a file = %v, want fs.ErrExist", err)
	}
	// Taken between CreateNew and Commit: the link fails, the file stays.
	other := filepath.Join(dir, "shot-2.png")
	f, err = CreateNew(other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("late")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, []byte("someone else's"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("Commit onto a file created meanwhile = %v, want fs.ErrExist", err)
	}
	if got := readFile(t, other); got != "someone else's" {
		t.Fatalf("the file created meanwhile holds %q, want it untouched", got)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"shot-1.png", "shot-2.png"}) {
		t.Fatalf("directory holds %v, want the two files and no temporary one", got)
	}
}

func TestWriteAtPatchesAFileButNotAStream(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.wav")
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("header??body")); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte("!!"), 6); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "header!!body" {
		t.Errorf("%q, want %q", b, "header!!body")
	}
	d, err := Create(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Abort()
	if _, err := d.WriteAt([]byte("x"), 0); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("WriteAt on %s: %v, want ErrUnsupported", os.DevNull, err)
	}
}

// Replaced as POSIX rename replaces it, and kept read-only (Windows
// refuses to rename over a read-only file: the attribute is cleared
// first, then set again on the new file by its mode).
func TestAReadOnlyFileIsReplacedAndStaysReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "best.txt")
	if err := os.WriteFile(path, []byte("old"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := write(t, path, "new"); err != nil {
		t.Fatalf("replacing a read-only file: %v", err)
	}
	if got := readFile(t, path); got != "new" {
		t.Fatalf("read-only file holds %q after the replace, want %q", got, "new")
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm()&0o222 != 0 {
		t.Fatalf("the new file has mode %v: writable, where the one it replaced was read-only", fi.Mode().Perm())
	}
	if err := os.Chmod(path, 0o644); err != nil { // so TempDir's cleanup can remove it everywhere
		t.Fatal(err)
	}
}

// os.DevNull (NUL on Windows, /dev/null elsewhere) is written into, never
// replaced, and leaves nothing in the working directory.
func TestDevNullIsWrittenInto(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := write(t, os.DevNull, "discarded"); err != nil {
		t.Fatalf("writing %s: %v", os.DevNull, err)
	}
	if got := names(t, "."); len(got) != 0 {
		t.Fatalf("writing %s left %q in the working directory", os.DevNull, got)
	}
}
