package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/platform/lobby"
)

// confValues reads the shipped turnserver.conf's key=value lines.
func confValues(t *testing.T) map[string][]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "coturn", "turnserver.conf"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok && !strings.HasPrefix(line, "#") {
			out[k] = append(out[k], v)
		}
	}
	return out
}

func confInt(t *testing.T, conf map[string][]string, key string) int {
	t.Helper()
	if len(conf[key]) != 1 {
		t.Fatalf("turnserver.conf sets %s %d times, want once", key, len(conf[key]))
	}
	n, err := strconv.Atoi(conf[key][0])
	if err != nil {
		t.Fatalf("turnserver.conf %s=%q: %v", key, conf[key][0], err)
	}
	return n
}

// The allocations coturn serves at once are the least of bps-capacity ÷
// max-bps, total-quota and the relay ports; the shipped settings make
// them one number, and docs/internet-play.md says the sessions it makes.
func TestShippedCoturnCapacityMatchesTheDocs(t *testing.T) {
	conf := confValues(t)
	byBandwidth := confInt(t, conf, "bps-capacity") / confInt(t, conf, "max-bps")
	quota := confInt(t, conf, "total-quota")
	ports := confInt(t, conf, "max-port") - confInt(t, conf, "min-port") + 1
	if byBandwidth != quota || ports != quota {
		t.Fatalf("allocations: %d by bandwidth (bps-capacity/max-bps), %d by total-quota, %d by ports: want one number", byBandwidth, quota, ports)
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "internet-play.md"))
	if err != nil {
		t.Fatal(err)
	}
	sessions := quota / 2
	for _, want := range []string{
		"| `max-bps` | " + conf["max-bps"][0] + " |",
		"| `bps-capacity` | " + conf["bps-capacity"][0] + " |",
		"| `total-quota` | " + conf["total-quota"][0] + " |",
		"| `user-quota` | " + conf["user-quota"][0] + " |",
		strconv.Itoa(sessions/1000) + "," + strconv.Itoa(sessions%1000 + 1000)[1:] + " two-player sessions",
	} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("docs/internet-play.md does not say %q", want)
		}
	}
}

// The relay must not reach the TURN server itself: the shipped
// configuration denies its own listening and relay addresses as peers.
func TestShippedCoturnDeniesItsOwnAddresses(t *testing.T) {
	conf := confValues(t)
	for _, key := range []string{"listening-ip", "relay-ip"} {
		for _, ip := range conf[key] {
			denied := false
			for _, d := range conf["denied-peer-ip"] {
				denied = denied || d == ip
			}
			if !denied {
				t.Errorf("%s=%s is not a denied-peer-ip: the relay could reach the server's own services", key, ip)
			}
		}
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "internet-play.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`s/\^denied-peer-ip=`).Match(doc) {
		t.Error("docs/internet-play.md's setup does not set the own-address denied-peer-ip")
	}
}

// lobbyFrom joins a lobby at addr from the loopback address ip and
// returns the TURN server it was handed.
func lobbyFrom(t *testing.T, addr, ip, code string) lobby.ICEServer {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	hc := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := lobby.Join(ctx, addr, code, lobby.Options{HTTPClient: hc, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	return c.Servers()[0]
}

// One address that joins again and again cannot take the relay from
// another: its credentials share one name, and coturn's user-quota caps
// that name's allocations, while the relay holds more than that.
func TestOneAddressCannotTakeTheWholeRelay(t *testing.T) {
	turnAddr := startCoturn(t, setting{"total-quota", "12"})
	s, err := lobby.NewServer(lobby.ServerConfig{TURN: []string{"turn:" + turnAddr}, TURNSecret: []byte(turnSecret), JoinRate: 1000, Rate: 1000, MaxRoomsPerAddr: 100, MaxMembersPerAddr: 100, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = s.Serve(ln, "", "") }()
	defer s.Shutdown(context.Background())
	granted := 0
	for i := range 12 {
		cred := lobbyFrom(t, ln.Addr().String(), "127.0.0.1", "hoarder-code-"+strconv.Itoa(i))
		c, conn := turnClient(t, turnAddr, cred.Username, cred.Credential)
		defer conn.Close()
		defer c.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if relay, err := c.AllocateWithContext(ctx); err == nil {
			defer relay.Close()
			granted++
		}
		cancel()
	}
	if granted != 8 {
		t.Errorf("one address got %d of 12 relays, want user-quota's 8", granted)
	}
	other := lobbyFrom(t, ln.Addr().String(), "127.0.0.2", "the-other-player")
	if allocErr, _ := allocate(t, turnAddr, other, "198.51.100.7"); allocErr != nil {
		t.Fatalf("another address while the first held all it could: %v", allocErr)
	}
}

// Relays outlive the credentials that opened them (coturn checks a
// username's expiry at the allocation only, and keeps a relay refreshed
// for as long as its holder likes): what bounds them is user-quota, by
// name. The lobby names every credential after the client's address, so
// relays an address opened with credentials long expired still count
// against the fresh ones it is handed later: one address cannot pile up
// relays over time, one join's worth after another (with a name per join
// every new credential came with a quota of its own).
func TestRelaysThatOutliveTheirCredentialsStillCountAgainstTheAddress(t *testing.T) {
	turnAddr := startCoturn(t, setting{"user-quota", "2"})
	const ttl = time.Minute // the least TURNTTL; the first lobby's clock runs it out in 2 s
	early := time.Now().Add(-ttl + 2*time.Second)
	start := time.Now()
	lobbyAt := func(now func() time.Time) string {
		s, err := lobby.NewServer(lobby.ServerConfig{TURN: []string{"turn:" + turnAddr}, TURNSecret: []byte(turnSecret), TURNTTL: ttl, Now: now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		go func() { _ = s.Serve(ln, "", "") }()
		t.Cleanup(func() { _ = s.Shutdown(context.Background()) })
		return ln.Addr().String()
	}
	past := lobbyAt(func() time.Time { return early.Add(time.Since(start)) })
	var expires time.Time
	for i := range 2 {
		cred := lobbyFrom(t, past, "127.0.0.1", "outlive-"+strconv.Itoa(i))
		c, conn := turnClient(t, turnAddr, cred.Username, cred.Credential)
		defer conn.Close()
		defer c.Close()
		relay, err := c.Allocate()
		if err != nil {
			t.Fatalf("relay %d before its credentials expire: %v", i, err)
		}
		defer relay.Close()
		defer func() {
			if err := c.CreatePermission(&net.UDPAddr{IP: net.ParseIP("198.51.100.7"), Port: 9}); err != nil {
				t.Errorf("relay %d, opened in time, after its credentials expired: %v, want it still working", i, err)
			}
		}()
		if !cred.Expires.Before(time.Now().Add(3 * time.Second)) {
			t.Fatalf("credentials expiring %v, want within 3 s", cred.Expires)
		}
		expires = cred.Expires
	}
	time.Sleep(time.Until(expires.Add(1100 * time.Millisecond))) // coturn compares whole seconds
	now := lobbyAt(time.Now)
	fresh := lobbyFrom(t, now, "127.0.0.1", "outlive-fresh")
	if allocErr, _ := allocate(t, turnAddr, fresh, "198.51.100.7"); allocErr == nil || !strings.Contains(allocErr.Error(), "486") {
		t.Errorf("fresh credentials for an address holding user-quota's 2 relays under expired ones: %v, want 486 (quota)", allocErr)
	}
	other := lobbyFrom(t, now, "127.0.0.2", "outlive-other")
	if allocErr, _ := allocate(t, turnAddr, other, "198.51.100.7"); allocErr != nil {
		t.Errorf("another address meanwhile: %v, want its relay", allocErr)
	}
}
