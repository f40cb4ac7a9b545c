package transport

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quic-go/quic-go"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

// logBuffer is a log a test reads while the host writes it.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startHost runs Host on loopback in the background; it returns the
// address, the host's log and a function that waits for Host's result.
func startHost(t *testing.T, ctx context.Context, o Options) (string, *logBuffer, func() (*Joined, error)) {
	t.Helper()
	return startHostWith(t, ctx, o, HostOptions{})
}

// startHostWith is startHost with the host's own options ho.
func startHostWith(t *testing.T, ctx context.Context, o Options, ho HostOptions) (string, *logBuffer, func() (*Joined, error)) {
	t.Helper()
	log := &logBuffer{}
	o.Logger = slog.New(slog.NewTextHandler(log, nil))
	addrs := make(chan net.Addr, 1)
	type result struct {
		j   *Joined
		err error
	}
	res := make(chan result, 1)
	go func() {
		j, err := Host(ctx, "127.0.0.1:0", o, ho, func(a net.Addr) { addrs <- a })
		res <- result{j, err}
	}()
	var addr string
	select {
	case a := <-addrs:
		addr = a.String()
	case r := <-res:
		t.Fatalf("Host: %v", r.err)
	}
	var once sync.Once
	var r result
	wait := func() (*Joined, error) {
		once.Do(func() {
			r = <-res
			if r.j != nil {
				t.Cleanup(func() { _ = r.j.Close() })
			}
		})
		return r.j, r.err
	}
	return addr, log, wait
}

func TestAJoinerThatCannotRunTheSettingsIsRefusedAndItsPlaceStaysFree(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	physics := tape.Setting{Name: "physics", Value: "box2d"}
	addr, log, wait := startHost(t, ctx, chosen(opts(testCode, physics), "physics"))

	lacking := opts(testCode, tape.Setting{Name: "physics", Value: "chipmunk"})
	_, err := Join(ctx, addr, lacking, JoinOptions{Check: func(netplay.Terms) error {
		return errors.New("-physics box2d: this build has no Box2D (build with -tags box2d)")
	}})
	if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "no Box2D") {
		t.Fatalf("join without Box2D: %v, want it refused saying why", err)
	}
	able := opts(testCode, tape.Setting{Name: "physics", Value: "chipmunk"})
	var got []tape.Setting
	j, err := Join(ctx, addr, able, JoinOptions{Check: func(t netplay.Terms) error { got = t.Settings; return nil }})
	if err != nil {
		t.Fatalf("the next joiner, which can run the session: %v (host log:\n%s)", err, log)
	}
	defer j.Close()
	if j.Slot != 1 || len(got) != 1 || got[0].Value != "box2d" {
		t.Fatalf("the next joiner got slot %d and was offered %v: want slot 1 and the host's box2d", j.Slot, got)
	}
	if _, err := wait(); err != nil {
		t.Fatalf("host: %v", err)
	}
	if !strings.Contains(log.String(), "no Box2D") {
		t.Fatalf("the host's log does not say why the first joiner could not join:\n%s", log)
	}
}

// dialSilent completes a QUIC handshake with the code and never greets.
func dialSilent(t *testing.T, ctx context.Context, addr string) {
	t.Helper()
	id, err := newIdentity(testCode, testKDF)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := quic.DialAddr(ctx, addr, id.clientTLS(), quicConfig(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.CloseWithError(0, "") })
}

func TestPeersThatNeverGreetDoNotHoldUpOneThatDoes(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	addr, log, wait := startHost(t, ctx, opts(testCode))
	for range 3 {
		dialSilent(t, ctx, addr)
	}
	// Greeted one after another, the silent three would hold the host
	// for three greeting timeouts (15 s); this joiner waits less than one.
	jctx, jcancel := context.WithTimeout(ctx, greetTimeout-time.Second)
	defer jcancel()
	j, err := Join(jctx, addr, opts(testCode), JoinOptions{})
	if err != nil {
		t.Fatalf("join behind three silent peers: %v\nhost log:\n%s", err, log)
	}
	defer j.Close()
	if _, err := wait(); err != nil {
		t.Fatal(err)
	}
}

func TestAJoinerWithTheWrongCodeIsLoggedOnTheHost(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	addr, log, _ := startHost(t, ctx, opts(testCode))
	_, err := Join(ctx, addr, opts("another-code-99"), JoinOptions{})
	switch {
	case err == nil:
		t.Fatal("a join with the wrong code succeeded")
	case !errors.Is(err, ErrWrongCode) || strings.Contains(err.Error(), "CRYPTO_ERROR"):
		t.Fatalf("a join with the wrong code says %q: want ErrWrongCode, in a player's words (no QUIC error codes)", err)
	}
	for range 100 {
		if strings.Contains(log.String(), "wrong code") && strings.Contains(log.String(), "127.0.0.1") {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the host's log does not name the peer with the wrong code:\n%s", log)
}

func TestJoiningAHostThatIsNotThereGivesUpAfterTheTimeout(t *testing.T) {
	udp, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)}) // a port where nothing answers
	if err != nil {
		t.Fatal(err)
	}
	defer udp.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	o := opts(testCode)
	o.Local.Handshake = time.Second
	_, err = Join(ctx, udp.LocalAddr().String(), o, JoinOptions{})
	if !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "no answer within 1s") {
		t.Fatalf("join of nobody: %v, want it given up after the 1 s timeout (ErrNoAnswer)", err)
	}
}

// initial is a QUIC Initial packet from a new connection ID that no
// handshake follows: what a flood of ClientHellos costs a host.
func initial() []byte {
	b := make([]byte, 1200)
	_, _ = rand.Read(b)
	b[0] = 0xc3                                                  // long header, Initial, 4-byte packet number
	copy(b[1:5], []byte{0, 0, 0, 1})                             // QUIC version 1
	b[5] = 8                                                     // destination connection ID: b[6:14]
	b[14] = 8                                                    // source connection ID: b[15:23]
	b[23] = 0                                                    // no token
	b[24], b[25] = 0x40|byte((1200-26)>>8), byte((1200-26)&0xff) // length
	return b
}

// flood sends n Initial packets from new connection IDs to addr.
func flood(t *testing.T, addr string, n int) {
	t.Helper()
	c, err := net.Dial("udp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for i := range n {
		if _, err := c.Write(initial()); err != nil {
			t.Fatal(err)
		}
		if i%100 == 99 {
			time.Sleep(5 * time.Millisecond) // what the socket buffer holds
		}
	}
}

func TestAFloodOfHandshakesHoldsABoundedNumberAndAJoinerStillJoins(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	log := &logBuffer{}
	id, err := newIdentity(testCode, testKDF)
	if err != nil {
		t.Fatal(err)
	}
	l, err := listen("127.0.0.1:0", id, slog.New(slog.NewTextHandler(log, nil)), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l.close()
	flood(t, l.ln.Addr().String(), 3000)
	l.gate.mu.Lock()
	conns := l.gate.conns
	l.gate.mu.Unlock()
	if conns > retryAbove {
		t.Fatalf("3,000 handshakes that never finish left the host holding %d connections: want at most %d", conns, retryAbove)
	}
	// A peer that knows the code still gets through (past a Retry).
	done := make(chan error, 1)
	go func() {
		c, err := l.ln.Accept(ctx)
		if err == nil {
			_ = c.CloseWithError(0, "")
		}
		done <- err
	}()
	conn, err := quic.DialAddr(ctx, l.ln.Addr().String(), id.clientTLS(), quicConfig(5*time.Second))
	if err != nil {
		t.Fatalf("a peer with the code during the flood: %v", err)
	}
	defer conn.CloseWithError(0, "")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestTheHostIsToldWhoHoldsEachPlace(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	o := opts(testCode)
	o.Terms.Players = 3
	var mu sync.Mutex
	var seen []int
	addr, _, wait := startHostWith(t, ctx, o, HostOptions{Arrived: func(joined []net.Addr) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, len(joined))
	}})
	var wg sync.WaitGroup
	for range 2 { // each waits for its welcome until both are in
		wg.Go(func() {
			jo := opts(testCode)
			jo.Terms.Players = 0 // the host's
			j, err := Join(ctx, addr, jo, JoinOptions{})
			if err != nil {
				t.Error(err)
				return
			}
			t.Cleanup(func() { _ = j.Close() })
			if j.Terms.Players != 3 {
				t.Errorf("a joiner that left the count to the host got %d players, want the host's 3", j.Terms.Players)
			}
		})
	}
	wg.Wait()
	if _, err := wait(); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 2 || seen[0] != 1 || seen[1] != 2 {
		t.Fatalf("Arrived was told of %v joiners: want 1, then 2", seen)
	}
}
