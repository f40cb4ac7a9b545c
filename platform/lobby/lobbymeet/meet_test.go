package lobbymeet_test

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/lobby"
	"github.com/lockstep-engine/lockstep/platform/lobby/lobbymeet"
	"github.com/lockstep-engine/lockstep/platform/lobby/lobbytest"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// told records what a meeting told its Progress, and fails the test if
// it is told anything once Meet has returned.
type told struct {
	t        *testing.T
	mu       sync.Mutex
	statuses []lobbymeet.Status
	returned bool
}

// progress is the Progress that records into r.
func (r *told) progress(st lobbymeet.Status) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.returned {
		r.t.Errorf("Progress told %+v after Meet returned", st)
	}
	r.statuses = append(r.statuses, st)
}

// meet is lobbymeet.Meet at addr with o, telling r, which then notes
// that it returned.
func (r *told) meet(ctx context.Context, addr string, o lobbymeet.Options) (*transport.Joined, error) {
	o.Progress = r.progress
	j, err := lobbymeet.Meet(ctx, addr, o)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.returned = true
	return j, err
}

// last is the last Status told; ok is false when none was.
func (r *told) last() (st lobbymeet.Status, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.statuses) == 0 {
		return st, false
	}
	return r.statuses[len(r.statuses)-1], true
}

// options are a meeting's with code for a game of players.
func options(code string, players int) lobbymeet.Options {
	return lobbymeet.Options{Options: transport.Options{Code: code, Terms: netplay.Terms{Players: players}, Logger: slog.New(slog.DiscardHandler)}}
}

func TestMeetRefusesOptionsItCannotMeetWith(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    lobbymeet.Options
		want string
	}{
		{"no code", options("", 2), "no code"},
		{"negative FullWait", func() lobbymeet.Options { o := options("ABCDEFGH12345678", 2); o.FullWait = -time.Second; return o }(), "FullWait"},
	} {
		// 192.0.2.1 is TEST-NET-1: were it contacted, the test would hang
		// until its deadline, not fail at once.
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		r := &told{t: t}
		_, err := r.meet(ctx, "192.0.2.1:7000", tc.o)
		cancel()
		if err == nil || !strings.Contains(err.Error(), tc.want) || errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: %v, want an error naming %q at once", tc.name, err, tc.want)
		}
		if len(r.statuses) != 0 {
			t.Errorf("%s: told %+v, want nothing", tc.name, r.statuses)
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
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	r := &told{t: t}
	_, err = r.meet(ctx, addr, options("ABCDEFGH12345678", 2))
	if !errors.Is(err, lobby.ErrUnreachable) {
		t.Fatalf("meeting through a lobby that is not there: %v, want it unreachable", err)
	}
	if !slices.Equal(r.statuses, []lobbymeet.Status{{State: lobbymeet.Contacting}}) {
		t.Fatalf("told %+v, want Contacting only", r.statuses)
	}
}

// A host whose lobby said the room was full (a lying lobby, or a player
// who joined and never spoke) stayed "connecting" with no end: the
// meeting now ends FullWait after the room filled, with ErrUnanswered.
func TestAHostToldTheRoomIsFullByALobbyNobodyAnswersDoesNotWaitForever(t *testing.T) {
	addr := lobbytest.Serve(t, lobby.ServerConfig{})
	const code = "ABCDEFGH12345678"
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute) // a cold, busy machine
	defer cancel()
	r := &told{t: t}
	done := make(chan error, 1)
	go func() {
		o := options(code, 2)
		o.FullWait = 2 * time.Second
		_, err := r.meet(ctx, addr, o)
		done <- err
	}()
	// The silent player: in the room, never a word. It joins once the
	// host has made the room (until then the code is unknown).
	var silent *lobby.Client
	var err error
	for silent == nil && ctx.Err() == nil {
		silent, err = lobby.Join(ctx, addr, code, lobby.Options{NoCreate: true, Logger: slog.New(slog.DiscardHandler)})
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
	if !errors.Is(err, lobbymeet.ErrUnanswered) || !strings.Contains(err.Error(), "within 2s") {
		t.Fatalf("the host's meeting ended with %v: want ErrUnanswered within 2s", err)
	}
	if st, _ := r.last(); st != (lobbymeet.Status{State: lobbymeet.Connecting, Joined: 2, Players: 2, Seat: 0}) {
		t.Fatalf("the last status told: %+v, want the host connecting with 2 of 2 here", st)
	}
}

// A host nobody joins is told so when the lobby closes its lone room
// (it said "the game with this code has already started, or ended", and
// the same code was refused for a while), and hosting again with the
// same code works at once.
func TestAHostNobodyJoinsIsToldSoAndHostsAgainWithTheSameCode(t *testing.T) {
	addr := lobbytest.Serve(t, lobby.ServerConfig{LoneRoomTTL: time.Second}) // sweeps every second
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)           // a cold, busy machine
	defer cancel()
	for _, when := range []string{"first", "again at once (the lobby kept a closed room a while)"} {
		_, err := (&told{t: t}).meet(ctx, addr, options("ALONE-CODE-12345", 2))
		var alone *lobbymeet.NobodyJoinedError
		if !errors.As(err, &alone) || !errors.Is(err, lobby.ErrRoomClosed) || !strings.Contains(err.Error(), "nobody else joined") {
			t.Fatalf("a host alone past the lobby's wait, %s: %v, want a NobodyJoinedError wrapping lobby.ErrRoomClosed", when, err)
		}
	}
}

// The lobby's host of a LateJoin game may start it with the players
// there (HostOptions.Start): closed with one of two joiners connected,
// it starts a session of 3 whose last slot is empty on both peers, for
// a newcomer to take. What each was told follows the room.
func TestALobbyHostOfALateJoinGameStartsWithThePlayersThere(t *testing.T) {
	addr := lobbytest.Serve(t, lobby.ServerConfig{})
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute) // a cold, busy machine
	defer cancel()
	const code = "ENTER-CODE-12345"
	type met struct {
		j   *transport.Joined
		err error
	}
	meet := func(r *told, o lobbymeet.Options) <-chan met {
		done := make(chan met, 1)
		go func() {
			j, err := r.meet(ctx, addr, o)
			done <- met{j, err}
		}()
		return done
	}
	arrived := make(chan int, 8)
	start := make(chan struct{})
	ho := options(code, 3)
	ho.Terms.PlayOn, ho.Terms.LateJoin = true, true
	ho.Host = transport.HostOptions{Arrived: func(joined []net.Addr) { arrived <- len(joined) }, Start: start}
	hr, jr := &told{t: t}, &told{t: t}
	host := meet(hr, ho)
	waitTold(ctx, t, hr, lobbymeet.Status{State: lobbymeet.Waiting, Joined: 1, Players: 3, Seat: 0})
	joiner := meet(jr, options(code, 3))
	select {
	case n := <-arrived:
		if n != 1 {
			t.Fatalf("the host's first arrival: %d players, want 1", n)
		}
	case <-ctx.Done():
		t.Fatal("the joiner never reached the host")
	}
	waitTold(ctx, t, hr, lobbymeet.Status{State: lobbymeet.Waiting, Joined: 2, Players: 3, Seat: 0}) // the lobby's count, polled
	close(start)
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
	if jr.statuses[0] != (lobbymeet.Status{}) || !slices.Contains(jr.statuses, lobbymeet.Status{State: lobbymeet.Waiting, Joined: 2, Players: 3, Seat: 1}) {
		t.Fatalf("the joiner was told %+v: want Contacting first, then 2 of 3 here in seat 1", jr.statuses)
	}
}

// waitTold waits, within ctx, until r's last status is want.
func waitTold(ctx context.Context, t *testing.T, r *told, want lobbymeet.Status) {
	t.Helper()
	for {
		st, _ := r.last()
		if st == want {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("told %+v last, want %+v", st, want)
		case <-time.After(10 * time.Millisecond):
		}
	}
}
