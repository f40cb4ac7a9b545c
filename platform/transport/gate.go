package transport

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/quic-go/quic-go"
)

// Bounds on what peers that do not (yet) know the code can make a host
// hold. Every connection counts from its first packet until it closes:
// one that completes the handshake knows the code. A session has at most
// engine.MaxPlayers-1 joiners, so these leave room for them.
const (
	// maxConns is the most connections a host keeps at once.
	maxConns = 24
	// maxConnsPerSource is the most from one IP address (a NAT or one
	// machine may hold several players).
	maxConnsPerSource = 8
	// retryAbove is how many connections a host keeps before it asks
	// each new one to prove its address with QUIC's Retry, which costs
	// the host nothing until the client answers from that address.
	retryAbove = 4
	// handshakeTimeout bounds a handshake that stops half way.
	handshakeTimeout = 3 * time.Second
	// logEvery is the least time between two log lines about peers with
	// the wrong code (a flood of them must not flood the log).
	logEvery = time.Second
)

// errHostFull is why a connection is refused before its handshake.
var errHostFull = errors.New("transport: the host takes no more connections")

// gate is a host's doorman: quic-go asks it about every new connection
// (Transport.ConnContext and VerifySourceAddress), and it refuses them
// beyond the bounds above, or all of them once the session is full.
type gate struct {
	log *slog.Logger

	mu      sync.Mutex
	conns   int
	sources map[string]int
	closed  bool
	// wrongCode counts handshakes that failed on the code since the last
	// log line about them; lastLog is when that was.
	wrongCode int
	lastLog   time.Time
}

func newGate(log *slog.Logger) *gate { return &gate{log: log, sources: map[string]int{}} }

func source(a net.Addr) string {
	if u, ok := a.(*net.UDPAddr); ok {
		return u.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// retry is Transport.VerifySourceAddress: once a few connections are
// open, a new one must first show it receives at its address.
func (g *gate) retry(net.Addr) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.closed || g.conns >= retryAbove
}

// admit is Transport.ConnContext: it counts the connection until it
// closes, or refuses it (quic-go then answers CONNECTION_REFUSED and
// keeps nothing).
func (g *gate) admit(ctx context.Context, info *quic.ClientInfo) (context.Context, error) {
	src := source(info.RemoteAddr)
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed || g.conns >= maxConns || g.sources[src] >= maxConnsPerSource {
		return nil, errHostFull
	}
	g.conns++
	g.sources[src]++
	context.AfterFunc(ctx, func() {
		if wrongCode(context.Cause(ctx)) {
			g.wrongCodeFrom(info.RemoteAddr)
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		g.conns--
		if g.sources[src]--; g.sources[src] <= 0 {
			delete(g.sources, src)
		}
	})
	return ctx, nil
}

// wrongCode reports whether a connection ended in its TLS handshake: the
// certificates both ends derive from the code did not match (a peer with
// another code, or none).
func wrongCode(err error) bool {
	var te *quic.TransportError
	return errors.As(err, &te) && te.ErrorCode.IsCryptoError()
}

// close refuses every connection from now on: the session is full.
func (g *gate) close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = true
}

// wrongCodeFrom logs a peer that tried to join with another code, at
// most once a second, with how many did since the last line.
func (g *gate) wrongCodeFrom(addr net.Addr) {
	g.mu.Lock()
	g.wrongCode++
	now := time.Now()
	if now.Sub(g.lastLog) < logEvery {
		g.mu.Unlock()
		return
	}
	n := g.wrongCode
	g.wrongCode, g.lastLog = 0, now
	g.mu.Unlock()
	a := "unknown"
	if addr != nil {
		a = addr.String()
	}
	g.log.Warn("transport: a peer tried to join with the wrong code", "addr", a, "attempts", n)
}
