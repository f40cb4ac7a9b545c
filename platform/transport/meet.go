package transport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/logging"
	"github.com/pion/stun/v4"
	"github.com/pion/transport/v5"
	"github.com/pion/transport/v5/stdnet"
	"github.com/quic-go/quic-go"
)

// connectTimeout bounds finding a path to a peer that has answered: ICE
// gives up on pairs within seconds, and the relay is tried at two.
const connectTimeout = 20 * time.Second

// ErrRelayRefused is what Meet's error wraps when no path was found and
// the TURN server gave this peer no relay (wrong or expired credentials,
// or a full server). It is the one value for this reason: platform/lobby,
// which hands out the credentials, declares none of its own.
var ErrRelayRefused = errors.New("transport: the relay server refused this player")

// Meet joins a session through a rendezvous: slot 0 hosts, the others
// join it. ICE finds each joiner a path to the host (directly when it
// can, through a TURN server from servers when it must), then the session
// runs QUIC over it as Host and Join do (ho is slot 0's, jo the others'), with the same TLS from the code.
// servers is asked for the STUN and TURN servers each time a path is
// sought (a lobby renews TURN credentials while a host waits). The Joined
// says which path (Path) and how long it took (Connect).
func Meet(ctx context.Context, r Rendezvous, servers func() []ICEServer, o Options, ho HostOptions, jo JoinOptions) (*Joined, error) {
	return meet(ctx, r, servers, o, ho, jo, nil)
}

// meet is Meet on network n (a vnet in tests); nil is the machine's.
func meet(ctx context.Context, r Rendezvous, servers func() []ICEServer, o Options, ho HostOptions, jo JoinOptions, n transport.Net) (*Joined, error) {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	id, err := newIdentity(o.Code, o.kdf)
	if err != nil {
		return nil, err
	}
	if _, err := iceURLs(servers()); err != nil {
		return nil, err
	}
	start := time.Now()
	s, err := openShared(n, servers, o, r.Slot() == 0)
	if err != nil {
		return nil, err
	}
	var j *Joined
	if r.Slot() == 0 {
		j, err = meetAsHost(ctx, r, s, id, o, ho)
	} else {
		j, err = meetAsJoiner(ctx, r, s, id, o, jo)
	}
	if err != nil {
		_ = s.Close()
		return nil, err
	}
	j.Connect = time.Since(start)
	j.closers = append(j.closers, s)
	return j, nil
}

// iceURLs parses the servers' addresses, credentials attached.
func iceURLs(servers []ICEServer) ([]*stun.URI, error) {
	var urls []*stun.URI
	for _, sv := range servers {
		for _, raw := range sv.URLs {
			u, err := stun.ParseURI(raw)
			if err != nil {
				return nil, fmt.Errorf("transport: ICE server %q: %w (want stun:HOST:PORT or turn:HOST:PORT)", raw, err)
			}
			u.Username, u.Password = sv.Username, sv.Credential
			urls = append(urls, u)
		}
	}
	return urls, nil
}

// shared is one peer's UDP socket, owned by QUIC, with ICE's STUN on its
// side, and every agent it runs.
type shared struct {
	env  iceEnv
	conn net.PacketConn
	tr   *quic.Transport
	stun *stunSide
	gate *gate // a host's: it bounds who may connect

	mu     sync.Mutex
	agents []*ice.Agent
	extra  []io.Closer // transports over relayed pairs
}

// openShared opens the socket on the address bindIP picks from o; a
// host's QUIC is behind a gate, as Host's.
func openShared(n transport.Net, servers func() []ICEServer, o Options, host bool) (*shared, error) {
	if n == nil {
		var err error
		if n, err = stdnet.NewNet(); err != nil {
			return nil, fmt.Errorf("transport: list the network interfaces: %w", err)
		}
	}
	ip, err := bindIP(n, o.Lobby, servers(), o.ListenAll)
	if err != nil {
		return nil, err
	}
	conn, err := n.ListenPacket("udp4", net.JoinHostPort(ip.String(), "0"))
	if err != nil {
		return nil, fmt.Errorf("transport: open a UDP socket on %v: %w", ip, err)
	}
	quietQUIC()
	tr := &quic.Transport{Conn: conn}
	g := newGate(o.Logger)
	if host {
		tr.VerifySourceAddress, tr.ConnContext = g.retry, g.admit
	}
	side := newSTUNSide(tr)
	// pion warns of what is normal here (a socket on every interface
	// when asked, STUN answers without a username); PION_LOG_DEBUG=ice
	// and the like still turn its logs on.
	quiet := logging.NewDefaultLoggerFactory()
	quiet.DefaultLogLevel = logging.LogLevelError
	mux := ice.NewUniversalUDPMuxDefault(ice.UniversalUDPMuxParams{UDPConn: side, Net: n, Logger: quiet.NewLogger("ice")})
	env := iceEnv{servers: servers, net: n, mux: mux, bound: ip, log: o.Logger, pionLog: quiet}
	return &shared{conn: conn, tr: tr, stun: side, gate: g, env: env}, nil
}

// Close ends every agent, the relayed transports and the socket.
func (s *shared) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var errs []error
	s.gate.close()
	for _, a := range s.agents {
		errs = append(errs, a.Close())
	}
	for _, c := range s.extra {
		errs = append(errs, c.Close())
	}
	errs = append(errs, s.env.mux.Close(), s.tr.Close(), s.conn.Close())
	return errors.Join(filterClosed(errs)...)
}

// filterClosed drops the errors of closing what was closed already.
func filterClosed(errs []error) []error {
	var out []error
	for _, e := range errs {
		if e != nil && !errors.Is(e, net.ErrClosed) && !errors.Is(e, ice.ErrClosed) {
			out = append(out, e)
		}
	}
	return out
}

// checkWish checks the terms a host wishes for: the player count and a
// fixed input delay, as a session's.
func checkWish(o Options, ho HostOptions) error {
	if _, err := o.Terms.WithDefaults(o.Local.Rollback); err != nil {
		return err
	}
	switch n := ho.StartWith; {
	case n < 0 || n > o.Terms.Players:
		return fmt.Errorf("transport: start with %d players: want 0 (every slot) or 1 to %d", n, o.Terms.Players)
	case (n != 0 && n < o.Terms.Players || ho.Start != nil) && !o.Terms.LateJoin:
		return fmt.Errorf("transport: a session may start before every slot is filled only with LateJoin (and PlayOn): a newcomer must be able to take the empty ones")
	}
	return nil
}

// keep adds an agent and a relayed transport (either nil) to close with
// the socket.
func (s *shared) keep(a *ice.Agent, c io.Closer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if a != nil {
		s.agents = append(s.agents, a)
	}
	if c != nil {
		s.extra = append(s.extra, c)
	}
}
