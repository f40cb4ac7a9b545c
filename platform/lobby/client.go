package lobby

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// Options set up Join. The zero value joins or creates a two-player room.
type Options struct {
	// Players is the room's number of slots, 2 to host.MaxPlayers. The
	// peer that creates the room sets it (0 means 2); a later peer with
	// a nonzero Players that differs from the room's is refused with
	// ErrRoomFull, and 0 takes the room's.
	Players int
	// NoCreate makes Join fail with ErrCodeUnknown instead of creating
	// the room when no peer has joined with this code yet.
	NoCreate bool
	// Watch joins to watch: the peer takes a guest seat (Players and
	// up), never a player seat, and never creates the room (as
	// NoCreate). False takes the lowest free player seat, or a guest
	// seat when every player seat is taken (a player coming back or
	// late). No free guest seat fails with ErrRoomFull.
	Watch bool
	// HTTPClient makes the requests; nil means a client of its own
	// (http.DefaultTransport). Set it to trust a private certificate.
	HTTPClient *http.Client
	// Logger notes joins and failures; nil means slog.Default().
	Logger *slog.Logger
}

// Client is a peer's membership of a lobby room. Its methods are safe
// for concurrent use.
type Client struct {
	base   string
	hc     *http.Client
	log    *slog.Logger
	member string
	slot   int
	inbox  chan message
	stop   context.CancelFunc
	polled chan struct{} // closed when the poll loop has ended

	busyBackoff time.Duration // first wait after a busy refusal of Send

	closeOnce sync.Once
	sendMu    sync.Mutex // one Send at a time, so counters arrive in order
	mu        sync.Mutex
	sealer    *sealer
	state     roomState
	servers   []ICEServer
	change    chan struct{} // closed at the next change of state
	err       error         // why the poll loop ended, once it has
}

type message struct {
	from    int
	payload []byte
}

// inboxLen is how many opened messages wait for Recv; beyond, the poll
// loop waits and the lobby keeps the rest (bounded there too).
const inboxLen = 64

// Join derives the room and the key from code, joins the room at the
// lobby addr (HOST:PORT for plain HTTP, or an http:// or https:// URL),
// creating it when this peer is the first, and keeps polling it until
// Close. Deriving costs about a tenth of a second of one core on purpose
// (see the package doc). Failures are *Error values.
func Join(ctx context.Context, addr, code string, o Options) (*Client, error) {
	base, err := baseURL(addr)
	if err != nil {
		return nil, err
	}
	if err := (netplay.Terms{Players: o.Players}).Check(); err != nil { // 0: the room's
		return nil, fmt.Errorf("lobby: %w", err)
	}
	sec, err := deriveSecrets(code)
	if err != nil {
		return nil, err
	}
	c := &Client{base: base, hc: o.HTTPClient, log: o.Logger, inbox: make(chan message, inboxLen), polled: make(chan struct{}), change: make(chan struct{}), busyBackoff: sendBackoff}
	hc := http.Client{}
	if c.hc != nil {
		hc = *c.hc
	}
	hc.CheckRedirect = noRedirects
	c.hc = &hc
	if c.log == nil {
		c.log = slog.Default()
	}
	inst := newInstance()
	ver := verifier(sec.proof)
	req := joinRequest{V: protocolVersion, Room: sec.room.String(), Inst: fmt.Sprintf("%x", inst[:]), Players: o.Players, Create: !o.NoCreate && !o.Watch, Watch: o.Watch, Verifier: hex.EncodeToString(ver[:])}
	b, err := c.postRetrying(ctx, pathJoin, req)
	if errors.Is(err, errProve) { // the room is another's: show the proof, which a creator never sends
		req.Verifier, req.Proof = "", hex.EncodeToString(sec.proof[:])
		b, err = c.postRetrying(ctx, pathJoin, req)
	}
	if errors.Is(err, errProve) {
		return nil, newError(ErrProtocol, err)
	}
	if err != nil {
		return nil, err
	}
	rep, st, err := decodeJoinReply(b)
	if err == nil && o.Players != 0 && st.Players != o.Players {
		err = fmt.Errorf("a room of %d players, asked for %d", st.Players, o.Players)
	}
	if err == nil && st.insts[rep.Slot] != inst {
		err = fmt.Errorf("slot %d is not this peer's", rep.Slot)
	}
	if err == nil && o.Watch && rep.Slot < st.Players {
		err = fmt.Errorf("a watcher given player seat %d", rep.Slot)
	}
	if err != nil {
		return nil, newError(ErrProtocol, err)
	}
	if c.sealer, err = newSealer(sec, rep.Slot, inst); err != nil {
		return nil, err
	}
	c.member, c.slot, c.servers, c.state = rep.Member, rep.Slot, rep.Servers, st
	pctx, stop := context.WithCancel(context.Background())
	c.stop = stop
	go c.poll(pctx, rep.Status.Ver)
	c.log.Info("lobby: joined", "lobby", addr, "slot", c.slot, "players", st.Players, "joined", len(st.Joined), "guests", len(st.Guests))
	return c, nil
}

// Slot is this peer's seat in the room: 0 for the first to arrive, which
// hosts the session; Status().Players and up for a guest seat.
func (c *Client) Slot() int { return c.slot }

// Servers are the STUN and TURN servers the lobby handed out, with TURN
// credentials that expire (see ICEServer.Expires). While the client
// waits in a room the lobby renews them past half their life, so ask
// for them when about to use them.
func (c *Client) Servers() []ICEServer {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]ICEServer(nil), c.servers...)
}

// Status is the room's fill as last reported by the lobby.
func (c *Client) Status() Status {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.state.Status
	s.Joined = append([]int(nil), s.Joined...)
	s.Guests = append([]int(nil), s.Guests...)
	return s
}

// Wait blocks until cond holds for the room's status (such as
// Status.Full), the context ends, or the membership fails.
func (c *Client) Wait(ctx context.Context, cond func(Status) bool) (Status, error) {
	for {
		c.mu.Lock()
		st, change, err := c.state.Status, c.change, c.err
		c.mu.Unlock()
		if cond(st) {
			return c.Status(), nil
		}
		if err != nil {
			return st, err
		}
		select {
		case <-change:
		case <-ctx.Done():
			return st, ctx.Err()
		}
	}
}

// Send seals payload (at most MaxPayload bytes) for slot to and posts it
// to the lobby. The slot must be among Status().Joined or Guests (Wait
// for it: a peer that joined a moment ago is not there until the next
// poll); Send fails with ErrPeerLeft when it is not. When the lobby is
// busy (a rate limit, or the receiver's queue full) Send waits and
// repeats for about 6 s, within ctx, before it fails with ErrBusy.
func (c *Client) Send(ctx context.Context, to int, payload []byte) error {
	if !validSlot(to) || to == c.slot {
		return fmt.Errorf("lobby: send to slot %d: not another slot of this room", to)
	}
	c.sendMu.Lock()
	defer c.sendMu.Unlock()
	c.mu.Lock()
	inst, ok := c.state.insts[to]
	var box []byte
	var err error
	if ok {
		box, err = c.sealer.seal(to, inst, payload)
	}
	c.mu.Unlock()
	if !ok {
		return newError(ErrPeerLeft, fmt.Errorf("no peer in slot %d", to))
	}
	if err != nil {
		return err
	}
	_, err = c.postRetrying(ctx, pathSend, sendRequest{Member: c.member, To: to, Box: box})
	return err
}

// postRetrying posts req, and again while the lobby answers that it is
// busy (see sendRetries), within ctx.
func (c *Client) postRetrying(ctx context.Context, path string, req any) ([]byte, error) {
	for try := 0; ; try++ {
		b, err := post(ctx, c.hc, c.log, c.base, path, req)
		if !errors.Is(err, ErrBusy) || try == sendRetries {
			return b, err
		}
		select { // the lobby asked us to slow down: the same request again later
		case <-time.After(c.busyBackoff << min(try, 2)):
		case <-ctx.Done():
			return nil, err
		}
	}
}

// sendRetries is how often Send repeats a message the lobby refused as
// busy (rate limit, full queue), waiting sendBackoff, twice that, then
// four times that each time: about 6 s in all. The wait stops growing so
// that a send still finds a free moment among polls that retry too.
const (
	sendRetries = 16
	sendBackoff = 100 * time.Millisecond
)

// Recv returns the next message another peer sent this one, in the
// order each sent them. It fails once the membership has (the room
// closed, the lobby went away, or a message was tampered with).
func (c *Client) Recv(ctx context.Context) (from int, payload []byte, err error) {
	select {
	case m := <-c.inbox:
		return m.from, m.payload, nil
	default:
	}
	select {
	case m := <-c.inbox:
		return m.from, m.payload, nil
	case <-c.polled:
		select {
		case m := <-c.inbox:
			return m.from, m.payload, nil
		default:
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		return 0, nil, c.err
	case <-ctx.Done():
		return 0, nil, ctx.Err()
	}
}

// Close leaves the room (the lobby frees the slot; the host leaving
// closes the room) and stops polling. Later calls return nil.
func (c *Client) Close() error {
	var err error
	c.closeOnce.Do(func() {
		c.stop()
		<-c.polled
		c.mu.Lock()
		ended := c.err
		c.mu.Unlock()
		c.fail(errClosed)
		if ended != nil && !errors.Is(ended, errClosed) {
			return // the room or the lobby is gone already
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err = post(ctx, c.hc, c.log, c.base, pathLeave, leaveRequest{Member: c.member})
	})
	return err
}

// errClosed is why a closed Client's Recv and Wait fail.
var errClosed = fmt.Errorf("lobby: the client was closed: %w", net.ErrClosed)

// fail records why the membership ended, keeping the first reason.
func (c *Client) fail(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.err = err
		close(c.change)
		c.change = make(chan struct{})
	}
}
