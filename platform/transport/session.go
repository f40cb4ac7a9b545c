package transport

import (
	"cmp"
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

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// Options set up Host, Join and Meet: what every peer gives, whatever
// its role. A host's own choices are its HostOptions, a joiner's its
// JoinOptions.
type Options struct {
	// Terms are the session this peer wishes for. The host's are the
	// session's; the zero InputDelay asks the host to pick one from the
	// round trips measured while joining. A joiner's zero Players and
	// Ticks take the host's, others must be the host's; the rest of a
	// joiner's Terms but Settings (see Chosen) are not looked at.
	Terms netplay.Terms
	// Local is this peer's alone: a host with Rollback above 0 draws
	// ahead, so a delay picked from the round trip is DelayForDepth's at
	// that depth (0 to 2 ticks at the default 8) rather than DelayFor's;
	// Handshake bounds a joiner's wait for the host to answer at all.
	Local netplay.Local
	// Code is the session's secret, at least MinCode characters; required
	// (NewCode makes one).
	Code string
	// Build and Game name the binary and the game; a joiner whose differ
	// from the host's is refused ("" is compared as any other value).
	Build, Game string
	// Chosen names the Terms.Settings this peer's user chose: a joiner is
	// refused when one differs from the host's, and takes the host's
	// value for the others. Nil: none chosen.
	Chosen []string
	// Logger says who joined; nil means slog.Default().
	Logger *slog.Logger
	// Lobby, for Meet, is the address of the lobby it meets through
	// (HOST:PORT, or an http:// or https:// URL): Meet's socket binds
	// only to the local address of this machine's route to that host,
	// and ICE offers only that address's candidates. When the lobby is
	// on this machine the route to a STUN or TURN server off it is
	// taken instead. Empty: only those servers' routes are looked at.
	Lobby string
	// ListenAll makes Meet's socket listen on every interface and ICE
	// offer candidates from each (but loopback), for a machine whose
	// route to the lobby is not the way to the other players. false:
	// only the address facing the lobby.
	ListenAll bool
	// kdf is the cost of deriving the session key from Code; the zero
	// value is the full cost. Only tests lower it.
	kdf kdfCost
	// onGate, for tests, is told a host's gate once it listens.
	onGate func(*gate)
	// packetConn, for tests, opens the socket Host listens on (at the
	// address Host was given) and Join dials from (at nil), in place of a
	// UDP socket: a simulated network's, on a fake clock. nil: UDP.
	packetConn func(*net.UDPAddr) (net.PacketConn, error)
}

// HostOptions are a host's own choices (Host, Meet's slot 0); the zero
// value waits for every slot and tells nobody who arrived.
type HostOptions struct {
	// StartWith, for a session with Terms.LateJoin, starts it
	// as soon as this many players, the host included, hold a place (1 to
	// Terms.Players): the slots left are empty from tick 0
	// (netplay.Terms.Empty, in every joiner's welcome) for newcomers to
	// take while it runs (Joined.Admit). 0 waits for every slot, as
	// without LateJoin.
	StartWith int
	// Start, for a session with Terms.LateJoin, starts it with
	// whoever holds a place once it is closed (or sent on): a player's
	// "start now". Nil: only StartWith, or every slot filled, starts it.
	Start <-chan struct{}
	// Arrived is told who holds a place each time that
	// changes (the joiners' addresses, the host not included); it is
	// called from another goroutine. nil: only the log says.
	Arrived func(joined []net.Addr)
}

// JoinOptions are a joiner's own choices (Join, Meet's other slots); the
// zero value shows no ticket and takes any terms.
type JoinOptions struct {
	// Ticket is what an earlier run of this game was given
	// in this session (Joined.Ticket): the host gives that player's slot
	// back to it once it is vacant (its old link silent), rather than the
	// slot of whichever player has been silent longest. A ticket the host
	// does not know (another session's, one replaced since) is not looked
	// at. "": none.
	Ticket string
	// Check is given the host's terms before it takes its
	// place (their InputDelay is the host's wish: 0 is picked once every
	// player is there): an error says why this peer cannot run them (a
	// player count or physics engine this game lacks, a value out of
	// range), and the host keeps the place for another. nil takes any.
	Check func(t netplay.Terms) error
}

// Joined is a peer's place in a session: the terms the session agreed
// on, its slot, its links to the others and how they were reached.
type Joined struct {
	// Terms are the session's: the host's, with the input delay the
	// session starts with (0: none, as a predicting host may choose).
	Terms netplay.Terms
	// Slot is this peer's player slot (0: the host).
	Slot int
	// Peers are the links for engine/netplay's Config.
	Peers []netplay.Peer
	// RTT is the largest round trip measured while joining.
	RTT time.Duration
	// Path is how the peers reached each other: PathDirect for Host and
	// Join, what ICE found for Meet (the least direct, with several).
	Path string
	// Connect is how long Meet took to find the paths and greet; zero
	// for Host and Join.
	Connect time.Duration
	// Rejoin, on a joiner, says the session was under way: the host gave
	// this peer a slot whose player had gone silent, and it catches up by
	// replaying the session from tick 0 (netplay.Local.Rejoin).
	Rejoin bool
	// Watching, on a joiner that asked to (netplay.Local.Spectate), says
	// it watches the session: it plays no slot (Slot is 0).
	Watching bool
	// Ticket, on a joiner with a slot, is the host's secret for it: a run
	// of this game started again that shows it (JoinOptions.Ticket) gets this
	// slot back, not another's. "" on the host and for a spectator.
	Ticket string

	conns []*quic.Conn
	// connSlots is the slot of each of conns, -1 for a spectator's.
	connSlots []int
	l         *listener // Host's; nil on a joiner and with Meet
	gate      *gate     // the host's, which bounds arrivals; nil on a joiner
	links     []*link
	log       *slog.Logger // the host's
	// arrivals are the peers that came to the host's session under way,
	// for Admit, which holds those waiting for a place in pending; nil on
	// a joiner.
	arrivals <-chan *comer
	pending  []*comer
	// tickets are the host's, each player slot's (Joined.Ticket).
	tickets [host.MaxPlayers]string
	// oldTickets are the tickets the latest welcome to each slot voided,
	// to tell their holders why they have no place.
	oldTickets [host.MaxPlayers]string
	// gone is what the connections released (release) counted.
	gone struct{ sent, received, dropped uint64 }
	stop func() // ends the host's greetings; nil on a joiner
	// closers end what Meet opened under the connections (ICE agents,
	// sockets), after them.
	closers []io.Closer
}

// Config is the engine/netplay Config of this place with this peer's
// own choices l: what netplay.New takes. A peer that came while the
// session was under way (Rejoin, Watching) catches up in lockstep: its
// Local says so, with no Rollback.
func (j *Joined) Config(l netplay.Local) netplay.Config {
	l.Rejoin = l.Rejoin || j.Rejoin
	l.Spectate = l.Spectate || j.Watching
	if l.Rejoin || l.Spectate {
		l.Rollback = 0
	}
	return netplay.Config{Terms: j.Terms, Local: l, Slot: j.Slot, Peers: j.Peers}
}

// Dropped counts datagrams that arrived while the queue was full.
func (j *Joined) Dropped() uint64 {
	n := j.gone.dropped
	for _, l := range j.links {
		n += l.dropped.Load()
	}
	return n
}

// AlsoClose adds c to what Close ends, after the connections: Meet's
// rendezvous on a host, which meets through it the peers that come to
// the session under way.
func (j *Joined) AlsoClose(c io.Closer) { j.closers = append(j.closers, c) }

// Close ends every connection, and on the host its greetings of peers
// that came while the session was under way.
func (j *Joined) Close() error {
	var errs []error
	if j.stop != nil {
		j.stop()
	}
	for _, a := range j.pending {
		refuse(a.conn, a.st, "the session is over", refusedOther)
	}
	j.pending = j.pending[:0]
	for _, c := range j.conns {
		errs = append(errs, c.CloseWithError(0, "session over"))
	}
	if j.l != nil {
		errs = append(errs, j.l.close())
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

// quicConfig is both ends' QUIC configuration; handshake bounds a
// handshake that makes no progress.
func quicConfig(handshake time.Duration) *quic.Config {
	quietQUIC()
	return &quic.Config{
		EnableDatagrams:      true,
		MaxIdleTimeout:       30 * time.Second,
		KeepAlivePeriod:      time.Second,
		HandshakeIdleTimeout: handshake,
		// A joiner opens one stream; a host none.
		MaxIncomingStreams:    1,
		MaxIncomingUniStreams: -1,
	}
}

// Join connects to the host at addr, checks its settings with j.Check,
// and waits for its welcome. A host that does not answer within
// o.Local.Handshake is given up on.
func Join(ctx context.Context, addr string, o Options, j JoinOptions) (*Joined, error) {
	id, err := newIdentity(o.Code, o.kdf)
	if err != nil {
		return nil, err
	}
	timeout := cmp.Or(o.Local.Handshake, netplay.DefaultHandshake)
	dctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if o.packetConn != nil {
		return joinOn(ctx, dctx, addr, id, timeout, o, j)
	}
	conn, err := quic.DialAddr(dctx, addr, id.clientTLS(), quicConfig(timeout))
	if err != nil {
		return nil, joinError(addr, timeout, err)
	}
	return joinOver(ctx, conn, o, j)
}

// joinOn is Join from a socket o.packetConn opens: the joiner's Joined
// closes the socket and its QUIC transport after the connection.
func joinOn(ctx, dctx context.Context, addr string, id *identity, timeout time.Duration, o Options, jo JoinOptions) (*Joined, error) {
	to, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		return nil, fmt.Errorf("transport: host address %q: %w", addr, err)
	}
	pc, err := o.packetConn(nil)
	if err != nil {
		return nil, fmt.Errorf("transport: a socket to join %s from: %w", addr, err)
	}
	tr := &quic.Transport{Conn: pc}
	conn, err := tr.Dial(dctx, to, id.clientTLS(), quicConfig(timeout))
	if err != nil {
		_ = tr.Close()
		_ = pc.Close()
		return nil, joinError(addr, timeout, err)
	}
	j, err := joinOver(ctx, conn, o, jo)
	if err != nil {
		_ = tr.Close()
		_ = pc.Close()
		return nil, err
	}
	j.closers = append(j.closers, tr, pc)
	return j, nil
}

// joinOver greets the host over conn and makes the joiner's Joined.
func joinOver(ctx context.Context, conn *quic.Conn, o Options, j JoinOptions) (*Joined, error) {
	w, err := greetHost(ctx, conn, o, j)
	if err != nil {
		_ = conn.CloseWithError(1, "greeting failed")
		return nil, err
	}
	rtt := conn.ConnectionStats()
	l := newLink(context.WithoutCancel(ctx), conn)
	return &Joined{
		Terms: w.terms(), Slot: w.Slot, Rejoin: w.Rejoin, Watching: w.Watch, Ticket: w.Ticket,
		Peers: []netplay.Peer{{Slot: 0, Link: l}}, RTT: rtt.SmoothedRTT, Path: PathDirect,
		conns: []*quic.Conn{conn}, links: []*link{l},
	}, nil
}

// ErrFull is what Join's error wraps, with ErrRefused, when the host
// turned the connection away: its session is full, or it is busy.
var ErrFull = errors.New("the session is full")

// ErrUnderWay is what Join's error wraps, with ErrRefused, when the
// host's session under way could not take this peer in: the place it
// came for was given up, or the session's input history passed its
// bound.
var ErrUnderWay = errors.New("the session under way cannot take this peer in")

// ErrReplaced is what Joined.Replaced returns on a joiner whose place
// the host gave to a new connection of this player: the game started
// again with the same code (on this machine or another) while this one
// still ran, cut off from the host longer than the notice.
var ErrReplaced = errors.New("transport: another copy of this game took this player's place in the session")

// closeReplaced is the QUIC application error code a host closes a
// player's old connection with when a new one took its place.
const closeReplaced quic.ApplicationErrorCode = 4

// Replaced reports, on a joiner, ErrReplaced once the host closed this
// peer's connection because a new connection took its place; nil before,
// on a host and otherwise. It allocates nothing while the connection is
// open: a loop may ask every frame.
func (j *Joined) Replaced() error {
	if j.Slot == 0 || j.Watching || len(j.conns) == 0 || j.conns[0].Context().Err() == nil {
		return nil
	}
	var ae *quic.ApplicationError
	if errors.As(context.Cause(j.conns[0].Context()), &ae) && ae.Remote && ae.ErrorCode == closeReplaced {
		return ErrReplaced
	}
	return nil
}

// ErrNoAnswer is what Join's error wraps when nothing answered at the
// host's address within Options.Timeout.
var ErrNoAnswer = errors.New("no answer")

// joinError says why no connection to the host came about.
func joinError(addr string, timeout time.Duration, err error) error {
	var te *quic.TransportError
	var handshake *quic.HandshakeTimeoutError
	var idle *quic.IdleTimeoutError // quic-go says this one when its idle timer, as long as the handshake's, fires first
	switch {
	case errors.As(err, &te) && te.ErrorCode == quic.ConnectionRefused:
		return fmt.Errorf("%w: the host at %s takes no more players (%w, or it is busy)", ErrRefused, addr, ErrFull)
	case errors.Is(err, ErrWrongCode) || errors.As(err, &te) && te.ErrorCode.IsCryptoError():
		// The handshake failed on the keys, which come from the code alone.
		return fmt.Errorf("transport: join %s: %w: check it against the code the host shows", addr, ErrWrongCode)
	case errors.As(err, &handshake) || errors.As(err, &idle) || errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("transport: join %s: %w within %v: is the host there, listening on that address?", addr, ErrNoAnswer, timeout)
	}
	return fmt.Errorf("transport: join %s: %w (is the host there, and the code the same?)", addr, err)
}

// greetHost says hello on a stream of conn, answers the host's offer
// and reads the welcome.
func greetHost(ctx context.Context, conn *quic.Conn, o Options, j JoinOptions) (welcome, error) {
	var w welcome
	st, err := conn.OpenStreamSync(ctx)
	if err != nil {
		return w, fmt.Errorf("transport: open the greeting stream: %w", err)
	}
	if err := writeMessage(st, helloOf(o, j.Ticket)); err != nil {
		return w, err
	}
	stop := context.AfterFunc(ctx, func() { st.CancelRead(1) })
	defer stop()
	if err := takeOffer(st, j); err != nil {
		return w, err
	}
	if err := readMessage(st, &w); err != nil {
		return w, err
	}
	if w.Refused != "" {
		return w, refusedError(w.Refused, w.Full, w.UnderWay)
	}
	if err := (netplay.Terms{Players: w.Players, InputDelay: w.InputDelay}).Check(); err != nil {
		return w, fmt.Errorf("the host's welcome: %w", err)
	}
	switch {
	case w.Watch != o.Local.Spectate:
		return w, fmt.Errorf("transport: the host's welcome says watch %v, this peer asked for %v", w.Watch, o.Local.Spectate)
	case w.Watch && w.Slot != 0, !w.Watch && (w.Slot < 1 || w.Slot >= w.Players):
		return w, fmt.Errorf("transport: the host's welcome gives slot %d of %d players", w.Slot, w.Players)
	}
	return w, nil
}

// listenAddr refuses to listen on every interface by accident: the
// address must name a host (127.0.0.1, a LAN address) unless it is
// written out as 0.0.0.0 or [::].
func listenAddr(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("transport: host address %q: %w (want HOST:PORT, such as 127.0.0.1:7777)", addr, err)
	}
	if host == "" {
		return fmt.Errorf("transport: host address %q names no interface: write 127.0.0.1:PORT for this machine, a LAN address, or 0.0.0.0:PORT for every interface", addr)
	}
	return nil
}

// WireBytes returns the bytes QUIC sent and received on every connection,
// its headers, acknowledgements and retransmitted greetings included
// (not UDP's and IP's).
func (j *Joined) WireBytes() (sent, received uint64) {
	sent, received = j.gone.sent, j.gone.received
	for _, c := range j.conns {
		s := c.ConnectionStats()
		sent += s.BytesSent
		received += s.BytesReceived
	}
	return sent, received
}

// takeOffer reads the host's offer and answers it: yes when j.Check
// takes its settings.
func takeOffer(st *quic.Stream, j JoinOptions) error {
	var off offer
	if err := readMessage(st, &off); err != nil {
		return err
	}
	if off.Refused != "" {
		return refusedError(off.Refused, off.Full, off.UnderWay)
	}
	var a answer
	var cerr error
	if j.Check != nil {
		if cerr = j.Check(off.terms()); cerr != nil {
			a.Refused = cerr.Error()
		}
	}
	if err := writeMessage(st, a); err != nil {
		return err
	}
	if cerr != nil {
		// Until the host closes its side it may not have read why.
		_ = st.Close()
		_ = st.SetReadDeadline(time.Now().Add(time.Second))
		_, _ = io.Copy(io.Discard, io.LimitReader(st, maxMessage))
		return fmt.Errorf("%w: this peer cannot run the host's settings: %w", ErrRefused, cerr)
	}
	return nil
}
