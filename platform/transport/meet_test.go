package transport

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/pion/logging"
	"github.com/pion/transport/v5/vnet"
	"github.com/pion/turn/v5"

	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// The NATs of the tests, as pion's vnet emulates them: a cone NAT keeps
// one public port per socket whoever it talks to but lets in only what
// answers its own sends (Linux's MASQUERADE with the drop rule); a
// symmetric NAT takes a new port for each destination.
var (
	coneNAT = &vnet.NATType{MappingBehavior: vnet.EndpointIndependent, FilteringBehavior: vnet.EndpointAddrPortDependent}
	symNAT  = &vnet.NATType{MappingBehavior: vnet.EndpointAddrPortDependent, FilteringBehavior: vnet.EndpointAddrPortDependent}
)

const (
	vnetServerIP = "1.2.3.4"
	turnSecret   = "test-static-auth-secret"
)

// lab is a virtual internet: a STUN/TURN server on the WAN and two LANs,
// each behind its NAT (nil: both peers on one LAN).
type lab struct {
	wan    *vnet.Router
	server *turn.Server
	nets   []*vnet.Net
}

func newLab(t testing.TB, natA, natB *vnet.NATType) *lab {
	t.Helper()
	lf := logging.NewDefaultLoggerFactory()
	lf.DefaultLogLevel = logging.LogLevelError
	wan, err := vnet.NewRouter(&vnet.RouterConfig{CIDR: "0.0.0.0/0", LoggerFactory: lf})
	must(t, err)
	srv, err := vnet.NewNet(&vnet.NetConfig{StaticIPs: []string{vnetServerIP}})
	must(t, err)
	must(t, wan.AddNet(srv))
	l := &lab{wan: wan}
	if natB == nil { // one LAN, three machines
		lan := lanRouter(t, wan, natA, "27.1.1.1", "192.168.0.0/24", lf)
		for _, ip := range []string{"192.168.0.1", "192.168.0.2", "192.168.0.3"} {
			l.nets = append(l.nets, lanNet(t, lan, ip))
		}
	} else {
		// Peer A's machine has a second address, which it must not offer
		// unless asked to listen on every interface.
		l.nets = append(l.nets, lanNet(t, lanRouter(t, wan, natA, "27.1.1.1", "192.168.0.0/24", lf), "192.168.0.1", "192.168.0.7"))
		l.nets = append(l.nets, lanNet(t, lanRouter(t, wan, natB, "28.1.1.1", "10.2.0.0/24", lf), "10.2.0.1"))
	}
	must(t, wan.Start())
	t.Cleanup(func() { _ = wan.Stop() })
	pc, err := srv.ListenPacket("udp4", vnetServerIP+":3478")
	must(t, err)
	l.server, err = turn.NewServer(turn.ServerConfig{
		Realm:         "lockstep.test",
		AuthHandler:   turn.NewLongTermAuthHandler(turnSecret, lf.NewLogger("turn")),
		LoggerFactory: lf,
		PacketConnConfigs: []turn.PacketConnConfig{{PacketConn: pc, RelayAddressGenerator: &turn.RelayAddressGeneratorStatic{
			RelayAddress: net.ParseIP(vnetServerIP), Address: "0.0.0.0", Net: srv}}},
	})
	must(t, err)
	t.Cleanup(func() { _ = l.server.Close() })
	return l
}

func lanRouter(t testing.TB, wan *vnet.Router, nat *vnet.NATType, public, cidr string, lf logging.LoggerFactory) *vnet.Router {
	t.Helper()
	r, err := vnet.NewRouter(&vnet.RouterConfig{StaticIPs: []string{public}, CIDR: cidr, NATType: nat, LoggerFactory: lf})
	must(t, err)
	must(t, wan.AddRouter(r))
	return r
}

func lanNet(t testing.TB, r *vnet.Router, ips ...string) *vnet.Net {
	t.Helper()
	n, err := vnet.NewNet(&vnet.NetConfig{StaticIPs: ips})
	must(t, err)
	must(t, r.AddNet(n))
	return n
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// servers are the lab's STUN and TURN with fresh TURN REST credentials,
// or ones the server refuses when bad.
func servers(t testing.TB, bad bool) func() []ICEServer {
	t.Helper()
	secret := turnSecret
	if bad {
		secret = "not-the-secret"
	}
	user, pass, err := turn.GenerateLongTermCredentials(secret, time.Minute)
	must(t, err)
	return func() []ICEServer {
		return []ICEServer{
			{URLs: []string{"stun:" + vnetServerIP + ":3478"}},
			{URLs: []string{"turn:" + vnetServerIP + ":3478?transport=udp"}, Username: user, Credential: pass},
		}
	}
}

// memRoom is an in-memory rendezvous: what the lobby does, minus the
// network and the sealing.
type memRoom struct {
	mu    sync.Mutex
	boxes [8]chan memMessage
}

type memMessage struct {
	from    int
	payload []byte
}

type memPeer struct {
	room *memRoom
	slot int
}

func (r *memRoom) peer(slot int) *memPeer {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.boxes[slot] == nil {
		r.boxes[slot] = make(chan memMessage, 256)
	}
	return &memPeer{room: r, slot: slot}
}

func (p *memPeer) Slot() int { return p.slot }

func (p *memPeer) Send(ctx context.Context, to int, b []byte) error {
	p.room.mu.Lock()
	box := p.room.boxes[to]
	p.room.mu.Unlock()
	if box == nil {
		return fmt.Errorf("no peer in slot %d", to)
	}
	select {
	case box <- memMessage{from: p.slot, payload: append([]byte(nil), b...)}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (p *memPeer) Recv(ctx context.Context) (int, []byte, error) {
	select {
	case m, ok := <-p.room.boxes[p.slot]:
		if !ok {
			return 0, nil, errLobbyGone
		}
		return m.from, m.payload, nil
	case <-ctx.Done():
		return 0, nil, ctx.Err()
	}
}

// meetPair runs Meet on both peers of the lab and returns their Joined
// (closed at cleanup) and errors.
func meetPair(t testing.TB, l *lab, sv func() []ICEServer, timeout time.Duration) ([2]*Joined, [2]error) {
	t.Helper()
	return meetPairIn(t, &memRoom{}, l, sv, timeout)
}

// meetPairIn is meetPair through room, which a test may go on using.
func meetPairIn(t testing.TB, room *memRoom, l *lab, sv func() []ICEServer, timeout time.Duration) ([2]*Joined, [2]error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	peers := [2]*memPeer{room.peer(0), room.peer(1)}
	var js [2]*Joined
	var errs [2]error
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Go(func() {
			o := Options{kdf: testKDF, Code: "ICE-TEST-CODE", Terms: netplay.Terms{Players: 2}, Build: "b", Game: "g", Logger: slog.New(slog.DiscardHandler), Lobby: vnetServerIP + ":8080"}
			js[i], errs[i] = meet(ctx, peers[i], sv, o, HostOptions{}, JoinOptions{}, l.nets[i])
		})
	}
	wg.Wait()
	for _, j := range js {
		if j != nil {
			t.Cleanup(func() { _ = j.Close() })
		}
	}
	return js, errs
}

// exchange proves the session's datagrams cross the path both ways.
func exchange(t *testing.T, js [2]*Joined) {
	t.Helper()
	for from := range 2 {
		to := 1 - from
		msg := []byte(fmt.Sprintf("from %d", from))
		var got []byte
		for try := 0; try < 200 && got == nil; try++ {
			must(t, js[from].Peers[0].Link.Send(msg))
			time.Sleep(10 * time.Millisecond)
			if b, ok := js[to].Peers[0].Link.Receive(); ok {
				got = b
			}
		}
		if string(got) != string(msg) {
			t.Fatalf("datagram from peer %d: got %q, want %q", from, got, msg)
		}
	}
}

func TestMeetFindsThePathTheNATsAllow(t *testing.T) {
	cases := []struct {
		name       string
		natA, natB *vnet.NATType
		want       []string // acceptable paths
	}{
		{"one LAN", coneNAT, nil, []string{PathHost}},
		{"cone to cone", coneNAT, coneNAT, []string{PathServerReflexive, PathPeerReflexive}},
		{"symmetric to cone", symNAT, coneNAT, []string{PathRelay}},
		{"symmetric to symmetric", symNAT, symNAT, []string{PathRelay}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := newLab(t, c.natA, c.natB)
			js, errs := meetPair(t, l, servers(t, false), 30*time.Second)
			if err := errors.Join(errs[:]...); err != nil {
				t.Fatalf("meet: %v", err)
			}
			for i, j := range js {
				if !contains(c.want, j.Path) {
					t.Errorf("peer %d: path %q, want one of %q", i, j.Path, c.want)
				}
				if j.Connect <= 0 {
					t.Errorf("peer %d: connect time %v, want it measured", i, j.Connect)
				}
				// A direct path runs QUIC on the socket ICE shared, not
				// through ICE's connection.
				sh := j.closers[len(j.closers)-1].(*shared)
				if j.Path != PathRelay && j.conns[0].LocalAddr().String() != sh.conn.LocalAddr().String() {
					t.Errorf("peer %d: QUIC runs on %v, want the shared socket %v", i, j.conns[0].LocalAddr(), sh.conn.LocalAddr())
				}
			}
			if js[0].Slot != 0 || js[1].Slot != 1 {
				t.Errorf("slots %d and %d, want the host 0 and the joiner 1", js[0].Slot, js[1].Slot)
			}
			exchange(t, js)
		})
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func TestMeetSaysTheRelayRefusedWhenOnlyARelayCouldConnect(t *testing.T) {
	l := newLab(t, symNAT, symNAT)
	_, errs := meetPair(t, l, servers(t, true), 40*time.Second)
	for i, err := range errs {
		if !errors.Is(err, ErrNoPath) || !errors.Is(err, ErrRelayRefused) {
			t.Errorf("peer %d: %v, want no path because the relay refused", i, err)
		}
		// Said as soon as every pair failed, not when the connect
		// timeout ran out.
		if !errors.Is(err, errPairsFailed) {
			t.Errorf("peer %d: %v, want it to give up once every pair failed", i, err)
		}
	}
}

func TestMeetGathersSeveralJoinersEachOnItsOwnPath(t *testing.T) {
	l := newLab(t, coneNAT, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	room := &memRoom{}
	const n = 3
	var js [n]*Joined
	var errs [n]error
	var wg sync.WaitGroup
	for i := range n {
		p := room.peer(i)
		wg.Go(func() {
			o := Options{kdf: testKDF, Code: "ICE-TEST-CODE", Terms: netplay.Terms{Players: n}, Build: "b", Game: "g", Logger: slog.New(slog.DiscardHandler)}
			js[i], errs[i] = meet(ctx, p, servers(t, false), o, HostOptions{}, JoinOptions{}, l.nets[i])
		})
	}
	wg.Wait()
	for _, j := range js {
		if j != nil {
			t.Cleanup(func() { _ = j.Close() })
		}
	}
	if err := errors.Join(errs[:]...); err != nil {
		t.Fatalf("meet: %v", err)
	}
	if len(js[0].Peers) != n-1 || js[0].Terms.Players != n {
		t.Fatalf("the host has %d peers of %d players, want %d of %d", len(js[0].Peers), js[0].Terms.Players, n-1, n)
	}
	slots := map[int]bool{}
	for _, j := range js[1:] {
		slots[j.Slot] = true
	}
	if !slots[1] || !slots[2] {
		t.Fatalf("joiners got slots %v, want 1 and 2", slots)
	}
}

func TestAJoinerThatLeftBeforeItHadAPathLeavesItsSlotToTheNext(t *testing.T) {
	l := newLab(t, coneNAT, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	room := &memRoom{}
	host, ghost := room.peer(0), room.peer(1)
	o := Options{kdf: testKDF, Code: "ICE-TEST-CODE", Terms: netplay.Terms{Players: 2}, Build: "b", Game: "g", Logger: slog.New(slog.DiscardHandler), Lobby: vnetServerIP + ":8080"}
	var hj *Joined
	var herr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		hj, herr = meet(ctx, host, servers(t, false), o, HostOptions{}, JoinOptions{}, l.nets[0])
	}()
	// A joiner says who it is, then is gone: the host answers it.
	must(t, ghost.Send(ctx, 0, encodeSignal(signal{Ufrag: "ghostufrag", Pwd: "ghostpasswordghostpassword"})))
	if _, _, err := ghost.Recv(ctx); err != nil {
		t.Fatal(err)
	}
	for drained := false; !drained; { // what the host said to the ghost
		select {
		case <-room.boxes[1]:
		case <-time.After(300 * time.Millisecond):
			drained = true
		}
	}
	jj, jerr := meet(ctx, room.peer(1), servers(t, false), o, HostOptions{}, JoinOptions{}, l.nets[1])
	<-done
	for _, j := range []*Joined{hj, jj} {
		if j != nil {
			t.Cleanup(func() { _ = j.Close() })
		}
	}
	if herr != nil || jerr != nil {
		t.Fatalf("host: %v; the next joiner: %v", herr, jerr)
	}
	exchange(t, [2]*Joined{hj, jj})
}

// failingRoom is a rendezvous whose lobby went away.
type failingRoom struct{ slot int }

var errLobbyGone = errors.New("the lobby went away")

func (f failingRoom) Slot() int                                 { return f.slot }
func (f failingRoom) Send(context.Context, int, []byte) error   { return nil }
func (f failingRoom) Recv(context.Context) (int, []byte, error) { return 0, nil, errLobbyGone }

// A lobby that fails at once ends the meeting with its error, whichever
// of ICE's goroutines notices first. They stop without an error of their
// own when the search is cancelled, and the search once returned no link
// and no error when one of them won the race (a joiner then dereferenced
// the missing link: seen once under load, 1 run in 4 at load 16): each
// slot meets a failing lobby rounds times, so both outcomes of the race
// come up.
func TestMeetFailsWithTheLobbysErrorWhenTheLobbyFails(t *testing.T) {
	const rounds = 40
	l := newLab(t, coneNAT, nil)
	for slot := range 2 {
		for range rounds {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			o := Options{kdf: testKDF, Code: "ICE-TEST-CODE", Terms: netplay.Terms{Players: 2}, Build: "b", Game: "g", Logger: slog.New(slog.DiscardHandler), Lobby: vnetServerIP + ":8080"}
			j, err := meet(ctx, failingRoom{slot}, servers(t, false), o, HostOptions{}, JoinOptions{}, l.nets[slot])
			cancel()
			if j != nil || !errors.Is(err, errLobbyGone) {
				t.Fatalf("slot %d: %v, %v: want no session and the lobby's error", slot, j, err)
			}
		}
	}
}

// Keep np imported for the Link type the exchange uses.
var _ netplay.Link = (*link)(nil)
