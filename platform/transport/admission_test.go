package transport

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/quic-go/quic-go"
)

// dialStalled starts a handshake from ip that never finishes: the client
// (which does not know the code) never answers the host's certificate,
// until ctx ends. It returns at once; the handshake goes on behind.
func dialStalled(t *testing.T, ctx context.Context, ip, addr string) {
	t.Helper()
	udp, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.ParseIP(ip)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = udp.Close() })
	conf := &tls.Config{
		MinVersion: tls.VersionTLS13, InsecureSkipVerify: true, ServerName: "lockstep", NextProtos: []string{alpn},
		VerifyPeerCertificate: func([][]byte, [][]*x509.Certificate) error { <-ctx.Done(); return ctx.Err() },
	}
	ua, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		if c, err := quic.Dial(ctx, udp, ua, conf, quicConfig(time.Minute)); err == nil {
			_ = c.CloseWithError(0, "")
		}
	}()
}

// Without the code, three addresses stalling 8 handshakes each filled
// the host's 24 places, and every joiner was refused as if the session
// were full. The host now drops the oldest stalled handshake of the
// source holding most for a new connection, and says so in its log.
func TestStalledHandshakesFromThreeAddressesDoNotLockOutAJoiner(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	actx, stopAttack := context.WithCancel(ctx)
	defer stopAttack()
	o := opts(testCode)
	gates := make(chan *gate, 1)
	o.onGate = func(g *gate) { gates <- g }
	addr, log, wait := startHost(t, ctx, o)
	g := <-gates
	for i := range maxConns {
		dialStalled(t, actx, fmt.Sprintf("127.0.0.%d", 21+i/maxConnsPerSource), addr)
		time.Sleep(20 * time.Millisecond) // in order, as an attacker re-dialing would be
	}
	for range 500 { // until the host holds them all (bounded)
		g.mu.Lock()
		held := g.conns
		g.mu.Unlock()
		if held >= maxConns {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	jctx, jcancel := context.WithTimeout(ctx, 20*time.Second)
	defer jcancel()
	j, err := Join(jctx, addr, opts(testCode), JoinOptions{})
	if err != nil {
		t.Fatalf("a joiner with the code behind 24 stalled handshakes: %v\nhost log:\n%s", err, log)
	}
	defer j.Close()
	if _, err := wait(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "stalled") {
		t.Errorf("the host's log says nothing of the stalled handshakes:\n%s", log)
	}
}

// fakeConn records that the gate dropped it.
type fakeConn struct{ dropped chan struct{} }

func (f *fakeConn) CloseWithError(quic.ApplicationErrorCode, string) error {
	close(f.dropped)
	return nil
}

// The gate counts an IPv6 /64 as one source, and over a bound drops the
// oldest unproven connection of the source holding most, never a proven
// one.
func TestTheGateDropsTheOldestUnprovenOfTheLargestSource(t *testing.T) {
	g := newGate(slog.New(slog.NewTextHandler(io.Discard, nil)))
	admit := func(ip string) (*entry, *fakeConn, error) {
		ctx, err := g.admit(t.Context(), &quic.ClientInfo{RemoteAddr: &net.UDPAddr{IP: net.ParseIP(ip), Port: 1}})
		if err != nil {
			return nil, nil, err
		}
		e := ctx.Value(entryKey{}).(*entry)
		f := &fakeConn{dropped: make(chan struct{})}
		g.mu.Lock()
		e.conn = f
		g.mu.Unlock()
		return e, f, nil
	}
	var first []*fakeConn
	for i := range maxConnsPerSource {
		_, f, err := admit(fmt.Sprintf("2001:db8:1:2::%x", i+1)) // one /64
		if err != nil {
			t.Fatal(err)
		}
		first = append(first, f)
	}
	if n := g.sources[source(&net.UDPAddr{IP: net.ParseIP("2001:db8:1:2:ffff::1")})]; n != maxConnsPerSource {
		t.Fatalf("the /64 holds %d, want all %d counted together", n, maxConnsPerSource)
	}
	if _, _, err := admit("2001:db8:1:2::99"); err != nil {
		t.Fatalf("a ninth from the /64: %v, want its oldest dropped instead", err)
	}
	<-first[0].dropped
	for i := range maxConns - maxConnsPerSource { // proven ones from two more sources fill the rest
		e, _, err := admit(fmt.Sprintf("198.51.100.%d", 1+i%2))
		if err != nil {
			t.Fatal(err)
		}
		g.mu.Lock()
		e.proven = true
		g.mu.Unlock()
	}
	if _, _, err := admit("203.0.113.1"); err != nil {
		t.Fatalf("a new source with every place taken: %v", err)
	}
	<-first[1].dropped // the /64's next oldest: the proven ones stay
	if g.conns != maxConns {
		t.Fatalf("%d held, want %d", g.conns, maxConns)
	}
}
