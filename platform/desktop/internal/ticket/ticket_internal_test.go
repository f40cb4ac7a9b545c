package ticket

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A ticket is kept whole under the user's cache, one file per game and
// code, read back as it was written, and gone once dropped; what is not
// a ticket reads as none.
func TestATicketIsKeptPerGameAndCodeAndReadBackAsWritten(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	p := Path("versus", "code-one-1234")
	if p == "" || p == Path("versus", "code-two-1234") || p == Path("breakout", "code-one-1234") {
		t.Fatalf("ticket paths %q, %q, %q: want one per game and code", p, Path("versus", "code-two-1234"), Path("breakout", "code-one-1234"))
	}
	if strings.Contains(p, "code-one") {
		t.Errorf("the ticket's file %q names the code: it must not show it", p)
	}
	if got := Load(p); got != "" {
		t.Fatalf("no ticket kept yet: read %q, want none", got)
	}
	const ticket = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	if err := Save(p, ticket); err != nil {
		t.Fatal(err)
	}
	if got := Load(p); got != ticket {
		t.Fatalf("read back %q, want %q", got, ticket)
	}
	for _, junk := range []string{"", "two words", strings.Repeat("x", maxTicket+1), "caf\u00e9"} {
		if err := os.WriteFile(p, []byte(junk), 0o600); err != nil {
			t.Fatal(err)
		}
		if got := Load(p); got != "" {
			t.Errorf("a file holding %q read as ticket %q, want none", junk, got)
		}
	}
	if err := Drop(p); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatalf("after dropping, %s: %v, want it gone", filepath.Base(p), err)
	}
	if err := Drop(p); err != nil {
		t.Fatalf("dropping a ticket that is gone: %v, want nil", err)
	}
}
