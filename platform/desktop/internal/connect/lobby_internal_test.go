package connect

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen/waitscreentest"
	"github.com/lockstep-engine/lockstep/platform/lobby"
	"github.com/lockstep-engine/lockstep/platform/lobby/lobbymeet"
	"github.com/lockstep-engine/lockstep/platform/lobby/lobbytest"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

func TestTheLobbyWaitingScreenSaysTheCodeWhoIsHereAndWhatItWaitsFor(t *testing.T) {
	p := &progress{screen: &waitscreen.Screen{}, lobby: "203.0.113.1:7000", code: "ABCDEFGH12345678"}
	for _, tc := range []struct {
		st   lobbymeet.Status
		want []string
	}{
		{lobbymeet.Status{State: lobbymeet.Contacting}, []string{"contacting the lobby", "code: ABCDEFGH12345678", "-lobby 203.0.113.1:7000 -code ABCDEFGH12345678"}},
		{lobbymeet.Status{State: lobbymeet.Waiting, Joined: 1, Players: 2}, []string{"code: ABCDEFGH12345678", "players here: 1 of 2", "waiting for the other players"}},
		{lobbymeet.Status{State: lobbymeet.Connecting, Joined: 2, Players: 2}, []string{"players here: 2 of 2", "connecting"}},
	} {
		p.meeting(tc.st)
		said := strings.Join(p.screen.Lines(), "\n")
		for _, w := range tc.want {
			if !strings.Contains(said, w) {
				t.Errorf("%+v: the screen says %q, want it to say %q", tc.st, said, w)
			}
		}
	}
}

func TestAFailureStaysOnTheWaitingScreen(t *testing.T) {
	p := &progress{screen: &waitscreen.Screen{}, code: "ABCDEFGH12345678"}
	p.fail(t.Context(), lobbyFailure("203.0.113.1:7000", transport.ErrNoPath))
	p.meeting(lobbymeet.Status{State: lobbymeet.Connecting, Joined: 2, Players: 2}) // a late status must not hide why it failed
	waitscreentest.SaysAll(t, "a failure, then a late status", p.screen.Lines(), "could not start the game", "no network path between the players", "try again")
}

func TestAWaitGivenUpKeepsWhatTheScreenWaitedFor(t *testing.T) {
	p := &progress{screen: &waitscreen.Screen{}, code: "ABCDEFGH12345678"}
	p.meeting(lobbymeet.Status{State: lobbymeet.Waiting, Joined: 1, Players: 2})
	ctx, cancel := context.WithCancel(t.Context())
	cancel() // the window closed, or a signal came
	err := p.fail(ctx, lobbyFailure("x", context.Canceled))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("fail returned %v, want the cause", err)
	}
	if said := strings.Join(p.screen.Lines(), " "); strings.Contains(said, "could not start") || !strings.Contains(said, "waiting for the other players") {
		t.Fatalf("after the wait was given up the screen says %q, want what it waited for", said)
	}
	p.fail(t.Context(), lobbyFailure("x", transport.ErrNoPath))
	if said := strings.Join(p.screen.Lines(), " "); !strings.Contains(said, "could not start") {
		t.Fatalf("after a failure the screen says %q, want the failure", said)
	}
}

// Each of the meeting's failures is said in a player's terms with what
// to try (lobbymeet's own among them: the lobby said every player was
// here and none answered; nobody joined a host before the lobby closed
// its room), wraps its cause, and is said on the screen so too.
func TestLobbyFailuresSayWhyInAPlayersTermsAndWhatToTry(t *testing.T) {
	unanswered := fmt.Errorf("%w (%w)", fmt.Errorf("%w within %v", lobbymeet.ErrUnanswered, 2*time.Second), context.Canceled)
	closed := &lobby.Error{Kind: lobby.ErrRoomClosed, Try: "check the code"}
	for _, tc := range []struct {
		err  error
		want []string
		is   error
	}{
		{&lobby.Error{Kind: lobby.ErrUnreachable, Try: "check the lobby address"}, []string{"the lobby at 203.0.113.1:7000 cannot be reached", "check the lobby address"}, lobby.ErrUnreachable},
		{&lobby.Error{Kind: lobby.ErrCodeUnknown, Try: "check the code"}, []string{"no game has this code", "check the code"}, lobby.ErrCodeUnknown},
		{fmt.Errorf("x: %w", transport.ErrNoPath), []string{"no network path between the players", "forward a UDP port"}, transport.ErrNoPath},
		{fmt.Errorf("x: %w (%w)", transport.ErrNoPath, transport.ErrRelayRefused), []string{"the relay server refused", "try again"}, transport.ErrRelayRefused},
		{unanswered, []string{"every player is here, but the others did not answer", "try again", "did not answer within 2s"}, lobbymeet.ErrUnanswered},
		{&lobbymeet.NobodyJoinedError{Err: closed}, []string{"nobody else joined", "same code", "(" + closed.Error() + ")"}, lobby.ErrRoomClosed},
	} {
		err := lobbyFailure("203.0.113.1:7000", tc.err)
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: %q does not say %q", tc.err, err, w)
			}
		}
		if !errors.Is(err, tc.is) {
			t.Errorf("%v: %v does not wrap %v", tc.err, err, tc.is)
		}
		p := &progress{screen: &waitscreen.Screen{}, code: "ABCDEFGH12345678"}
		p.fail(t.Context(), err)
		waitscreentest.SaysAll(t, tc.err.Error(), p.screen.Lines(), append([]string{"could not start the game"}, tc.want...)...)
	}
}

func TestALobbyThatDoesNotAnswerFailsSayingSo(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0") // refuses nothing, answers nothing: closed at once
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	discard := slog.New(slog.DiscardHandler)
	var screen *waitscreen.Screen
	connect := byLobby(&Options{Lobby: addr, Log: discard}, &Transport{Options: transport.Options{Code: "ABCDEFGH12345678", Terms: netplay.Terms{Players: 2}, Logger: discard}}, &screen)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	_, err = connect(ctx)
	if !errors.Is(err, lobby.ErrUnreachable) || !strings.Contains(err.Error(), "cannot be reached") {
		t.Fatalf("meeting through a lobby that is not there: %v, want it unreachable", err)
	}
	if said := strings.Join(screen.Lines(), " "); !strings.Contains(said, "cannot be reached") {
		t.Fatalf("the screen says %q, want it to say the lobby cannot be reached", said)
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
		p.meeting(lobbymeet.Status{State: lobbymeet.Waiting, Joined: 1, Players: 2, Seat: c.seat})
		if said := strings.Join(p.screen.Lines(), " "); !strings.Contains(said, c.want) {
			t.Errorf("seat %d, watching %v: the screen says %q, want %q", c.seat, c.watch, said, c.want)
		}
	}
}

// The lobby's host of a LateJoin game may start it with the players
// there: its waiting screen says Enter does, and Enter (with one of two
// joiners connected) starts a session of 3 whose last slot is empty on
// both peers, for a newcomer to take. A joiner's screen offers no Enter.
func TestALobbyHostOfALateJoinGameStartsOnEnterWithThePlayersThere(t *testing.T) {
	discard := slog.New(slog.DiscardHandler)
	addr := lobbytest.Serve(t, lobby.ServerConfig{})
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute) // a cold, busy machine
	defer cancel()
	const code = "ENTER-CODE-12345"
	type met struct {
		j   *transport.Joined
		err error
	}
	meet := func(opt Transport) (<-chan met, *waitscreen.Screen) {
		var screen *waitscreen.Screen
		connect := byLobby(&Options{Lobby: addr, Log: discard}, &opt, &screen)
		done := make(chan met, 1)
		go func() {
			j, err := connect(ctx)
			done <- met{j, err}
		}()
		return done, screen
	}
	arrived := make(chan int, 8)
	host, hs := meet(Transport{Options: transport.Options{Code: code, Terms: netplay.Terms{Players: 3, PlayOn: true, LateJoin: true}, Logger: discard},
		Host: transport.HostOptions{Arrived: func(joined []net.Addr) { arrived <- len(joined) }}})
	for !strings.Contains(said(hs), waitscreen.StartHint) { // in the room, as its host
		select {
		case <-ctx.Done():
			t.Fatalf("the host's screen says %q: want it to offer Enter", said(hs))
		case <-time.After(10 * time.Millisecond):
		}
	}
	joiner, js := meet(Transport{Options: transport.Options{Code: code, Terms: netplay.Terms{Players: 3, LateJoin: true}, Logger: discard}})
	select {
	case n := <-arrived:
		if n != 1 {
			t.Fatalf("the host's first arrival: %d players, want 1", n)
		}
	case <-ctx.Done():
		t.Fatal("the joiner never reached the host")
	}
	for !strings.Contains(said(hs), "players here: 2 of 3") { // the lobby's count, polled
		select {
		case <-ctx.Done():
			t.Fatalf("the host's screen says %q: want it to offer Enter with 2 of 3 here", said(hs))
		case <-time.After(10 * time.Millisecond):
		}
	}
	if strings.Contains(said(js), waitscreen.StartHint) {
		t.Errorf("the joiner's screen says %q: want no Enter (the host starts)", said(js))
	}
	hs.StartNow() // as Enter does, from the main goroutine
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

// said is what s says, its lines joined.
func said(s *waitscreen.Screen) string {
	return strings.Join(s.Lines(), " | ")
}
