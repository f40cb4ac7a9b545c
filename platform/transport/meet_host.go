package transport

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/quic-go/quic-go"
)

// meetAsHost runs an ICE agent for each joiner that signals through the
// rendezvous and accepts their QUIC connections: on its own socket for
// direct paths, over the pair for relayed ones. Until the start a joiner
// without a path ends the meeting; after it, the host goes on meeting
// the peers that come through the rendezvous (a player started again, a
// late one, a spectator) for Joined.Admit, until Joined.Close.
func meetAsHost(ctx context.Context, r Rendezvous, s *shared, id *identity, o Options, ho HostOptions) (*Joined, error) {
	if err := checkWish(o, ho); err != nil {
		return nil, err
	}
	early, err := s.tr.ListenEarly(id.serverTLS(), quicConfig(handshakeTimeout))
	if err != nil {
		return nil, fmt.Errorf("transport: listen for the players: %w", err)
	}
	ln := newGatedListener(early, s.gate)
	life, stop := context.WithCancel(context.WithoutCancel(ctx))
	mctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	m := &hostMeeting{s: s, id: id, r: r, fail: cancel, log: o.Logger, life: life, started: make(chan struct{}),
		accepted: make(chan *quic.Conn, 2*o.Terms.Players), found: make(chan string, o.Terms.Players)}
	go m.acceptFrom(life, ln)
	go m.dispatch(life)
	h := &hosting{o: o, ho: ho, acc: m, offered: make(chan joiner), done: make(chan struct{}), arrivals: make(chan *comer), life: life}
	go h.acceptAll(life)
	js, err := h.gather(mctx)
	close(h.done)
	close(m.started)
	if err != nil {
		stop()
		return nil, err
	}
	j := welcomeAll(ctx, js, o)
	j.admitting(s.gate, h.arrivals, stop)
	j.Path = m.paths(ctx, len(j.Peers))
	return j, nil
}

// hostMeeting is the host's side of Meet: a path to each joiner, and the
// connections the joiners make over them.
type hostMeeting struct {
	s    *shared
	id   *identity
	r    Rendezvous
	log  *slog.Logger
	fail context.CancelCauseFunc // ends the meeting before the start: a joiner has no path
	// life is the host's: it ends with Joined.Close, or a failed Meet.
	life context.Context
	// started is closed at the start: from then on a peer without a
	// path fails alone.
	started  chan struct{}
	accepted chan *quic.Conn
	found    chan string // each path found
}

// failed ends the meeting with err before the start; after it, err
// concerns one peer that came to the session, and is logged.
func (h *hostMeeting) failed(err error) {
	select {
	case <-h.started:
		if h.life.Err() == nil {
			h.log.Warn("transport: a peer that came to the session under way could not reach this host", "err", err)
		}
	default:
		h.fail(err)
	}
}

// Accept returns the next joiner's connection, until the meeting is over.
func (h *hostMeeting) Accept(ctx context.Context) (*quic.Conn, error) {
	select {
	case c := <-h.accepted:
		return c, nil
	case <-h.life.Done():
		return nil, net.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (h *hostMeeting) acceptFrom(ctx context.Context, ln accepter) {
	for {
		c, err := ln.Accept(ctx)
		if err != nil {
			return
		}
		h.put(ctx, c)
	}
}

func (h *hostMeeting) put(ctx context.Context, c *quic.Conn) {
	select {
	case h.accepted <- c:
	case <-ctx.Done():
		_ = c.CloseWithError(1, "host gave up")
	}
}

// dispatch hands each joiner's signals to its own ICE agent, started at
// its first; a peer's credentials in a slot that has an agent are a new
// peer there (the last one left before it had a path), whose agent
// replaces the last one's. A failing rendezvous ends the meeting with its
// error.
func (h *hostMeeting) dispatch(ctx context.Context) {
	tries := map[int]attempt{}
	defer func() {
		for _, a := range tries {
			a.cancel()
		}
	}()
	for {
		from, b, err := h.r.Recv(ctx)
		if err != nil {
			if ctx.Err() == nil {
				h.failed(fmt.Errorf("transport: the lobby failed while waiting for players: %w", err))
			}
			return
		}
		a, ok := tries[from]
		if s, err := decodeSignal(b); !ok || (err == nil && s.Ufrag != "") {
			if ok {
				a.cancel()
			}
			actx, cancel := context.WithCancel(ctx)
			a = attempt{in: make(chan []byte, maxCandidates+4), cancel: cancel}
			tries[from] = a
			go h.connect(actx, from, a.in)
		}
		select {
		case a.in <- b:
		default: // a peer sending past every bound: its agent fails on its own
		}
	}
}

// attempt is the host's search for a path to the peer in one slot; cancel
// ends it.
type attempt struct {
	in     chan []byte
	cancel context.CancelFunc
}

// connect finds a path to the joiner in slot and, when it goes through
// this end's relay, accepts the joiner's connection over it. A failure
// ends the meeting unless ctx ended first (a new peer took the slot, or
// the meeting is over).
func (h *hostMeeting) connect(ctx context.Context, slot int, in <-chan []byte) {
	send := func(ctx context.Context, b []byte) error { return h.r.Send(ctx, slot, b) }
	cctx, cancel := context.WithTimeout(ctx, connectTimeout)
	defer cancel()
	l, err := h.s.env.connectICE(cctx, in, send, false)
	if err != nil {
		if ctx.Err() == nil {
			h.failed(fmt.Errorf("player %d: %w", slot, err))
		}
		return
	}
	h.s.keep(l.agent, nil)
	select {
	case h.found <- l.path:
	default:
	}
	h.s.env.log.Info("transport: found a path to a player", "slot", slot, "path", l.path, "local", l.local.String(), "remote", l.remote.String())
	if !l.viaRelay() {
		return // the joiner dials QUIC's own socket
	}
	tr := &quic.Transport{Conn: pairConn{Conn: l.conn, remote: l.remoteAddr()}}
	h.s.keep(nil, tr)
	ln, err := tr.Listen(h.id.serverTLS(), quicConfig(handshakeTimeout))
	if err != nil {
		h.failed(fmt.Errorf("transport: listen over the relay: %w", err))
		return
	}
	c, err := ln.Accept(cctx)
	if err != nil {
		h.failed(fmt.Errorf("%w: player %d found a relayed path but never connected over it: %w", ErrNoPath, slot, err))
		return
	}
	h.put(ctx, c)
}

// paths is the least direct of the n paths found: a joiner can greet
// over a direct path a moment before this end's agent has seen it
// confirmed, so it waits for them a little.
func (h *hostMeeting) paths(ctx context.Context, n int) string {
	var ps []string
	t := time.NewTimer(pathWait)
	defer t.Stop()
	for len(ps) < n {
		select {
		case p := <-h.found:
			ps = append(ps, p)
		case <-t.C:
			return leastDirect(ps)
		case <-ctx.Done():
			return leastDirect(ps)
		}
	}
	return leastDirect(ps)
}

// pathWait bounds the wait for an agent to confirm a path its peer
// already greeted over.
const pathWait = 3 * time.Second
