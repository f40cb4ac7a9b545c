//go:build linux

package output

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

func TestANewFileAppearsWholeAtCommitOnly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("before Commit the output exists already: %v", err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != `{"a":1}` {
		t.Fatalf("output holds %q", got)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"out.json"}) {
		t.Fatalf("directory holds %q, want the output alone", got)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := 0o666 &^ umask(); fi.Mode().Perm() != want {
		t.Fatalf("a new output has mode %v, want %v (0666 less the umask, as os.Create gives)", fi.Mode().Perm(), want)
	}
}

func TestUmaskIsReadNotGuessed(t *testing.T) {
	old := syscall.Umask(0o027) // the test binary's own: no other goroutine creates files now
	defer syscall.Umask(old)
	if got := umask(); got != 0o027 {
		t.Fatalf("umask() = %#o with the mask set to 027", got)
	}
	path := filepath.Join(t.TempDir(), "a")
	if err := write(t, path, "x"); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o640 {
		t.Fatalf("under umask 027 the output has mode %v (%v), want 0640", fi.Mode().Perm(), err)
	}
}

func TestAReplacedFileKeepsItsModeAndChangesOnlyAtCommit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	if err := os.WriteFile(path, []byte("old"), 0o604); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o604); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("new"))
	if got := readFile(t, path); got != "old" {
		t.Fatalf("before Commit the output holds %q", got)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o604 || readFile(t, path) != "new" {
		t.Fatalf("after Commit: mode %v, %q, %v; want 0604 and the new bytes", fi.Mode().Perm(), readFile(t, path), err)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"out.json"}) {
		t.Fatalf("directory holds %q", got)
	}
}

func TestALinkToARegularFileStaysALinkToTheNewFile(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "results", "run.json")
	links := filepath.Join(root, "links")
	for _, d := range []string{filepath.Dir(real), links} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(real, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A relative link, through a second one.
	if err := os.Symlink("../results/run.json", filepath.Join(links, "first")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("first", filepath.Join(links, "out.json")); err != nil {
		t.Fatal(err)
	}
	if err := write(t, filepath.Join(links, "out.json"), "new"); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, real); got != "new" {
		t.Fatalf("the file the links point to holds %q", got)
	}
	for _, l := range []string{"first", "out.json"} {
		if fi, err := os.Lstat(filepath.Join(links, l)); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Fatalf("link %s was replaced: %v %v", l, fi.Mode(), err)
		}
	}
	if got := names(t, filepath.Dir(real)); !slices.Equal(got, []string{"run.json"}) {
		t.Fatalf("the target's directory holds %q", got)
	}
}

func TestARelativeLinkInALinkedDirectoryIsFollowedAsTheKernelDoes(t *testing.T) {
	// out/f -> ../g, where out -> a/b: the kernel reads a/g, not ./g.
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "a", "b"), filepath.Join(root, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../g", filepath.Join(root, "a", "b", "f")); err != nil {
		t.Fatal(err)
	}
	if err := write(t, filepath.Join(root, "out", "f"), "x"); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(root, "a", "g")); got != "x" {
		t.Fatalf("a/g holds %q", got)
	}
	if _, err := os.Lstat(filepath.Join(root, "g")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a file g was made beside out: %v", err)
	}
}

func TestADanglingLinkGetsTheFileItNames(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink("target.json", filepath.Join(dir, "out.json")); err != nil {
		t.Fatal(err)
	}
	if err := write(t, filepath.Join(dir, "out.json"), "x"); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(dir, "target.json")); got != "x" {
		t.Fatalf("target holds %q", got)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "out.json")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
}

func TestPathsThatCannotBeAFileAreRefusedClearly(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink("loop", filepath.Join(dir, "loop")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dir, filepath.Join(dir, "todir")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, msg string
	}{
		{dir, "is a directory: give a file name"},
		{filepath.Join(dir, "todir"), "is a directory"},
		{dir + "/", "ends in a separator"},
		{filepath.Join(dir, "nodir", "x.json"), "no such file or directory"},
		{filepath.Join(dir, "loop"), "more than 40 symbolic links"},
		{"", "empty file name"},
	}
	for _, tt := range tests {
		_, err := Create(tt.path)
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("Create(%q) = %v, want an error saying %q", tt.path, err, tt.msg)
		}
	}
	if got := names(t, dir); !slices.Equal(got, []string{"loop", "todir"}) {
		t.Fatalf("refusals left %q", got)
	}
}

func TestFilesNamedLikeTheTemporaryOnesAreNeverTouched(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	mine := map[string]string{"out.json.tmp": "user's", ".out.json.123.tmp": "user's too"}
	for n, s := range mine {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Links planted where a predictable name would go.
	for _, n := range []string{".out.json.tmp", ".out.json.1.tmp", "out.json.tmp.link"} {
		if err := os.Symlink(victim, filepath.Join(dir, n)); err != nil {
			t.Fatal(err)
		}
	}
	before := names(t, dir)
	path := filepath.Join(dir, "out.json")
	if err := write(t, path, "run"); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("aborted"))
	if err := f.Abort(); err != nil {
		t.Fatal(err)
	}
	for n, s := range mine {
		if got := readFile(t, filepath.Join(dir, n)); got != s {
			t.Errorf("%s holds %q, want %q", n, got, s)
		}
	}
	if got := readFile(t, victim); got != "precious" {
		t.Errorf("a planted link's target holds %q", got)
	}
	if got := names(t, dir); !slices.Equal(got, slices.Sorted(slices.Values(append(before, "out.json")))) {
		t.Errorf("directory holds %q, want %q and the output", got, before)
	}
}

func TestDevicesAreWrittenIntoNotReplaced(t *testing.T) {
	for _, dev := range []string{"/dev/null", "/dev/full"} {
		t.Run(dev, func(t *testing.T) {
			before, err := os.Stat(dev)
			if err != nil {
				t.Skipf("%s: %v", dev, err)
			}
			err = write(t, dev, `{"ticks":1}`)
			if dev == "/dev/full" && !errors.Is(err, syscall.ENOSPC) {
				t.Errorf("writing /dev/full: %v, want ENOSPC", err)
			}
			if dev == "/dev/null" && err != nil {
				t.Errorf("writing /dev/null: %v", err)
			}
			after, err := os.Stat(dev)
			if err != nil || after.Mode() != before.Mode() || !os.SameFile(before, after) {
				t.Fatalf("%s was replaced: mode %v, was %v", dev, after.Mode(), before.Mode())
			}
		})
	}
}

func TestAFullDeviceFailsTheWriteThatOverflowsTheBufferAndEveryOneAfter(t *testing.T) {
	f, err := Create("/dev/full")
	if err != nil {
		t.Skip(err)
	}
	defer f.Abort()
	big := make([]byte, bufSize+1)
	if _, err := f.Write(big); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("writing more than the buffer into /dev/full: %v, want ENOSPC", err)
	}
	if _, err := f.Write([]byte("x")); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("the write after: %v, want the same ENOSPC", err)
	}
	if err := f.Commit(); !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "/dev/full") {
		t.Fatalf("Commit: %v, want ENOSPC naming the output", err)
	}
}

func TestAFIFOIsWrittenIntoNotReplaced(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(path)
		got <- string(b)
	}()
	if err := write(t, path, "through the fifo"); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the fifo" {
		t.Fatalf("the reader got %q", s)
	}
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO was replaced: %v", err)
	}
}

func TestAFailedWriteToTheTemporaryFileLeavesTheOldOne(t *testing.T) {
	// A fault injected under the buffer: the temporary file's descriptor
	// is closed, so the flush at Commit fails as a dying disk's would.
	dir := t.TempDir()
	path := filepath.Join(dir, "out.png")
	if err := os.WriteFile(path, []byte("good"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("new"))
	f.f.Close()
	if err := f.Commit(); !errors.Is(err, os.ErrClosed) || !strings.Contains(err.Error(), path) {
		t.Fatalf("Commit = %v, want the write error naming the output", err)
	}
	if got := readFile(t, path); got != "good" {
		t.Fatalf("the old output holds %q", got)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"out.png"}) {
		t.Fatalf("directory holds %q", got)
	}
}

// tinyDisk mounts a 64 KiB tmpfs for the test, or skips saying why not.
func tinyDisk(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=64k"); err != nil {
		t.Skipf("a full disk needs a 64 KiB tmpfs, and mounting one failed (%v): run as root, or with CAP_SYS_ADMIN", err)
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(dir, 0); err != nil {
			t.Errorf("unmounting the test's tmpfs: %v", err)
		}
	})
	return dir
}

func TestAFullDiskFailsTheOutputAndKeepsTheOldFile(t *testing.T) {
	dir := tinyDisk(t)
	path := filepath.Join(dir, "trace.out")
	if err := write(t, path, "a good older trace"); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte("trace "), 1000)
	var werr error
	for range 20 { // 120 KB into 64 KiB
		if _, werr = f.Write(chunk); werr != nil {
			break
		}
	}
	if !errors.Is(werr, syscall.ENOSPC) {
		t.Fatalf("writing 120 KB into 64 KiB: %v, want ENOSPC", werr)
	}
	if err := f.Commit(); !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), path) {
		t.Fatalf("Commit = %v, want ENOSPC naming the output", err)
	}
	if got := readFile(t, path); got != "a good older trace" {
		t.Fatalf("the older output holds %q", got)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"trace.out"}) {
		t.Fatalf("the disk holds %q, want the older output alone", got)
	}
}

func TestAFullDiskAtTheLastFlushFailsCommit(t *testing.T) {
	dir := tinyDisk(t)
	fill := filepath.Join(dir, "fill")
	// Leave less room than the output needs, and let the output fit in
	// the buffer so that only Commit's flush meets the full disk.
	if err := os.WriteFile(fill, make([]byte, 60<<10), 0o644); err != nil && !errors.Is(err, syscall.ENOSPC) {
		t.Fatal(err)
	}
	f, err := Create(filepath.Join(dir, "out.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(make([]byte, 32<<10)); err != nil {
		t.Fatalf("a write that fits the buffer failed: %v", err)
	}
	if err := f.Commit(); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Commit = %v, want ENOSPC", err)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"fill"}) {
		t.Fatalf("the disk holds %q", got)
	}
}
