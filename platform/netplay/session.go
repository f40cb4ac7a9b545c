package netplay

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"time"

	"github.com/quic-go/quic-go"

	np "github.com/lockstep-engine/lockstep/engine/netplay"
)

// Options set up Host and Join.
type Options struct {
	// Code is the session's secret, at least MinCode characters; required
	// (NewCode makes one).
	Code string
	// Players is how many players the session has, the host included;
	// the host waits for Players-1 joiners. Host only; no default.
	Players int
	// InputDelay fixes the input delay in ticks; 0 means chosen from the
	// round trips measured while joining. Host only.
	InputDelay int
	// TPS is the tick rate the delay is reckoned in; 0 means 60.
	TPS int
	// Build and Game name the binary and the game; a joiner whose differ
	// from the host's is refused.
	Build, Game string
	// Settings are what the peers' simulations must agree on (see Setting).
	Settings []Setting
	// Logger says who joined; nil means slog.Default().
	Logger *slog.Logger
}

// Joined is a peer's place in a session: its links to the others and
// what the session agreed on.
type Joined struct {
	Slot, Players, InputDelay int
	// Settings are the session's: the host's, which a joiner adopts.
	Settings []Setting
	// Peers are the links for engine/netplay's Config.
	Peers []np.Peer
	// RTT is the largest round trip measured while joining.
	RTT time.Duration
	// Path is how the peers reached each other: PathDirect for Host and
	// Join, what ICE found for Meet (the least direct, with several).
	Path string
	// Connect is how long Meet took to find the paths and greet; zero
	// for Host and Join.
	Connect time.Duration

	conns []*quic.Conn
	ln    *quic.Listener
	links []*link
	// closers end what Meet opened under the connections (ICE agents,
	// sockets), after them.
	closers []io.Closer
}

// Dropped counts datagrams that arrived while the queue was full.
func (j *Joined) Dropped() uint64 {
	var n uint64
	for _, l := range j.links {
		n += l.dropped.Load()
	}
	return n
}

// Close ends every connection.
func (j *Joined) Close() error {
	var errs []error
	for _, c := range j.conns {
		errs = append(errs, c.CloseWithError(0, "session over"))
	}
	if j.ln != nil {
		errs = append(errs, j.ln.Close())
	}
	for _, c := range j.closers {
		errs = append(errs, c.Close())
	}
	j.closers = nil
	return errors.Join(errs...)
}

// NewCode returns a fresh session code: 16 letters and digits, 80 bits.
func NewCode() string {
	b := make([]byte, 10)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)
}

func quicConfig() *quic.Config {
	return &quic.Config{
		EnableDatagrams:      true,
		MaxIdleTimeout:       30 * time.Second,
		KeepAlivePeriod:      time.Second,
		HandshakeIdleTimeout: 10 * time.Second,
	}
}

// Join connects to the host at addr and waits for its welcome.
func Join(ctx context.Context, addr string, o Options) (*Joined, error) {
	id, err := newIdentity(o.Code)
	if err != nil {
		return nil, err
	}
	conn, err := quic.DialAddr(ctx, addr, id.clientTLS(), quicConfig())
	if err != nil {
		return nil, fmt.Errorf("netplay: join %s: %w (is the host there, and the code the same?)", addr, err)
	}
	return joinOver(ctx, conn, o)
}

// joinOver greets the host over conn and makes the joiner's Joined.
func joinOver(ctx context.Context, conn *quic.Conn, o Options) (*Joined, error) {
	w, err := greetHost(ctx, conn, o)
	if err != nil {
		_ = conn.CloseWithError(1, "greeting failed")
		return nil, err
	}
	rtt := conn.ConnectionStats()
	l := newLink(context.WithoutCancel(ctx), conn)
	return &Joined{
		Slot: w.Slot, Players: w.Players, InputDelay: w.InputDelay, Settings: w.Settings,
		Peers: []np.Peer{{Slot: 0, Link: l}}, RTT: rtt.SmoothedRTT, Path: PathDirect,
		conns: []*quic.Conn{conn}, links: []*link{l},
	}, nil
}

// greetHost says hello on a stream of conn and reads the welcome.
func greetHost(ctx context.Context, conn *quic.Conn, o Options) (welcome, error) {
	var w welcome
	st, err := conn.OpenStreamSync(ctx)
	if err != nil {
		return w, fmt.Errorf("netplay: open the greeting stream: %w", err)
	}
	if err := writeMessage(st, hello{Build: o.Build, Game: o.Game, Settings: o.Settings}); err != nil {
		return w, err
	}
	stop := context.AfterFunc(ctx, func() { st.CancelRead(1) })
	defer stop()
	if err := readMessage(st, &w); err != nil {
		return w, err
	}
	if w.Refused != "" {
		return w, fmt.Errorf("%w: %s", ErrRefused, w.Refused)
	}
	if w.Players < 2 || w.Slot < 1 || w.Slot >= w.Players {
		return w, fmt.Errorf("netplay: the host's welcome gives slot %d of %d players", w.Slot, w.Players)
	}
	return w, nil
}

// listenAddr refuses to listen on every interface by accident: the
// address must name a host (127.0.0.1, a LAN address) unless it is
// written out as 0.0.0.0 or [::].
func listenAddr(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("netplay: host address %q: %w (want HOST:PORT, such as 127.0.0.1:7777)", addr, err)
	}
	if host == "" {
		return fmt.Errorf("netplay: host address %q names no interface: write 127.0.0.1:PORT for this machine, a LAN address, or 0.0.0.0:PORT for every interface", addr)
	}
	return nil
}

// WireBytes returns the bytes QUIC sent and received on every connection,
// its headers, acknowledgements and retransmitted greetings included
// (not UDP's and IP's).
func (j *Joined) WireBytes() (sent, received uint64) {
	for _, c := range j.conns {
		s := c.ConnectionStats()
		sent += s.BytesSent
		received += s.BytesReceived
	}
	return sent, received
}
