package transport

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/logging"
	"github.com/pion/stun/v4"
	"github.com/pion/transport/v5"
)

// iceEnv is what every ICE agent of one peer shares.
type iceEnv struct {
	// servers returns the STUN and TURN servers as they are now: a
	// lobby renews TURN credentials while a host waits.
	servers func() []ICEServer
	net     transport.Net
	mux     ice.UniversalUDPMux // QUIC's socket, for host and reflexive candidates
	bound   net.IP              // the socket's address; unspecified: every interface's
	log     *slog.Logger
	pionLog logging.LoggerFactory // pion's own logs: errors only
}

// iceLink is one connected pair of peers: the agent that found the path
// and the path it chose.
type iceLink struct {
	agent  *ice.Agent
	conn   *ice.Conn
	local  ice.Candidate
	remote ice.Candidate
	path   string
}

// viaRelay reports whether this end's packets must go through its TURN
// allocation rather than QUIC's socket.
func (l *iceLink) viaRelay() bool { return l.local.Type() == ice.CandidateTypeRelay }

// remoteAddr is where this end sends to.
func (l *iceLink) remoteAddr() net.Addr {
	return &net.UDPAddr{IP: net.ParseIP(l.remote.Address()), Port: l.remote.Port()}
}

// newAgent makes an agent gathering host and server-reflexive candidates
// on QUIC's socket and relayed ones from the TURN servers. Direct pairs
// win: pion waits before it nominates a reflexive or relayed one (see
// the acceptance waits below).
func (e *iceEnv) newAgent() (*ice.Agent, []*stun.URI, error) {
	urls, err := iceURLs(e.servers())
	if err != nil {
		return nil, nil, err
	}
	types := []ice.CandidateType{ice.CandidateTypeHost, ice.CandidateTypeServerReflexive, ice.CandidateTypeRelay}
	a, err := ice.NewAgentWithOptions(
		ice.WithNet(e.net),
		ice.WithUrls(urls),
		ice.WithUDPMux(e.mux),
		ice.WithUDPMuxSrflx(e.mux),
		ice.WithCandidateTypes(types),
		ice.WithNetworkTypes([]ice.NetworkType{ice.NetworkTypeUDP4}),
		ice.WithMulticastDNSMode(ice.MulticastDNSModeDisabled),
		ice.WithLoggerFactory(e.pionLog),
		ice.WithIPFilter(e.localFilter()),
		ice.WithRemoteIPFilter(e.remoteFilter()),
		// QUIC watches the path once it runs; ICE only finds it.
		ice.WithDisconnectedTimeout(0),
		ice.WithFailedTimeout(0),
		ice.WithSrflxAcceptanceMinWait(srflxAcceptanceWait),
		ice.WithPrflxAcceptanceMinWait(prflxAcceptanceWait),
		ice.WithRelayAcceptanceMinWait(relayAcceptanceWait),
	)
	if err != nil {
		return nil, nil, fmt.Errorf("transport: start ICE: %w", err)
	}
	return a, urls, nil
}

// How long after its checks start the controlling agent (the joiner)
// may nominate a pair whose either end is of each kind, host pairs at
// once: a better pair found meanwhile wins. pion's defaults (0.5, 1 and
// 2 s) made a relayed session start 2 s after a direct one (issue 34);
// these keep the order (a direct pair still wins when its check passes
// within a quarter second of a reflexive one's wait, as on every link
// that lets it through) while a relay starts within a second.
const (
	srflxAcceptanceWait = 500 * time.Millisecond
	prflxAcceptanceWait = 500 * time.Millisecond
	relayAcceptanceWait = 750 * time.Millisecond
)

// localFilter keeps the candidates ICE gathers to the bound address's
// (the relayed ones' sockets too, which pion opens per address it
// passes), or, bound to every interface, to those of any but loopback:
// loopback is no path between machines, and a TURN server refuses to
// relay to it.
func (e *iceEnv) localFilter() func(net.IP) bool {
	if e.bound.IsUnspecified() {
		return notLoopback
	}
	return onlyIP(e.bound)
}

// remoteFilter drops the peer's loopback candidates, unless this end is
// bound to loopback: then every peer is on this machine.
func (e *iceEnv) remoteFilter() func(net.IP) bool {
	if e.bound.IsLoopback() {
		return func(net.IP) bool { return true }
	}
	return notLoopback
}

func notLoopback(ip net.IP) bool { return !ip.IsLoopback() }

// connectICE finds a path to one peer: it sends this end's credentials
// and candidates with send, takes the peer's from in, and runs the
// checks, controlling them when it joins. The agent is closed on failure.
func (e *iceEnv) connectICE(ctx context.Context, in <-chan []byte, send func(context.Context, []byte) error, joining bool) (*iceLink, error) {
	a, urls, err := e.newAgent()
	if err != nil {
		return nil, err
	}
	l, err := e.runAgent(ctx, a, urls, in, send, joining)
	if err != nil {
		err = explain(a, urls, err)
		_ = a.Close()
		return nil, err
	}
	return l, nil
}

func (e *iceEnv) runAgent(ctx context.Context, a *ice.Agent, urls []*stun.URI, in <-chan []byte, send func(context.Context, []byte) error, joining bool) (_ *iceLink, err error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	gathered := newDone()
	defer func() {
		// The other end may give up first on a refused relay and leave the
		// lobby, which ends this end's search with the lobby's error: when
		// this end had gathered and its relay was refused too, say so.
		if err != nil && !errors.Is(err, ErrNoPath) && gathered.isClosed() && relayRefused(a, urls) {
			err = fmt.Errorf("%w (%w)", err, ErrRelayRefused)
		}
	}()
	ufrag, pwd, err := a.GetLocalUserCredentials()
	if err != nil {
		return nil, fmt.Errorf("transport: ICE credentials: %w", err)
	}
	out := newOutbox(ctx, send)
	out.push(signal{Ufrag: ufrag, Pwd: pwd})
	if err := a.OnCandidate(func(c ice.Candidate) {
		if c == nil {
			gathered.close()
			out.push(signal{Done: true})
			return
		}
		out.push(signal{Candidate: c.Marshal()})
	}); err != nil {
		return nil, err
	}
	if err := a.GatherCandidates(); err != nil {
		return nil, fmt.Errorf("transport: gather ICE candidates: %w", err)
	}
	creds := make(chan signal, 1)
	errc := make(chan error, 2)
	peerGathered := newDone()
	go func() { errc <- e.takeSignals(ctx, a, in, creds, peerGathered) }()
	go func() { errc <- out.run() }()
	go giveUpWhenRefused(ctx, cancel, a, urls, gathered, peerGathered)
	var peer signal
	unanswered := fmt.Errorf("%w: the other player never answered through the lobby", ErrNoPath)
	select {
	case peer = <-creds:
	case err := <-errc:
		if err == nil { // it stopped because the search was cancelled: say why
			err = causeOr(ctx, unanswered)
		}
		return nil, err
	case <-ctx.Done():
		return nil, causeOr(ctx, unanswered)
	}
	conn, err := dialOrAccept(ctx, a, peer, joining)
	if err != nil {
		select {
		case e := <-errc:
			err = errors.Join(err, e)
		default:
		}
		return nil, causeOr(ctx, fmt.Errorf("%w: %w", ErrNoPath, err))
	}
	return linkOf(a, conn)
}

func dialOrAccept(ctx context.Context, a *ice.Agent, peer signal, joining bool) (*ice.Conn, error) {
	if joining {
		return a.Dial(ctx, peer.Ufrag, peer.Pwd)
	}
	return a.Accept(ctx, peer.Ufrag, peer.Pwd)
}

// takeSignals feeds the peer's candidates to the agent and its
// credentials to creds, until ctx ends or the peer misbehaves.
// peerGathered is closed when the peer says it has sent every candidate.
func (e *iceEnv) takeSignals(ctx context.Context, a *ice.Agent, in <-chan []byte, creds chan<- signal, peerGathered *done) error {
	got, cands := false, 0
	for {
		var b []byte
		select {
		case b = <-in:
		case <-ctx.Done():
			return nil
		}
		s, err := decodeSignal(b)
		switch {
		case err != nil:
			return err
		case s.Ufrag != "" && got:
			return errors.New("transport: the other peer sent its ICE credentials twice")
		case s.Ufrag != "":
			got = true
			creds <- s
		case s.Done:
			peerGathered.close()
		case s.Candidate != "":
			if cands++; cands > maxCandidates {
				return fmt.Errorf("transport: the other peer sent more than %d ICE candidates", maxCandidates)
			}
			c, err := ice.UnmarshalCandidate(s.Candidate)
			if err != nil {
				e.log.Warn("transport: an ICE candidate from the other peer does not parse", "err", err)
				continue
			}
			if err := a.AddRemoteCandidate(c); err != nil {
				e.log.Warn("transport: an ICE candidate from the other peer was refused", "err", err)
			}
		}
	}
}

// linkOf names the path the agent chose.
func linkOf(a *ice.Agent, conn *ice.Conn) (*iceLink, error) {
	p, err := a.GetSelectedCandidatePair()
	if err != nil || p == nil {
		return nil, fmt.Errorf("%w: ICE connected without a selected pair (%v)", ErrNoPath, err)
	}
	remote := p.Remote
	if remote.Type() == ice.CandidateTypePeerReflexive {
		// A candidate that arrived after the check that found it is
		// known by its signalled type.
		if rs, err := a.GetRemoteCandidates(); err == nil {
			for _, c := range rs {
				if c.Type() != ice.CandidateTypePeerReflexive && c.Address() == remote.Address() && c.Port() == remote.Port() {
					remote = c
				}
			}
		}
	}
	path := pathOf(p.Local.Type(), remote.Type())
	if path == PathPeerReflexive && isLoopback(remote.Address()) {
		// No NAT maps an address to loopback: it is the other peer's own,
		// found by its check before its signalled candidate arrived.
		path = PathHost
	}
	return &iceLink{agent: a, conn: conn, local: p.Local, remote: p.Remote, path: path}, nil
}

// isLoopback reports whether addr is a loopback IP address.
func isLoopback(addr string) bool {
	ip := net.ParseIP(addr)
	return ip != nil && ip.IsLoopback()
}

// explain tells a failure apart when TURN servers were given but the
// agent got no relayed candidate from any, and names the candidates
// either end had, for the log.
func explain(a *ice.Agent, urls []*stun.URI, err error) error {
	if !errors.Is(err, ErrNoPath) {
		return err
	}
	local, _ := a.GetLocalCandidates()
	remote, _ := a.GetRemoteCandidates()
	err = fmt.Errorf("%w (this end's candidates: %s; the other's: %s)", err, kinds(local), kinds(remote))
	if !relayRefused(a, urls) {
		return err
	}
	return fmt.Errorf("%w (%w)", err, ErrRelayRefused)
}

// relayRefused reports whether TURN servers were given but the agent has
// no relayed candidate from any: they refused it (401 or 403 to its
// allocation) or did not answer. Only meaningful once it has gathered.
func relayRefused(a *ice.Agent, urls []*stun.URI) bool {
	hasTURN := false
	for _, u := range urls {
		hasTURN = hasTURN || u.Scheme == stun.SchemeTypeTURN || u.Scheme == stun.SchemeTypeTURNS
	}
	local, _ := a.GetLocalCandidates()
	for _, c := range local {
		if c.Type() == ice.CandidateTypeRelay {
			return false
		}
	}
	return hasTURN
}

// kinds counts candidates by type, such as "host 2, srflx 1".
func kinds(cs []ice.Candidate) string {
	n := map[string]int{}
	var order []string
	for _, c := range cs {
		k := c.Type().String()
		if n[k] == 0 {
			order = append(order, k)
		}
		n[k]++
	}
	if len(order) == 0 {
		return "none"
	}
	parts := make([]string, len(order))
	for i, k := range order {
		parts[i] = fmt.Sprintf("%s %d", k, n[k])
	}
	return strings.Join(parts, ", ")
}

// causeOr is why ctx ended when something other than a deadline or a
// cancel ended it (the lobby failed), else err.
func causeOr(ctx context.Context, err error) error {
	c := context.Cause(ctx)
	if c == nil || errors.Is(c, context.Canceled) || errors.Is(c, context.DeadlineExceeded) {
		return err
	}
	return c
}

// ErrNoPath is what Meet's error wraps when ICE found no way between the
// peers, not even through the relay.
var ErrNoPath = errors.New("transport: no network path between the players")
