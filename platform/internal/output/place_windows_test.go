package output

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/windows"
)

// A file another program holds open without sharing deletion cannot be
// replaced on Windows: Commit fails saying so, after its retries, and
// leaves the old contents and no temporary file.
func TestAFileHeldOpenIsLeftAndTheErrorSaysWhy(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "summary.json")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	held, err := os.Open(path) // Go opens without FILE_SHARE_DELETE
	if err != nil {
		t.Fatal(err)
	}
	err = write(t, path, "new")
	held.Close()
	if err == nil || !strings.Contains(err.Error(), "another program has") || !heldOpen(err) {
		t.Fatalf("replacing a file held open = %v, want an error saying another program has it open", err)
	}
	if got := readFile(t, path); got != "old" {
		t.Fatalf("the held file holds %q, want the old contents", got)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"summary.json"}) {
		t.Fatalf("directory holds %q, want the file alone", got)
	}
	if err := write(t, path, "new"); err != nil {
		t.Fatalf("replacing it once released: %v", err)
	}
}

// A reader that shares deletion (as most viewers do) keeps reading the
// old contents. Where Windows renames with POSIX semantics (10 1709 on,
// NTFS) the new file takes the name at once, as on Linux; elsewhere (FAT,
// Wine 8) the replace is refused saying why. Either way the name holds
// one whole file and no temporary one is left.
func TestAReaderSharingDeletionKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tape.lsr")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	name, err := windows.UTF16PtrFromString(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := windows.CreateFile(name, windows.GENERIC_READ,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil, windows.OPEN_EXISTING, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	reader := os.NewFile(uintptr(h), path)
	defer reader.Close()
	werr := write(t, path, "new")
	want := "new"
	if werr != nil {
		if !strings.Contains(werr.Error(), "another program has") {
			t.Fatalf("replacing a file a reader shares: %v, want it done or refused saying why", werr)
		}
		want = "old"
		t.Logf("no POSIX rename here: %v", werr)
	}
	if got := readFile(t, path); got != want {
		t.Fatalf("the name holds %q, want %q", got, want)
	}
	if b, err := io.ReadAll(reader); err != nil || string(b) != "old" {
		t.Fatalf("the reader read %q (%v), want the old contents", b, err)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"tape.lsr"}) {
		t.Fatalf("directory holds %q, want the file alone", got)
	}
}

// /dev/stdout names the standard output on Windows too: what is written
// there follows what the process printed.
func TestStdoutByNameOnWindows(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	saved := os.Stdout
	os.Stdout = w
	werr := write(t, "/dev/stdout", "summary")
	os.Stdout = saved
	w.Close()
	if werr != nil {
		t.Fatalf("writing /dev/stdout: %v", werr)
	}
	if b, err := io.ReadAll(r); err != nil || string(b) != "summary" {
		t.Fatalf("the standard output got %q (%v), want %q", b, err, "summary")
	}
	if _, err := Create("/dev/fd/7"); err == nil || !strings.Contains(err.Error(), "standard streams") {
		t.Fatalf("Create(/dev/fd/7) = %v, want an error naming the standard streams", err)
	}
}
