package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/platform/netplay/lobby"
)

// syncBuffer is a bytes.Buffer the server's logger and the test may use
// at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestBadCommandLinesExitTwoNamingTheFlag(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, []byte("\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-listen", ":7000"}, "0.0.0.0:PORT"},
		{[]string{"-listen", "7000"}, "-listen"},
		{[]string{"-turn", "turn:127.0.0.1:3478"}, "-turn-secret-file"},
		{[]string{"-turn-secret-file", filepath.Join(dir, "missing")}, "-turn-secret-file"},
		{[]string{"-turn-secret-file", empty}, "non-empty"},
		{[]string{"-stun", "http://example.com"}, "stun:HOST:PORT"},
		{[]string{"-cert", "c.pem"}, "-key"},
		{[]string{"extra"}, "unexpected argument"},
	} {
		var errs syncBuffer
		code := run(context.Background(), tc.args, &errs)
		if code != 2 || !strings.Contains(errs.String(), tc.want) {
			t.Errorf("lobby %v: exit %d, %q; want exit 2 and a message with %q", tc.args, code, errs.String(), tc.want)
		}
	}
}

func TestServesPeersOnLoopbackUntilStopped(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("coturn-static-auth-secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var errs syncBuffer
	exit := make(chan int, 1)
	go func() {
		exit <- run(ctx, []string{"-listen", "127.0.0.1:0", "-stun", "stun:127.0.0.1:3478", "-turn", "turn:127.0.0.1:3478", "-turn-secret-file", secret}, &errs)
	}()
	addr := waitForAddr(t, &errs)
	jctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := lobby.Join(jctx, addr, "tools-lobby-test", lobby.Options{})
	if err != nil {
		t.Fatalf("Join through the lobby program: %v", err)
	}
	s := c.Servers()
	if c.Slot() != 0 || len(s) != 2 || s[1].Username == "" {
		t.Errorf("slot %d, servers %+v: want slot 0, STUN and TURN with credentials", c.Slot(), s)
	}
	user, pass := lobby.TURNCredentials([]byte("coturn-static-auth-secret"), s[1].Username[strings.IndexByte(s[1].Username, ':')+1:], s[1].Expires)
	if user != s[1].Username || pass != s[1].Credential {
		t.Errorf("credentials not made from the secret file's line")
	}
	_ = c.Close()
	stop()
	select {
	case code := <-exit:
		if code != 0 {
			t.Fatalf("exit %d after the stop signal, want 0:\n%s", code, errs.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the lobby did not stop within 10 s of the signal")
	}
}

// waitForAddr reads the address the program says it listens on.
func waitForAddr(t *testing.T, errs *syncBuffer) string {
	t.Helper()
	re := regexp.MustCompile(`msg="lobby: listening" addr=(\S+)`)
	for range 200 {
		if m := re.FindStringSubmatch(errs.String()); m != nil {
			return m[1]
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the lobby never said where it listens:\n%s", errs.String())
	return ""
}
