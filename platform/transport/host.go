package transport

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/quic-go/quic-go"

	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// greetTimeout is how long a connected peer has to say hello and to
// answer the offer.
const greetTimeout = 5 * time.Second

// joiner is a peer that took the offer and waits for its welcome.
type joiner struct {
	conn *quic.Conn
	st   *quic.Stream
}

// Host listens on addr and waits for Players-1 peers that know the code,
// run the same build, game and settings, and say they can run the
// session (with LateJoin, only for HostOptions.StartWith-1 of them, or until
// HostOptions.Start; the slots left start empty); others are refused with
// the reason, on both sides. listening,
// when not nil, is told the address once it listens. Once the session
// has started the host goes on greeting peers that know the code, within
// the same bounds: Joined.Admit places them (a player started again, a
// spectator) or says why not. Spectators may come before the start too:
// they wait for it.
func Host(ctx context.Context, addr string, o Options, ho HostOptions, listening func(net.Addr)) (*Joined, error) {
	if err := checkWish(o, ho); err != nil {
		return nil, err
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	id, err := newIdentity(o.Code, o.kdf)
	if err != nil {
		return nil, err
	}
	l, err := listen(addr, id, o.Logger, o.packetConn)
	if err != nil {
		return nil, err
	}
	if listening != nil {
		listening(l.ln.Addr())
	}
	if o.onGate != nil {
		o.onGate(l.gate)
	}
	life, stop := context.WithCancel(context.WithoutCancel(ctx))
	h := &hosting{o: o, ho: ho, acc: l.ln, offered: make(chan joiner), done: make(chan struct{}),
		arrivals: make(chan *comer), life: life}
	go h.acceptAll(ctx)
	js, err := h.gather(ctx)
	close(h.done)
	if err != nil {
		stop()
		l.close()
		return nil, err
	}
	j := welcomeAll(ctx, js, o)
	j.l, j.Path = l, PathDirect
	j.admitting(l.gate, h.arrivals, stop)
	return j, nil
}

// listener is a host's QUIC listener on its own UDP socket, behind its
// gate.
type listener struct {
	udp  net.PacketConn
	tr   *quic.Transport
	ln   *gatedListener
	gate *gate
}

// listen opens the host's socket on addr (with open when not nil, else
// UDP) and listens on it.
func listen(addr string, id *identity, log *slog.Logger, open func(*net.UDPAddr) (net.PacketConn, error)) (*listener, error) {
	if err := listenAddr(addr); err != nil {
		return nil, err
	}
	ua, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		return nil, fmt.Errorf("transport: host address %q: %w", addr, err)
	}
	if open == nil {
		open = listenUDP
	}
	udp, err := open(ua)
	if err != nil {
		return nil, fmt.Errorf("transport: listen on %s: %w", addr, err)
	}
	g := newGate(log)
	quietQUIC()
	tr := &quic.Transport{Conn: udp, VerifySourceAddress: g.retry, ConnContext: g.admit}
	conf := quicConfig(handshakeTimeout)
	ln, err := tr.ListenEarly(id.serverTLS(), conf)
	if err != nil {
		_ = udp.Close()
		return nil, fmt.Errorf("transport: listen on %s: %w", addr, err)
	}
	return &listener{udp: udp, tr: tr, ln: newGatedListener(ln, g), gate: g}, nil
}

// listenUDP is a UDP socket on a.
func listenUDP(a *net.UDPAddr) (net.PacketConn, error) { return net.ListenUDP("udp", a) }

func (l *listener) close() error {
	l.gate.close()
	err := l.ln.Close()
	_ = l.tr.Close()
	_ = l.udp.Close()
	return err
}

// accepter hands over the connections peers make: a QUIC listener, or
// Meet's, which has one per relayed path besides.
type accepter interface {
	Accept(ctx context.Context) (*quic.Conn, error)
}

// hosting is a host waiting for its players.
type hosting struct {
	o       Options
	ho      HostOptions
	acc     accepter
	offered chan joiner   // peers that took the offer
	done    chan struct{} // closed once gather returns
	// arrivals takes the peers that come to the session under way (and
	// spectators at any time) to Joined.Admit.
	arrivals chan *comer
	// life bounds every greeting: the host's wait, then (with arrivals)
	// the session's, until Joined.Close.
	life context.Context
}

// acceptAll greets every connection that completes its handshake, each
// on its own goroutine with its own deadline, until the listener closes:
// the gate bounds how many there are.
func (h *hosting) acceptAll(ctx context.Context) {
	for {
		conn, err := h.acc.Accept(context.WithoutCancel(ctx))
		if err != nil {
			return
		}
		go h.greet(h.life, conn)
	}
}

// greet reads a peer's hello, offers it the session and hands it to
// gather if it takes it; once the session started (and a spectator at
// any time), to Admit.
func (h *hosting) greet(ctx context.Context, conn *quic.Conn) {
	gctx, cancel := context.WithTimeout(ctx, greetTimeout)
	defer cancel()
	log := h.o.Logger.With("addr", conn.RemoteAddr())
	st, hi, err := readHello(gctx, conn)
	if err != nil {
		log.Warn("transport: a peer connected but did not greet", "err", err)
		_ = conn.CloseWithError(1, "no greeting")
		return
	}
	if reason, kind := h.refusal(hi); reason != "" {
		log.Warn("transport: refused a peer", "reason", reason)
		refuse(conn, st, reason, kind)
		return
	}
	if !h.offer(gctx, conn, st, log) {
		return
	}
	if hi.Watch {
		h.arrive(&comer{conn: conn, st: st, watch: true})
		return
	}
	select {
	case h.offered <- joiner{conn: conn, st: st}:
	case <-h.done:
		h.arrive(&comer{conn: conn, st: st, ticket: hi.Ticket})
	}
}

// refusal says why a peer that said hi may not join, "" when it may,
// and what kind of refusal that is.
func (h *hosting) refusal(hi hello) (string, refusal) {
	switch reason := compare(helloOf(h.o, ""), hi); {
	case reason != "":
		return reason, refusedOther
	}
	return "", refusedOther
}

// offer offers the session to a peer and reads its answer: true when it
// takes it.
func (h *hosting) offer(ctx context.Context, conn *quic.Conn, st *quic.Stream, log *slog.Logger) bool {
	var a answer
	err := writeMessage(st, offer{wireTerms: toWireTerms(h.o.Terms)})
	if err == nil {
		err = readWithin(ctx, st, &a)
	}
	switch {
	case err != nil:
		log.Warn("transport: a peer did not answer the offer", "err", err)
		_ = conn.CloseWithError(1, "no answer")
		return false
	case a.Refused != "":
		log.Warn("transport: a peer cannot run this session: its place stays free", "reason", a.Refused)
		_ = st.Close()
		time.AfterFunc(time.Second, func() { _ = conn.CloseWithError(2, "cannot run the session") })
		return false
	}
	return true
}

// gather gives places to peers that took the offer until the session is
// full, or holds HostOptions.StartWith players, or HostOptions.Start says start;
// a peer that leaves before then frees its place.
func (h *hosting) gather(ctx context.Context) ([]joiner, error) {
	var js []joiner
	left := make(chan *quic.Conn)
	need := h.o.Terms.Players - 1
	if h.ho.StartWith > 0 {
		need = h.ho.StartWith - 1
	}
	for len(js) < need {
		select {
		case <-h.ho.Start:
			h.o.Logger.Info("transport: starting with the players here, the other places empty for newcomers", "players", len(js)+1, "of", h.o.Terms.Players)
			return js, nil
		case j := <-h.offered:
			js = append(js, j)
			h.o.Logger.Info("transport: player joined", "slot", len(js), "addr", j.conn.RemoteAddr())
			h.arrived(js)
			go h.watch(j.conn, left)
		case c := <-left:
			js = without(js, c)
			h.o.Logger.Warn("transport: a player left before the start: its place is free again", "addr", c.RemoteAddr())
			h.arrived(js)
		case <-ctx.Done():
			for _, j := range js {
				_ = j.conn.CloseWithError(1, "host gave up")
			}
			return nil, fmt.Errorf("transport: wait for players (%d of %d joined): %w", len(js), h.o.Terms.Players-1, context.Cause(ctx))
		}
	}
	return js, nil
}

// watch tells gather when a joiner's connection ends before the start.
func (h *hosting) watch(c *quic.Conn, left chan<- *quic.Conn) {
	select {
	case <-c.Context().Done():
		select {
		case left <- c:
		case <-h.done:
		}
	case <-h.done:
	}
}

func without(js []joiner, c *quic.Conn) []joiner {
	out := js[:0]
	for _, j := range js {
		if j.conn != c {
			out = append(out, j)
		}
	}
	return out
}

// arrived tells HostOptions.Arrived who holds a place now.
func (h *hosting) arrived(js []joiner) {
	if h.ho.Arrived == nil {
		return
	}
	addrs := make([]net.Addr, len(js))
	for i, j := range js {
		addrs[i] = j.conn.RemoteAddr()
	}
	h.ho.Arrived(addrs)
}

func readHello(ctx context.Context, conn *quic.Conn) (*quic.Stream, hello, error) {
	var h hello
	st, err := conn.AcceptStream(ctx)
	if err != nil {
		return nil, h, err
	}
	return st, h, readWithin(ctx, st, &h)
}

// readWithin reads one message from st, giving up when ctx ends.
func readWithin(ctx context.Context, st *quic.Stream, v any) error {
	stop := context.AfterFunc(ctx, func() { st.CancelRead(1) })
	defer stop()
	return readMessage(st, v)
}

// refuse tells a peer why and closes its connection once it had time to
// read it, saying what kind of refusal it is.
func refuse(conn *quic.Conn, st *quic.Stream, reason string, kind refusal) {
	_ = writeMessage(st, offer{Refused: reason, Full: kind == refusedFull, UnderWay: kind == refusedUnderWay})
	_ = st.Close()
	time.AfterFunc(time.Second, func() { _ = conn.CloseWithError(2, "refused") })
}

// welcomeAll picks the input delay and tells every joiner its slot and
// the session's terms.
// The slots past the joiners are empty (netplay's Terms.Empty).
func welcomeAll(ctx context.Context, js []joiner, o Options) *Joined {
	j := &Joined{Slot: 0, Terms: o.Terms, log: o.Logger}
	j.Terms.Empty = nil
	for slot := len(js) + 1; slot < o.Terms.Players; slot++ {
		j.Terms.Empty = append(j.Terms.Empty, slot)
	}
	for _, p := range js {
		// The handshake's least round trip: its few samples carry the
		// crypto's work and a busy machine's delays, which a mean plus
		// four deviations turned into twice the trip or more. The
		// session raises the delay within half a second if the
		// datagrams' own round trips (or a lowered prediction depth)
		// call for more.
		s := p.conn.ConnectionStats()
		j.RTT = max(j.RTT, cmp.Or(s.MinRTT, s.SmoothedRTT))
	}
	if t := &j.Terms; t.InputDelay == 0 {
		// A joiner's input reaches another through the host: with two
		// joiners or more the slowest path is two links, two hops.
		hops := min(len(js), 2)
		t.InputDelay = netplay.PathDelay(time.Duration(hops)*j.RTT, hops, cmp.Or(t.TPS, 60), o.Local.Rollback)
	}
	for i, p := range js {
		j.connSlots = append(j.connSlots, i+1)
		j.tickets[i+1] = newTicket()
		w := welcome{Slot: i + 1, Ticket: j.tickets[i+1], wireTerms: toWireTerms(j.Terms)}
		if err := writeMessage(p.st, w); err != nil {
			o.Logger.Warn("transport: welcome not sent", "slot", i+1, "err", err)
		}
		_ = p.st.Close()
		l := newLink(context.WithoutCancel(ctx), p.conn)
		j.Peers = append(j.Peers, netplay.Peer{Slot: i + 1, Link: l})
		j.conns = append(j.conns, p.conn)
		j.links = append(j.links, l)
	}
	return j
}
