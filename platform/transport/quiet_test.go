package transport

import (
	"bytes"
	"errors"
	"log"
	"os"
	"strings"
	"testing"
	"time"
)

// quic-go prints its buffer warning once a process, with the standard
// logger: this test sees it only when it is the first to start QUIC (go
// test -run RelayedSession), and checks the variable either way.
func TestARelayedSessionPrintsNothingOfQUICsOwn(t *testing.T) {
	var buf bytes.Buffer
	log.SetOutput(&buf)
	t.Cleanup(func() { log.SetOutput(os.Stderr) })
	l := newLab(t, symNAT, symNAT)
	js, errs := meetPair(t, l, servers(t, false), 30*time.Second)
	if err := errors.Join(errs[:]...); err != nil {
		t.Fatalf("meet: %v", err)
	}
	if js[0].Path != PathRelay {
		t.Fatalf("path %q, want the relay", js[0].Path)
	}
	exchange(t, js)
	if out := buf.String(); strings.Contains(out, "UDP-Buffer-Sizes") || strings.Contains(out, "buffer size") {
		t.Errorf("quic-go wrote to the standard logger: %q", out)
	}
	if v := os.Getenv(quicBufferWarning); v != "true" {
		t.Errorf("%s=%q after a session, want it set", quicBufferWarning, v)
	}
}
