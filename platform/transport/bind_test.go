package transport

import (
	"context"
	"log/slog"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/transport/v5/stdnet"

	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// gathered runs one agent of s to the end of gathering and returns its
// candidates' types and addresses.
func gathered(t *testing.T, s *shared) map[ice.CandidateType][]string {
	t.Helper()
	a, _, err := s.env.newAgent()
	must(t, err)
	s.keep(a, nil)
	done := make(chan struct{})
	var once sync.Once
	must(t, a.OnCandidate(func(c ice.Candidate) {
		if c == nil {
			once.Do(func() { close(done) })
		}
	}))
	must(t, a.GatherCandidates())
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		t.Fatal("gathering did not end within 15 s")
	}
	cs, err := a.GetLocalCandidates()
	must(t, err)
	out := map[ice.CandidateType][]string{}
	for _, c := range cs {
		out[c.Type()] = append(out[c.Type()], c.Address())
	}
	return out
}

func TestAMeetsSocketListensOnlyOnTheAddressFacingTheLobbyUnlessAskedForAll(t *testing.T) {
	l := newLab(t, coneNAT, coneNAT) // peer A has 192.168.0.1, facing out, and 192.168.0.7
	cases := []struct {
		name   string
		all    bool
		bind   string
		hosts  []string
		relays int
	}{
		{"by default", false, "192.168.0.1", []string{"192.168.0.1"}, 1},
		{"ListenAll", true, "0.0.0.0", []string{"192.168.0.1", "192.168.0.7"}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := Options{Lobby: vnetServerIP + ":8080", ListenAll: c.all, Logger: slog.New(slog.DiscardHandler)}
			s, err := openShared(l.nets[0], servers(t, false), o, false)
			must(t, err)
			defer s.Close()
			if got := s.conn.LocalAddr().(*net.UDPAddr).IP.String(); got != c.bind {
				t.Fatalf("socket bound to %s, want %s", got, c.bind)
			}
			got := gathered(t, s)
			// On every interface pion's mux names loopback too, which
			// the other end's filter drops: not counted here.
			hosts := slices.Sorted(slices.Values(slices.DeleteFunc(got[ice.CandidateTypeHost], func(a string) bool { return a == "127.0.0.1" })))
			if !slices.Equal(hosts, c.hosts) {
				t.Errorf("host candidates %q, want %q", hosts, c.hosts)
			}
			// The NAT's public address and the TURN server's still come:
			// one relayed candidate per address pion may use.
			if srflx := got[ice.CandidateTypeServerReflexive]; len(srflx) == 0 || srflx[0] != "27.1.1.1" {
				t.Errorf("server-reflexive candidates %q, want the NAT's 27.1.1.1", srflx)
			}
			if relays := got[ice.CandidateTypeRelay]; len(relays) != c.relays {
				t.Errorf("relayed candidates %q, want %d", relays, c.relays)
			}
		})
	}
}

// TestAMeetsSocketBindsTheRouteToTheLobbyOnThisMachinesNetwork asks the
// operating system's routes: a lobby at this machine's own (not
// loopback) address is reached from that address.
func TestAMeetsSocketBindsTheRouteToTheLobbyOnThisMachinesNetwork(t *testing.T) {
	ip := firstNonLoopback(t)
	o := Options{Lobby: net.JoinHostPort(ip.String(), "8080"), Logger: slog.New(slog.DiscardHandler)}
	s, err := openShared(nil, func() []ICEServer { return nil }, o, false)
	must(t, err)
	defer s.Close()
	if got := s.conn.LocalAddr().(*net.UDPAddr).IP; !got.Equal(ip) {
		t.Fatalf("socket bound to %v, want %v, the address facing the lobby", got, ip)
	}
	// An https:// lobby is found the same way.
	o.Lobby = "https://" + ip.String() + "/"
	s2, err := openShared(nil, func() []ICEServer { return nil }, o, false)
	must(t, err)
	defer s2.Close()
	if got := s2.conn.LocalAddr().(*net.UDPAddr).IP; !got.Equal(ip) {
		t.Fatalf("socket for an https:// lobby bound to %v, want %v", got, ip)
	}
}

func firstNonLoopback(t *testing.T) net.IP {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	must(t, err)
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
			return n.IP.To4()
		}
	}
	t.Fatalf("this test needs an IPv4 address other than loopback on this machine; it has %v", addrs)
	return nil
}

// TestPeersOnOneMachineMeetOverLoopback: a lobby on this machine and no
// STUN or TURN server off it leave loopback, which must then be a path.
func TestPeersOnOneMachineMeetOverLoopback(t *testing.T) {
	n, err := stdnet.NewNet()
	must(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	room := &memRoom{}
	peers := [2]*memPeer{room.peer(0), room.peer(1)}
	var js [2]*Joined
	var errs [2]error
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Go(func() {
			o := Options{kdf: testKDF, Code: "ICE-TEST-CODE", Terms: netplay.Terms{Players: 2}, Build: "b", Game: "g", Logger: slog.New(slog.DiscardHandler), Lobby: "127.0.0.1:8080"}
			js[i], errs[i] = meet(ctx, peers[i], func() []ICEServer { return nil }, o, HostOptions{}, JoinOptions{}, n)
		})
	}
	wg.Wait()
	for i, j := range js {
		if errs[i] != nil {
			t.Fatalf("peer %d: %v", i, errs[i])
		}
		defer j.Close()
		sh := j.closers[len(j.closers)-1].(*shared)
		if ip := sh.conn.LocalAddr().(*net.UDPAddr).IP; !ip.IsLoopback() {
			t.Errorf("peer %d bound to %v, want loopback", i, ip)
		}
		if j.Path != PathHost {
			t.Errorf("peer %d: path %q, want %q", i, j.Path, PathHost)
		}
	}
	exchange(t, js)
}

// What a lobby address is, and that Meet refuses to guess without one.
func TestTheAddressToBindTowardIsTheLobbysHostOrAClearError(t *testing.T) {
	for addr, want := range map[string]string{
		"203.0.113.1:7000":                "203.0.113.1:7000",
		"http://203.0.113.1:7000":         "203.0.113.1:7000",
		"https://lobby.example.org":       "lobby.example.org:443",
		"http://lobby.example.org/rooms/": "lobby.example.org:80",
	} {
		if got, err := lobbyHostPort(addr); err != nil || got != want {
			t.Errorf("lobby %q: %q, %v; want %q", addr, got, err, want)
		}
	}
	for _, bad := range []string{"lobby.example.org", "https://", "ftp//x"} {
		if _, err := lobbyHostPort(bad); err == nil || !strings.Contains(err.Error(), "want HOST:PORT") {
			t.Errorf("lobby %q: %v, want an error saying what an address is", bad, err)
		}
	}
	n, err := stdnet.NewNet()
	must(t, err)
	if _, err := bindIP(n, "", nil, false); err == nil || !strings.Contains(err.Error(), "Options.ListenAll") {
		t.Errorf("no lobby and no servers: %v, want an error naming Options.Lobby and Options.ListenAll", err)
	}
	if ip, err := bindIP(n, "", nil, true); err != nil || !ip.IsUnspecified() {
		t.Errorf("ListenAll: %v, %v; want the unspecified address", ip, err)
	}
}
