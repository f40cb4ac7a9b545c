//go:build unix

package ticket

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A FIFO at the ticket's path hung a joiner once welcomed (writing its
// ticket waited for a reader), and a symbolic link there was followed,
// the file it pointed to replaced. The ticket now replaces whatever is
// at its path (the FIFO, the link itself) without opening it, and a link
// in place of its folder is refused: nothing out of the cache is
// touched.
func TestATicketNeverWaitsOnAFIFONorFollowsALinkOutOfTheCache(t *testing.T) {
	cache, outside := t.TempDir(), t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	p := Path("versus", "code-fifo-1234")
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(outside, "victim")
	if err := os.WriteFile(victim, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	const ticket = "ABCDEFGHIJKLMNOP"
	for name, plant := range map[string]func() error{
		"a FIFO":            func() error { return syscall.Mkfifo(p, 0o600) },
		"a link to a file":  func() error { return os.Symlink(victim, p) },
		"a link to nothing": func() error { return os.Symlink(filepath.Join(outside, "new"), p) },
	} {
		_ = os.Remove(p)
		if err := plant(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- Save(p, ticket) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("%s at the ticket's path: %v, want it replaced", name, err)
			}
		case <-time.After(10 * time.Second): // a bound on a hang, not a timing
			t.Fatalf("%s at the ticket's path: saving the ticket still waits after 10 s", name)
		}
		if fi, err := os.Lstat(p); err != nil || !fi.Mode().IsRegular() || Load(p) != ticket {
			t.Fatalf("%s at the ticket's path: now %v (%v) holding %q, want a regular file with the ticket", name, fi, err, Load(p))
		}
	}
	if b, err := os.ReadFile(victim); err != nil || string(b) != "keep me" {
		t.Fatalf("the file a link pointed to holds %q (%v), want it untouched", b, err)
	}
	if _, err := os.Lstat(filepath.Join(outside, "new")); !os.IsNotExist(err) {
		t.Fatalf("a link to nothing made a file out of the cache: %v", err)
	}
	// The ticket's folder itself a link out of the cache: refused.
	if err := os.RemoveAll(filepath.Dir(p)); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Dir(p)); err != nil {
		t.Fatal(err)
	}
	if err := Save(p, ticket); err == nil {
		t.Fatal("a ticket whose folder is a link out of the cache was kept, want refused")
	}
	if _, err := os.Lstat(filepath.Join(outside, filepath.Base(p))); !os.IsNotExist(err) {
		t.Fatalf("the ticket was written out of the cache: %v", err)
	}
}
