package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pion/turn/v5"

	"github.com/lockstep-engine/lockstep/platform/lobby"
)

// The test coturn's settings: docs/coturn/turnserver.conf with its CHANGE
// lines set for loopback, as docs/internet-play.md tells an operator to.
const (
	turnSecret = "test-static-auth-secret"
	turnRealm  = "lockstep.test"
)

// setting is one line of turnserver.conf a test sets.
type setting struct{ key, value string }

// startCoturn runs Debian's turnserver with the shipped configuration on
// a loopback port and returns its address; it is killed when the test
// ends.
func startCoturn(t *testing.T, extra ...setting) string {
	t.Helper()
	bin, err := exec.LookPath("turnserver")
	if err != nil {
		t.Fatalf("coturn's turnserver is not installed (apt-get install coturn; make deps-test does): %v", err)
	}
	conf, err := os.ReadFile(filepath.Join("..", "..", "docs", "coturn", "turnserver.conf"))
	if err != nil {
		t.Fatal(err)
	}
	port := freeUDPPort(t)
	dir := t.TempDir()
	text := string(conf)
	for _, r := range []setting{
		{"listening-ip", "127.0.0.1"},
		{"relay-ip", "127.0.0.1"},
		{"listening-port", fmt.Sprint(port)},
		{"static-auth-secret", turnSecret},
		{"realm", turnRealm},
	} {
		re := regexp.MustCompile(`(?m)^` + r.key + `=.*$`)
		if !re.MatchString(text) {
			t.Fatalf("the shipped turnserver.conf has no %s= line to set", r.key)
		}
		text = re.ReplaceAllString(text, r.key+"="+r.value)
	}
	own := regexp.MustCompile(`(?m)^denied-peer-ip=203\.0\.113\.5$`)
	if !own.MatchString(text) {
		t.Fatal("the shipped turnserver.conf does not deny its own address (denied-peer-ip=203.0.113.5, a CHANGE line)")
	}
	text = own.ReplaceAllString(text, "denied-peer-ip=127.0.0.1")
	for _, r := range extra {
		re := regexp.MustCompile(`(?m)^` + r.key + `=.*$`)
		text = re.ReplaceAllString(text, r.key+"="+r.value)
	}
	text = strings.Replace(text, "\nsyslog\n", "\nlog-file="+filepath.Join(dir, "turn.log")+"\n", 1)
	path := filepath.Join(dir, "turnserver.conf")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-c", path, "--pidfile="+filepath.Join(dir, "pid"), "--userdb="+filepath.Join(dir, "db"))
	if err := cmd.Start(); err != nil {
		t.Fatalf("start turnserver: %v", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	waitForSTUN(t, addr, dir)
	return addr
}

func freeUDPPort(t *testing.T) int {
	c, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	return c.LocalAddr().(*net.UDPAddr).Port
}

// waitForSTUN asks addr for a binding until it answers (at most 5 s).
func waitForSTUN(t *testing.T, addr, dir string) {
	t.Helper()
	for range 50 {
		c, conn := turnClient(t, addr, "", "")
		_, err := c.SendBindingRequest()
		c.Close()
		conn.Close()
		if err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "turn.log"))
	t.Fatalf("coturn did not answer STUN on %s within 5 s; its log:\n%s", addr, log)
}

func turnClient(t *testing.T, addr, user, pass string) (*turn.Client, net.PacketConn) {
	t.Helper()
	conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c, err := turn.NewClient(&turn.ClientConfig{STUNServerAddr: addr, TURNServerAddr: addr, Username: user, Password: pass, Realm: turnRealm, Conn: conn, RTO: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Listen(); err != nil {
		t.Fatal(err)
	}
	return c, conn
}

// allocate asks coturn for a relay with the credentials the lobby gave
// and, when it gets one, for permission to reach peer.
func allocate(t *testing.T, addr string, s lobby.ICEServer, peer string) (allocErr, permErr error) {
	t.Helper()
	c, conn := turnClient(t, addr, s.Username, s.Credential)
	defer conn.Close()
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	relay, err := c.AllocateWithContext(ctx)
	if err != nil {
		return err, nil
	}
	defer relay.Close()
	return nil, c.CreatePermission(&net.UDPAddr{IP: net.ParseIP(peer), Port: 9})
}

// lobbyTURN joins a lobby whose clock reads now and returns the TURN
// server it hands out.
func lobbyTURN(t *testing.T, turnAddr string, now func() time.Time) lobby.ICEServer {
	t.Helper()
	s, err := lobby.NewServer(lobby.ServerConfig{TURN: []string{"turn:" + turnAddr}, TURNSecret: []byte(turnSecret), Now: now})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = s.Serve(ln, "", "") }()
	defer s.Shutdown(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := lobby.Join(ctx, ln.Addr().String(), "coturn-test-code", lobby.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	servers := c.Servers()
	if len(servers) != 1 || servers[0].Username == "" {
		t.Fatalf("the lobby handed out %+v, want one TURN server with credentials", servers)
	}
	return servers[0]
}

// The lobby's credentials open a relay on coturn with the shipped
// configuration; the same scheme past its expiry, or from another secret,
// does not; and the relay refuses to reach private addresses.
func TestCoturnHonoursTheLobbysCredentialsAndTheirExpiry(t *testing.T) {
	addr := startCoturn(t)
	fresh := lobbyTURN(t, addr, time.Now)
	if allocErr, permErr := allocate(t, addr, fresh, "198.51.100.7"); allocErr != nil || permErr != nil {
		t.Fatalf("fresh lobby credentials: allocate %v, permission to a public peer %v; want both accepted", allocErr, permErr)
	}
	if _, permErr := allocate(t, addr, fresh, "10.1.2.3"); permErr == nil || !strings.Contains(permErr.Error(), "403") {
		t.Errorf("permission to a private peer: %v, want 403 (denied-peer-ip)", permErr)
	}
	if _, permErr := allocate(t, addr, fresh, "127.0.0.1"); permErr == nil {
		t.Errorf("permission to loopback was granted")
	}
	old := lobbyTURN(t, addr, func() time.Time { return time.Now().Add(-11 * time.Minute) })
	if !old.Expires.Before(time.Now()) {
		t.Fatalf("credentials from 11 minutes ago expire at %v, want in the past", old.Expires)
	}
	if allocErr, _ := allocate(t, addr, old, "198.51.100.7"); allocErr == nil || !strings.Contains(allocErr.Error(), "401") {
		t.Errorf("expired credentials: %v, want 401 Unauthorized", allocErr)
	}
	forged := fresh
	forged.Username = fmt.Sprint(time.Now().Add(24*time.Hour).Unix()) + fresh.Username[strings.IndexByte(fresh.Username, ':'):]
	if allocErr, _ := allocate(t, addr, forged, "198.51.100.7"); allocErr == nil {
		t.Errorf("a username with its expiry pushed out a day still allocated with the old password")
	}
	_, wrong := lobby.TURNCredentials([]byte("another secret"), "x", time.Now().Add(time.Hour))
	bad := fresh
	bad.Credential = wrong
	if allocErr, _ := allocate(t, addr, bad, "198.51.100.7"); allocErr == nil {
		t.Errorf("a password from another secret allocated")
	}
}

// Past their expiry, credentials open no new relay, but a relay opened
// in time goes on (coturn keeps the key of an allocation): a session
// longer than -turn-ttl keeps its relay, held to max-bps and user-quota.
// docs/internet-play.md says so; this holds it to coturn's behaviour.
func TestCoturnKeepsARelayOpenedInTimeButOpensNoNewOne(t *testing.T) {
	addr := startCoturn(t)
	expires := time.Now().Add(2 * time.Second)
	user, pass := lobby.TURNCredentials([]byte(turnSecret), "short-lived", expires)
	c, conn := turnClient(t, addr, user, pass)
	defer conn.Close()
	defer c.Close()
	relay, err := c.Allocate()
	if err != nil {
		t.Fatalf("allocate before expiry: %v", err)
	}
	defer relay.Close()
	time.Sleep(time.Until(expires.Truncate(time.Second).Add(1100 * time.Millisecond))) // coturn compares whole seconds
	if err := c.CreatePermission(&net.UDPAddr{IP: net.ParseIP("198.51.100.7"), Port: 9}); err != nil {
		t.Errorf("the relay opened in time refused a permission after expiry: %v", err)
	}
	if allocErr, _ := allocate(t, addr, lobby.ICEServer{Username: user, Credential: pass}, "198.51.100.7"); allocErr == nil || !strings.Contains(allocErr.Error(), "401") {
		t.Errorf("a new relay with expired credentials: %v, want 401", allocErr)
	}
}
