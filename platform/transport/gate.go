package transport

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"time"

	"github.com/quic-go/quic-go"
)

// Bounds on what peers that do not (yet) know the code can make a host
// hold. Every connection counts from its first packet until it closes:
// one that completes the handshake knows the code. A session has at most
// host.MaxPlayers-1 joiners, so these leave room for them.
const (
	// maxConns is the most connections a host keeps at once.
	maxConns = 24
	// maxConnsPerSource is the most from one source: an IPv4 address or
	// an IPv6 /64 (a NAT or one machine may hold several players).
	maxConnsPerSource = 8
	// retryAbove is how many connections a host keeps before it asks
	// each new one to prove its address with QUIC's Retry, which costs
	// the host nothing until the client answers from that address.
	retryAbove = 4
	// handshakeTimeout bounds a handshake that stops half way.
	handshakeTimeout = 3 * time.Second
	// logEvery is the least time between two log lines about peers with
	// the wrong code or stalled handshakes (a flood of them must not
	// flood the log).
	logEvery = time.Second
)

// errHostFull is why a connection is refused before its handshake.
var errHostFull = errors.New("transport: the host takes no more connections")

// closer is how the gate drops a connection it admitted: a *quic.Conn.
type closer interface {
	CloseWithError(quic.ApplicationErrorCode, string) error
}

// entry is one admitted connection: unproven until its handshake
// completes (the peer knows the code).
type entry struct {
	src    string
	seq    uint64 // admission order: lower is older
	conn   closer // nil until the listener hands the connection over
	proven bool
	gone   bool // dropped or closed: counted no more
}

type entryKey struct{}

// gate is a host's doorman: quic-go asks it about every new connection
// (Transport.ConnContext and VerifySourceAddress), and it refuses them
// beyond the bounds above, or all of them once the session is full. Over
// a bound, it drops the oldest unproven connection of the source holding
// most (or of the new one's source, over its own bound) to admit the new
// one: stalled handshakes from a few addresses cannot keep every joiner
// out.
type gate struct {
	log *slog.Logger

	mu      sync.Mutex
	conns   int
	sources map[string]int
	live    map[*entry]struct{}
	seq     uint64
	closed  bool
	// wrongCode and stalled count handshakes that failed on the code,
	// and unproven connections dropped or timed out, since the last log
	// line about them; lastLog is when that was.
	wrongCode, stalled int
	lastLog            time.Time
	dropped            int // unproven connections dropped for newer ones, ever
}

func newGate(log *slog.Logger) *gate {
	return &gate{log: log, sources: map[string]int{}, live: map[*entry]struct{}{}}
}

// source is the unit the per-source bound counts: an IPv4 address, or
// an IPv6 address's /64 (one subscriber's usual share).
func source(a net.Addr) string {
	var ip netip.Addr
	if u, ok := a.(*net.UDPAddr); ok {
		ip, _ = netip.AddrFromSlice(u.IP)
	} else if ap, err := netip.ParseAddrPort(a.String()); err == nil {
		ip = ap.Addr()
	} else {
		return a.String()
	}
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// retry is Transport.VerifySourceAddress: once a few connections are
// open, a new one must first show it receives at its address.
func (g *gate) retry(net.Addr) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.closed || g.conns >= retryAbove
}

// admit is Transport.ConnContext: it counts the connection until it
// closes, dropping an unproven one over a bound, or refuses it (quic-go
// then answers CONNECTION_REFUSED and keeps nothing).
func (g *gate) admit(ctx context.Context, info *quic.ClientInfo) (context.Context, error) {
	src := source(info.RemoteAddr)
	g.mu.Lock()
	dropped := g.dropped
	if g.closed || !g.makeRoomLocked(src) {
		g.mu.Unlock()
		return nil, errHostFull
	}
	dropped = g.dropped - dropped
	g.seq++
	e := &entry{src: src, seq: g.seq}
	g.live[e] = struct{}{}
	g.conns++
	g.sources[src]++
	g.mu.Unlock()
	if dropped > 0 {
		g.noteStalled(dropped, info.RemoteAddr)
	}
	context.AfterFunc(ctx, func() {
		cause := context.Cause(ctx)
		if wrongCode(cause) {
			g.wrongCodeFrom(info.RemoteAddr)
		}
		g.mu.Lock()
		timedOut := !e.proven && !e.gone && isTimeout(cause)
		g.forgetLocked(e)
		g.mu.Unlock()
		if timedOut {
			g.noteStalled(1, info.RemoteAddr)
		}
	})
	return context.WithValue(ctx, entryKey{}, e), nil
}

// makeRoomLocked drops unproven connections until src may have one more
// within both bounds; false when only proven ones (or ones not handed
// over yet) stand in the way. g.mu is held.
func (g *gate) makeRoomLocked(src string) bool {
	for range 2 {
		switch {
		case g.sources[src] >= maxConnsPerSource:
			if !g.dropLocked(src) {
				return false
			}
		case g.conns >= maxConns:
			if !g.dropLocked("") {
				return false
			}
		default:
			return true
		}
	}
	return g.sources[src] < maxConnsPerSource && g.conns < maxConns
}

// dropLocked closes the oldest unproven connection of src, or with src
// "" of the source holding most. g.mu is held.
func (g *gate) dropLocked(src string) bool {
	var victim *entry
	for e := range g.live {
		if e.proven || e.conn == nil || (src != "" && e.src != src) {
			continue
		}
		if victim == nil || g.sources[e.src] > g.sources[victim.src] ||
			(g.sources[e.src] == g.sources[victim.src] && e.seq < victim.seq) {
			victim = e
		}
	}
	if victim == nil {
		return false
	}
	g.forgetLocked(victim)
	g.dropped++
	go func() { _ = victim.conn.CloseWithError(3, "handshake too slow") }()
	return true
}

// forgetLocked stops counting e, once. g.mu is held.
func (g *gate) forgetLocked(e *entry) {
	if e.gone {
		return
	}
	e.gone = true
	delete(g.live, e)
	g.conns--
	if g.sources[e.src]--; g.sources[e.src] <= 0 {
		delete(g.sources, e.src)
	}
}

// handedOver records the connection the listener returned (before its
// handshake completed), so that the gate can drop it.
func (g *gate) handedOver(c *quic.Conn) {
	if e, ok := c.Context().Value(entryKey{}).(*entry); ok {
		g.mu.Lock()
		e.conn = c
		g.mu.Unlock()
	}
}

// proven records that c completed its handshake: it knows the code.
func (g *gate) proven(c *quic.Conn) {
	if e, ok := c.Context().Value(entryKey{}).(*entry); ok {
		g.mu.Lock()
		e.proven = true
		g.mu.Unlock()
	}
}

// wrongCode reports whether a connection ended in its TLS handshake: the
// certificates both ends derive from the code did not match (a peer with
// another code, or none).
func wrongCode(err error) bool {
	var te *quic.TransportError
	return errors.As(err, &te) && te.ErrorCode.IsCryptoError()
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
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
	due := now.Sub(g.lastLog) >= logEvery
	n := g.wrongCode
	if due {
		g.wrongCode, g.lastLog = 0, now
	}
	g.mu.Unlock()
	if due {
		g.log.Warn("transport: a peer tried to join with the wrong code", "addr", addrString(addr), "attempts", n)
	}
}

// noteStalled logs n more handshakes that stalled (timed out, or were
// dropped for a newer connection), at most once a second, with how many
// since the last line: peers that do not finish joining, holding the
// host's places.
func (g *gate) noteStalled(n int, addr net.Addr) {
	g.mu.Lock()
	g.stalled += n
	now := time.Now()
	due := g.stalled > 0 && now.Sub(g.lastLog) >= logEvery
	total := g.stalled
	if due {
		g.stalled, g.lastLog = 0, now
	}
	g.mu.Unlock()
	if due {
		g.log.Warn("transport: handshakes stalled (peers that do not finish joining; the oldest are dropped for new ones)", "addr", addrString(addr), "stalled", total)
	}
}

func addrString(a net.Addr) string {
	if a == nil {
		return "unknown"
	}
	return a.String()
}

// placed records that c took a place in the session: the gate bounds it
// no more (a session's members and spectators are bounded by it).
func (g *gate) placed(c *quic.Conn) {
	if e, ok := c.Context().Value(entryKey{}).(*entry); ok {
		g.mu.Lock()
		g.forgetLocked(e)
		g.mu.Unlock()
	}
}
