package lobby

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"
)

// quiet is a logger that writes nowhere, for servers and clients in tests.
func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// serve runs a lobby on a loopback port for the test and returns its
// address; the server stops when the test ends.
func serve(t testing.TB, cfg ServerConfig) (string, *Server) {
	t.Helper()
	return serveWith(t, cfg, func(*Server) {})
}

// serveWith is serve with a hook that may change the server before it
// serves.
func serveWith(t testing.TB, cfg ServerConfig, hook func(*Server)) (string, *Server) {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = quiet()
	}
	s, err := NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hook(s)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Serve(ln, "", "") }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = s.Shutdown(ctx)
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return ln.Addr().String(), s
}

func testContext(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func joinT(t testing.TB, addr, code string, o Options) *Client {
	t.Helper()
	if o.Logger == nil {
		o.Logger = quiet()
	}
	c, err := Join(testContext(t), addr, code, o)
	if err != nil {
		t.Fatalf("Join: %v", err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func TestFirstToArriveHostsAndPeersExchangeSealedMessages(t *testing.T) {
	addr, _ := serve(t, ServerConfig{STUN: []string{"stun:127.0.0.1:3478"}, TURN: []string{"turn:127.0.0.1:3478"}, TURNSecret: []byte("s3cret"), PollWait: 200 * time.Millisecond})
	ctx := testContext(t)
	a := joinT(t, addr, "correct-horse", Options{})
	b := joinT(t, addr, "correct-horse", Options{})
	if a.Slot() != 0 || b.Slot() != 1 {
		t.Fatalf("slots %d and %d, want 0 (first) and 1", a.Slot(), b.Slot())
	}
	st, err := a.Wait(ctx, Status.Full)
	if err != nil || !st.Full() || st.Players != 2 {
		t.Fatalf("host's Wait(Full) = %+v, %v", st, err)
	}
	if err := a.Send(ctx, 1, []byte("offer from the host")); err != nil {
		t.Fatal(err)
	}
	from, p, err := b.Recv(ctx)
	if err != nil || from != 0 || string(p) != "offer from the host" {
		t.Fatalf("joiner's Recv = %d %q %v", from, p, err)
	}
	if err := b.Send(ctx, 0, []byte("answer")); err != nil {
		t.Fatal(err)
	}
	if from, p, err = a.Recv(ctx); err != nil || from != 1 || string(p) != "answer" {
		t.Fatalf("host's Recv = %d %q %v", from, p, err)
	}
	servers := b.Servers()
	if len(servers) != 2 || servers[0].URLs[0] != "stun:127.0.0.1:3478" || servers[1].Username == "" {
		t.Fatalf("servers %+v: want the STUN URL, then the TURN URL with credentials", servers)
	}
	user, pass := TURNCredentials([]byte("s3cret"), servers[1].Username[len("1234567890:"):], servers[1].Expires)
	if user != servers[1].Username || pass != servers[1].Credential {
		t.Errorf("TURN credentials %q/%q do not match the secret's %q/%q", servers[1].Username, servers[1].Credential, user, pass)
	}
}

func TestAWrongCodeMeetsNobody(t *testing.T) {
	addr, _ := serve(t, ServerConfig{PollWait: 200 * time.Millisecond})
	a := joinT(t, addr, "the-right-code", Options{})
	_, err := Join(testContext(t), addr, "the-wrong-code", Options{NoCreate: true, Logger: quiet()})
	if !errors.Is(err, ErrCodeUnknown) {
		t.Fatalf("joining another code without creating: %v, want ErrCodeUnknown", err)
	}
	if st := a.Status(); len(st.Joined) != 1 {
		t.Fatalf("the host's room has %v, want only the host", st.Joined)
	}
}

func TestLobbyUnreachableIsTyped(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, err = Join(testContext(t), addr, "some-code-here", Options{Logger: quiet()})
	var le *Error
	if !errors.Is(err, ErrUnreachable) || !errors.As(err, &le) || le.Try == "" {
		t.Fatalf("Join on a closed port: %v, want ErrUnreachable with something to try", err)
	}
	if !bytes.Contains([]byte(err.Error()), []byte("connect directly without a lobby")) {
		t.Errorf("message %q does not say what to try", err)
	}
}

func TestStatsAreServedToThisMachineOnly(t *testing.T) {
	addr, _ := serve(t, ServerConfig{})
	for _, tc := range []struct {
		forwarded string
		want      int
	}{{"", http.StatusOK}, {"198.51.100.9", http.StatusNotFound}} {
		req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/stats", nil)
		if tc.forwarded != "" {
			req.Header.Set("X-Forwarded-For", tc.forwarded)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var st Stats
		err = json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		if resp.StatusCode != tc.want || (tc.want == http.StatusOK && (err != nil || st.Requests != 0)) {
			t.Errorf("/stats forwarded for %q: %d %+v %v, want %d", tc.forwarded, resp.StatusCode, st, err, tc.want)
		}
	}
}

func TestRecvAndWaitAfterCloseSayClosed(t *testing.T) {
	addr, s := serve(t, ServerConfig{PollWait: 50 * time.Millisecond})
	c := joinT(t, addr, "closing-code", Options{})
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Recv(testContext(t)); !errors.Is(err, net.ErrClosed) {
		t.Errorf("Recv after Close: %v, want net.ErrClosed", err)
	}
	if _, err := c.Wait(testContext(t), Status.Full); !errors.Is(err, net.ErrClosed) {
		t.Errorf("Wait after Close: %v, want net.ErrClosed", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
	if st := s.Stats(); st.Members != 0 {
		t.Errorf("the lobby still holds %d members after Close", st.Members)
	}
}
