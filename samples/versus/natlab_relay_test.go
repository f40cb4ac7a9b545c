package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pion/stun/v4"
	"github.com/pion/turn/v5"

	"github.com/lockstep-engine/lockstep/platform/lobby"
)

// relayChild names the environment variable that makes
// TestHelperLabRelay claim relays: its value is how many, and "hold"
// after a comma keeps them until its stdin closes.
const relayChild = "LOCKSTEP_LAB_RELAY_CLAIMS"

// One player's address behind its NAT joins the lobby again and again
// and asks coturn for a relay with each credential it is handed, in a
// lab whose relay serves 10 allocations in all: it gets user-quota's 8,
// and holds them while a player behind another NAT joins and still gets
// one. (Credentials named per join, or no user-quota, would let the
// first take all 10.) Before this test the lobby's credentials were
// checked against coturn on loopback only.
func TestNATLabOneAddressCannotStarveAnothersRelay(t *testing.T) {
	t.Parallel() // starts processes (and a lab) of its own only: runs beside the others (Makefile: VERSUS_PARALLEL)
	l := newNATLab(t)
	lobbyBin := buildLobby(t)
	l.turn = [][2]string{{"total-quota", "10"}}
	wan := l.wan()
	hoarderLAN, playerLAN := l.player(wan, 0, false), l.player(wan, 1, false)
	l.servers(wan, lobbyBin)

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // a cold, busy machine
	defer cancel()
	hoarder := exec.CommandContext(ctx, "ip", "netns", "exec", hoarderLAN, os.Args[0], "-test.run=^TestHelperLabRelay$")
	hoarder.Env = append(os.Environ(), relayChild+"=12,hold")
	hoarder.Stderr = os.Stderr
	release, err := hoarder.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := hoarder.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := hoarder.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		release.Close()
		_ = hoarder.Wait()
	}()
	held := make(chan string, 1)
	go func() {
		var said strings.Builder
		for sc := bufio.NewScanner(out); sc.Scan(); {
			said.WriteString(sc.Text() + "\n")
			if sc.Text() == "holding" {
				held <- said.String()
				_, _ = io.Copy(io.Discard, out)
				return
			}
		}
		held <- said.String()
	}()
	var said string
	select {
	case said = <-held:
	case <-ctx.Done():
		t.Fatal("the hoarding player did not finish claiming relays in 3 minutes")
	}
	if !strings.Contains(said, "granted 8 of 12\nholding") {
		t.Fatalf("the hoarding player said:\n%s\nwant 8 of its 12 claims granted (user-quota), and the relays held\ncoturn:\n%s", said, l.log("coturn"))
	}
	player := exec.CommandContext(ctx, "ip", "netns", "exec", playerLAN, os.Args[0], "-test.run=^TestHelperLabRelay$")
	player.Env = append(os.Environ(), relayChild+"=1")
	other, err := player.Output()
	if err != nil || !strings.Contains(string(other), "granted 1 of 1") {
		t.Fatalf("a player behind another NAT, while the first held 8 relays: %v\n%s\nwant its relay granted\ncoturn:\n%s", err, other, l.log("coturn"))
	}
}

// TestHelperLabRelay is the child of
// TestNATLabOneAddressCannotStarveAnothersRelay, and does nothing unless
// started as one (relayChild): it joins the lab's lobby with a code of
// its own for each claim, asks coturn for a relay with the credentials
// it was handed, says how many it got and, told to, holds them until
// its stdin closes (2 minutes at most).
func TestHelperLabRelay(t *testing.T) {
	if target := os.Getenv(relayProbe); target != "" {
		if err := probeThroughRelay(target); err != nil {
			t.Fatal(err)
		}
		return
	}
	v := os.Getenv(relayChild)
	if v == "" {
		return
	}
	count, hold, _ := strings.Cut(v, ",")
	n, err := strconv.Atoi(count)
	if err != nil {
		t.Fatalf("%s=%q: want a count", relayChild, v)
	}
	var held []func()
	defer func() {
		for _, f := range held {
			f()
		}
	}()
	granted := 0
	for i := range n {
		closeAll, err := claimRelay(fmt.Sprintf("relay-claim-%d-%d", os.Getpid(), i))
		if err != nil {
			fmt.Printf("claim %d: %v\n", i, err)
			continue
		}
		granted++
		held = append(held, closeAll)
	}
	fmt.Printf("granted %d of %d\n", granted, n)
	if hold == "hold" {
		fmt.Println("holding")
		done := make(chan struct{})
		go func() { _, _ = io.Copy(io.Discard, os.Stdin); close(done) }()
		select {
		case <-done:
		case <-time.After(2 * time.Minute):
		}
	}
}

// relayProbe names the environment variable that makes
// TestHelperLabRelay probe through a relay instead: its value is the UDP
// address to reach.
const relayProbe = "LOCKSTEP_LAB_RELAY_PROBE"

// The relay must not reach the TURN server's own address: through it,
// anyone with credentials could talk to the server's own services (coturn's
// port, and whatever else listens there) from the server itself. A player
// behind its NAT takes a relay with the lobby's credentials and asks it
// for coturn's own port: refused (403, denied-peer-ip), while a public
// peer is granted. The lab's coturn is set up as docs/internet-play.md
// tells an operator (turnConfig runs its sed lines), so this holds the
// shipped configuration and the documented setup together; before the
// setup denied the server's own address, coturn answered a STUN binding
// request sent to itself through the relay.
func TestNATLabTheRelayCannotReachTheTURNServersOwnAddress(t *testing.T) {
	t.Parallel() // starts processes (and a lab) of its own only: runs beside the others (Makefile: VERSUS_PARALLEL)
	l := newNATLab(t)
	lobbyBin := buildLobby(t)
	wan := l.wan()
	lan := l.player(wan, 0, false)
	l.servers(wan, lobbyBin)
	probe := func(target string) string {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a cold, busy machine
		defer cancel()
		cmd := exec.CommandContext(ctx, "ip", "netns", "exec", lan, os.Args[0], "-test.run=^TestHelperLabRelay$")
		cmd.Env = append(os.Environ(), relayProbe+"="+target)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("probing %s through the relay: %v\n%s\ncoturn:\n%s", target, err, out, l.log("coturn"))
		}
		return string(out)
	}
	if got := probe(labTURN); !strings.Contains(got, "permission refused") || !strings.Contains(got, "403") {
		t.Errorf("coturn's own port %s through its relay:\n%s\nwant the permission refused (403: denied-peer-ip)", labTURN, got)
	}
	if got := probe("198.51.100.1:9"); !strings.Contains(got, "permission granted") {
		t.Errorf("a public peer through the relay:\n%s\nwant the permission granted", got)
	}
}

// probeThroughRelay joins the lab's lobby, takes a relay with its TURN
// credentials, asks it for permission to reach target and, granted, sends
// target a STUN binding request through it; it says what came of each.
func probeThroughRelay(target string) error {
	to, err := net.ResolveUDPAddr("udp4", target)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := lobby.Join(ctx, labLobby, fmt.Sprintf("relay-probe-%d", os.Getpid()), lobby.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return fmt.Errorf("join the lobby: %w", err)
	}
	var srv lobby.ICEServer
	for _, s := range c.Servers() {
		if s.Username != "" {
			srv = s
		}
	}
	c.Close()
	conn, err := net.ListenPacket("udp4", "0.0.0.0:0")
	if err != nil {
		return err
	}
	defer conn.Close()
	tc, err := turn.NewClient(&turn.ClientConfig{STUNServerAddr: labTURN, TURNServerAddr: labTURN, Username: srv.Username, Password: srv.Credential, Realm: labRealm, Conn: conn, RTO: 200 * time.Millisecond})
	if err != nil {
		return err
	}
	defer tc.Close()
	if err := tc.Listen(); err != nil {
		return err
	}
	relay, err := tc.AllocateWithContext(ctx)
	if err != nil {
		return fmt.Errorf("allocate: %w", err)
	}
	defer relay.Close()
	if err := tc.CreatePermission(to); err != nil {
		fmt.Printf("permission refused: %v\n", err)
		return nil
	}
	fmt.Println("permission granted")
	req := stun.MustBuild(stun.TransactionID, stun.BindingRequest)
	if _, err := relay.WriteTo(req.Raw, to); err != nil {
		return fmt.Errorf("send through the relay: %w", err)
	}
	_ = relay.SetReadDeadline(time.Now().Add(3 * time.Second))
	buf := make([]byte, 1500)
	if n, from, err := relay.ReadFrom(buf); err == nil && stun.IsMessage(buf[:n]) {
		fmt.Printf("answered from %v\n", from)
	} else {
		fmt.Println("no answer")
	}
	return nil
}

// claimRelay joins the lab's lobby with code and allocates a relay on
// coturn with the TURN credentials it hands out; closeAll lets it go.
func claimRelay(code string) (closeAll func(), err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := lobby.Join(ctx, labLobby, code, lobby.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return nil, fmt.Errorf("join the lobby: %w", err)
	}
	var srv lobby.ICEServer
	for _, s := range c.Servers() {
		if s.Username != "" {
			srv = s
		}
	}
	c.Close()
	conn, err := net.ListenPacket("udp4", "0.0.0.0:0")
	if err != nil {
		return nil, err
	}
	tc, err := turn.NewClient(&turn.ClientConfig{STUNServerAddr: labTURN, TURNServerAddr: labTURN, Username: srv.Username, Password: srv.Credential, Realm: labRealm, Conn: conn, RTO: 200 * time.Millisecond})
	if err == nil {
		err = tc.Listen()
	}
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("TURN client: %w", err)
	}
	relay, err := tc.AllocateWithContext(ctx)
	if err != nil {
		tc.Close()
		conn.Close()
		return nil, fmt.Errorf("allocate: %w", err)
	}
	return func() { relay.Close(); tc.Close(); conn.Close() }, nil
}
