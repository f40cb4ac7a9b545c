package meet

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/lobby"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

func TestTheLobbyWaitingScreenSaysTheCodeWhoIsHereAndWhatItWaitsFor(t *testing.T) {
	p := &progress{screen: &waitscreen.Screen{}, lobby: "203.0.113.1:7000", code: "ABCDEFGH12345678", players: 2}
	for _, tc := range []struct {
		state, joined int
		want          []string
	}{
		{stateLobby, 0, []string{"contacting the lobby", "code: ABCDEFGH12345678", "-lobby 203.0.113.1:7000 -code ABCDEFGH12345678"}},
		{stateWaitPlayers, 1, []string{"code: ABCDEFGH12345678", "players here: 1 of 2", "waiting for the other players"}},
		{stateConnecting, 2, []string{"players here: 2 of 2", "connecting"}},
	} {
		p.set(tc.state, tc.joined, nil)
		said := strings.Join(p.screen.Lines(), "\n")
		for _, w := range tc.want {
			if !strings.Contains(said, w) {
				t.Errorf("state %d: the screen says %q, want it to say %q", tc.state, said, w)
			}
		}
	}
}

func TestAFailureStaysOnTheWaitingScreen(t *testing.T) {
	p := &progress{screen: &waitscreen.Screen{}, code: "ABCDEFGH12345678", players: 2}
	p.set(stateFailed, 1, Failure("203.0.113.1:7000", transport.ErrNoPath))
	p.set(stateConnecting, 2, nil) // a late status must not hide why it failed
	said := strings.Join(p.screen.Lines(), " ")
	for _, w := range []string{"could not start the game", "no network path between the players", "try again"} {
		if !strings.Contains(said, w) {
			t.Errorf("the screen says %q, want it to say %q", said, w)
		}
	}
	for _, l := range p.screen.Lines() {
		if len(l) > 60 {
			t.Errorf("line %q is longer than the 60 characters the screen wraps at", l)
		}
	}
}

func TestAWaitGivenUpKeepsWhatTheScreenWaitedFor(t *testing.T) {
	p := &progress{screen: &waitscreen.Screen{}, code: "ABCDEFGH12345678", players: 2}
	p.set(stateWaitPlayers, 1, nil)
	ctx, cancel := context.WithCancel(t.Context())
	cancel() // the window closed, or a signal came
	err := p.fail(ctx, Failure("x", context.Canceled), 1)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("fail returned %v, want the cause", err)
	}
	if said := strings.Join(p.screen.Lines(), " "); strings.Contains(said, "could not start") || !strings.Contains(said, "waiting for the other players") {
		t.Fatalf("after the wait was given up the screen says %q, want what it waited for", said)
	}
	p.fail(t.Context(), Failure("x", transport.ErrNoPath), 2)
	if said := strings.Join(p.screen.Lines(), " "); !strings.Contains(said, "could not start") {
		t.Fatalf("after a failure the screen says %q, want the failure", said)
	}
}

func TestLobbyFailuresSayWhyInAPlayersTermsAndWhatToTry(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want []string
		is   error
	}{
		{&lobby.Error{Kind: lobby.ErrUnreachable, Try: "check the lobby address"}, []string{"the lobby at 203.0.113.1:7000 cannot be reached", "check the lobby address"}, lobby.ErrUnreachable},
		{&lobby.Error{Kind: lobby.ErrCodeUnknown, Try: "check the code"}, []string{"no game has this code", "check the code"}, lobby.ErrCodeUnknown},
		{fmt.Errorf("x: %w", transport.ErrNoPath), []string{"no network path between the players", "forward a UDP port"}, transport.ErrNoPath},
		{fmt.Errorf("x: %w (%w)", transport.ErrNoPath, transport.ErrRelayRefused), []string{"the relay server refused", "try again"}, transport.ErrRelayRefused},
	} {
		err := Failure("203.0.113.1:7000", tc.err)
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: %q does not say %q", tc.err, err, w)
			}
		}
		if !errors.Is(err, tc.is) {
			t.Errorf("%v: %v does not wrap %v", tc.err, err, tc.is)
		}
	}
}

func TestALobbyThatDoesNotAnswerFailsSayingSo(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0") // refuses nothing, answers nothing: closed at once
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	p := &progress{screen: &waitscreen.Screen{}, code: "ABCDEFGH12345678", players: 2}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	_, err = meetByLobby(ctx, addr, Options{Options: transport.Options{Code: p.code, Terms: netplay.Terms{Players: 2}, Logger: slog.New(slog.DiscardHandler)}}, false, slog.New(slog.DiscardHandler), p)
	if !errors.Is(err, lobby.ErrUnreachable) || !strings.Contains(err.Error(), "cannot be reached") {
		t.Fatalf("meeting through a lobby that is not there: %v, want it unreachable", err)
	}
	if said := strings.Join(p.screen.Lines(), " "); !strings.Contains(said, "cannot be reached") {
		t.Fatalf("the screen says %q, want it to say the lobby cannot be reached", said)
	}
}

// A host whose lobby said the room was full (a lying lobby, or a player
// who joined and never spoke) stayed "connecting" with no end: the
// meeting now ends a bound after the room filled, in words that say
// what happened and what to try, on the screen too.
func TestAHostToldTheRoomIsFullByALobbyNobodyAnswersDoesNotWaitForever(t *testing.T) {
	srv, err := lobby.NewServer(lobby.ServerConfig{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	addr := strings.TrimPrefix(hs.URL, "http://")
	p := &progress{screen: &waitscreen.Screen{}, lobby: addr, code: "ABCDEFGH12345678", players: 2, limit: 2 * time.Second}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute) // a cold, busy machine
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := meetByLobby(ctx, addr, Options{Options: transport.Options{Code: p.code, Terms: netplay.Terms{Players: 2}, Logger: slog.New(slog.DiscardHandler)}}, false, slog.New(slog.DiscardHandler), p)
		done <- err
	}()
	// The silent player: in the room, never a word. It joins once the
	// host has made the room (until then the code is unknown).
	var silent *lobby.Client
	for silent == nil && ctx.Err() == nil {
		silent, err = lobby.Join(ctx, addr, p.code, lobby.Options{NoCreate: true, Logger: slog.New(slog.DiscardHandler)})
		if err != nil && !errors.Is(err, lobby.ErrCodeUnknown) {
			t.Fatalf("the silent player's join: %v", err)
		}
		if err != nil {
			time.Sleep(50 * time.Millisecond)
		}
	}
	if silent == nil {
		t.Fatal("the host never made the room")
	}
	defer silent.Close()
	select {
	case err = <-done:
	case <-ctx.Done():
		t.Fatal("the host still waits 2 minutes on, with a 2 s bound after the room filled")
	}
	if !errors.Is(err, errUnanswered) || !strings.Contains(err.Error(), "every player is here, but the others did not answer") || !strings.Contains(err.Error(), "try again") {
		t.Fatalf("the host's meeting ended with %v: want errUnanswered in a player's words", err)
	}
	if said := strings.Join(p.screen.Lines(), " "); !strings.Contains(said, "could not start") || !strings.Contains(said, "did not answer") {
		t.Fatalf("the screen says %q, want the failure", said)
	}
}

// A host nobody joins is told so when the lobby closes its lone room
// (it said "the game with this code has already started, or ended", and
// the same code was refused for a while), and hosting again with the
// same code works at once.
func TestAHostNobodyJoinsIsToldSoAndHostsAgainWithTheSameCode(t *testing.T) {
	addr := serveLobby(t, lobby.ServerConfig{LoneRoomTTL: time.Second}) // sweeps every second
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)      // a cold, busy machine
	defer cancel()
	meet := func() (*progress, error) {
		p := &progress{screen: &waitscreen.Screen{}, lobby: addr, code: "ALONE-CODE-12345", players: 2}
		_, err := meetByLobby(ctx, addr, Options{Options: transport.Options{Code: p.code, Terms: netplay.Terms{Players: 2}, Logger: slog.New(slog.DiscardHandler)}}, false, slog.New(slog.DiscardHandler), p)
		return p, err
	}
	p, err := meet()
	if err == nil || !strings.Contains(err.Error(), "nobody else joined") || !strings.Contains(err.Error(), "same code") {
		t.Fatalf("a host alone past the lobby's wait: %v, want it told nobody joined and to host again with the same code", err)
	}
	if said := strings.Join(p.screen.Lines(), " "); !strings.Contains(said, "nobody else joined") {
		t.Errorf("the screen says %q, want the failure", said)
	}
	_, err = meet() // at once: the lobby kept a closed room a while
	if err == nil || !strings.Contains(err.Error(), "nobody else joined") {
		t.Fatalf("hosting again at once with the same code: %v, want the room afresh (and alone again)", err)
	}
}

// A peer that comes to a game under way (a guest's seat, every player's
// taken) or to watch is not told to wait for players to join: it is
// told what it is doing.
func TestTheWaitingScreenSaysWhatAPeerComingLateIsDoing(t *testing.T) {
	for _, c := range []struct {
		seat  int
		watch bool
		want  string
	}{
		{seat: 1, want: "waiting for the other players to join"},
		{seat: 2, want: "the game has started: asking its host for a place"},
		{seat: 2, watch: true, want: "watching this game: connecting to its host"},
	} {
		p := &progress{screen: &waitscreen.Screen{}, code: "ABCDEFGH12345678", watch: c.watch}
		p.room(2, c.seat)
		p.set(stateWaitPlayers, 1, nil)
		if said := strings.Join(p.screen.Lines(), " "); !strings.Contains(said, c.want) {
			t.Errorf("seat %d, watching %v: the screen says %q, want %q", c.seat, c.watch, said, c.want)
		}
	}
}

// The lobby's host of a LateJoin game may start it with the players
// there: its waiting screen says Enter does, and Enter (with one of two
// joiners connected) starts a session of 3 whose last slot is empty on
// both peers, for a newcomer to take.
func TestALobbyHostOfALateJoinGameStartsOnEnterWithThePlayersThere(t *testing.T) {
	discard := slog.New(slog.DiscardHandler)
	addr := serveLobby(t, lobby.ServerConfig{})
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute) // a cold, busy machine
	defer cancel()
	const code = "ENTER-CODE-12345"
	type met struct {
		j   *transport.Joined
		err error
	}
	meet := func(p *progress, opt Options) <-chan met {
		done := make(chan met, 1)
		go func() {
			j, err := meetByLobby(ctx, addr, opt, false, discard, p)
			done <- met{j, err}
		}()
		return done
	}
	arrived := make(chan int, 8)
	hp := &progress{screen: &waitscreen.Screen{}, lobby: addr, code: code, players: 3}
	host := meet(hp, Options{Options: transport.Options{Code: code, Terms: netplay.Terms{Players: 3, PlayOn: true, LateJoin: true}, Logger: discard},
		Host: transport.HostOptions{Arrived: func(joined []net.Addr) { arrived <- len(joined) }}})
	for !strings.Contains(hp.said(), waitscreen.StartHint) { // in the room, as its host
		select {
		case <-ctx.Done():
			t.Fatalf("the host's screen says %q: want it to offer Enter", hp.said())
		case <-time.After(10 * time.Millisecond):
		}
	}
	joiner := meet(&progress{screen: &waitscreen.Screen{}, lobby: addr, code: code, players: 3},
		Options{Options: transport.Options{Code: code, Terms: netplay.Terms{Players: 3}, Logger: discard}})
	select {
	case n := <-arrived:
		if n != 1 {
			t.Fatalf("the host's first arrival: %d players, want 1", n)
		}
	case <-ctx.Done():
		t.Fatal("the joiner never reached the host")
	}
	for !strings.Contains(hp.said(), "players here: 2 of 3") { // the lobby's count, polled
		select {
		case <-ctx.Done():
			t.Fatalf("the host's screen says %q: want it to offer Enter with 2 of 3 here", hp.said())
		case <-time.After(10 * time.Millisecond):
		}
	}
	hp.screen.StartNow() // as Enter does, from the main goroutine
	h, j := <-host, <-joiner
	if h.err != nil || j.err != nil {
		t.Fatalf("host: %v, joiner: %v", h.err, j.err)
	}
	defer h.j.Close()
	defer j.j.Close()
	if !slices.Equal(h.j.Terms.Empty, []int{2}) || !slices.Equal(j.j.Terms.Empty, []int{2}) || j.j.Slot != 1 || len(h.j.Peers) != 1 {
		t.Fatalf("empty slots: the host's %v, the joiner's %v (slot %d), the host's links %d: want [2], [2], slot 1 and 1 link",
			h.j.Terms.Empty, j.j.Terms.Empty, j.j.Slot, len(h.j.Peers))
	}
}

// said is what p's screen says, its lines joined.
func (p *progress) said() string {
	return strings.Join(p.screen.Lines(), " | ")
}

// serveLobby serves a lobby of cfg (its log discarded) on loopback until
// the test ends and returns its address.
func serveLobby(t *testing.T, cfg lobby.ServerConfig) string {
	t.Helper()
	cfg.Logger = slog.New(slog.DiscardHandler)
	srv, err := lobby.NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln, "", "") }()
	t.Cleanup(func() { _ = srv.Shutdown(context.Background()) })
	return ln.Addr().String()
}
