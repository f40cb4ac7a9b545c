package transport

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"
)

// meetLate runs Meet for a peer that comes through room's slot after
// the start, from the lab's machine n, while the host admits arrivals
// to adm on a clock of its own (a second a frame: a player waiting for
// a vacant place is told the session is full within a few frames).
func meetLate(t *testing.T, room *memRoom, l *lab, n, slot int, host *Joined, adm Admitter, watch bool) (*Joined, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	o := Options{kdf: testKDF, Code: "ICE-TEST-CODE", Build: "b", Game: "g", Logger: slog.New(slog.DiscardHandler), Lobby: vnetServerIP + ":8080"}
	o.Local.Spectate = watch
	type result struct {
		j   *Joined
		err error
	}
	got := make(chan result, 1)
	go func() {
		j, err := meet(ctx, room.peer(slot), servers(t, false), o, HostOptions{}, JoinOptions{}, l.nets[n])
		got <- result{j, err}
	}()
	for now := time.Duration(0); ; now += time.Second {
		host.Admit(adm, now)
		select {
		case r := <-got:
			if r.j != nil {
				t.Cleanup(func() { _ = r.j.Close() })
			}
			return r.j, r.err
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// A host that met its players through a rendezvous goes on meeting
// through it: a spectator that comes after the start finds a path (the
// relay, behind symmetric NATs) and is taken by Admit; a player that
// comes to a session with no place free is told so; and the session's
// own link keeps working throughout.
func TestMeetTakesPeersThatComeAfterTheStartThroughTheRendezvous(t *testing.T) {
	l := newLab(t, symNAT, symNAT)
	room := &memRoom{}
	js, errs := meetPairIn(t, room, l, servers(t, false), 40*time.Second)
	if err := errors.Join(errs[:]...); err != nil {
		t.Fatalf("meet: %v", err)
	}
	exchange(t, js)
	w, err := meetLate(t, room, l, 1, 2, js[0], &fakeAdmitter{take: true}, true)
	if err != nil {
		t.Fatalf("a spectator after the start: %v", err)
	}
	if !w.Watching || w.Path != PathRelay {
		t.Errorf("the spectator: watching %v over %q, want watching over %q", w.Watching, w.Path, PathRelay)
	}
	if got := len(js[0].links); got != 2 {
		t.Errorf("the host holds %d links after taking a spectator, want 2 (its player's and the spectator's)", got)
	}
	_, err = meetLate(t, room, l, 1, 3, js[0], &fakeAdmitter{}, false)
	if !errors.Is(err, ErrFull) {
		t.Errorf("a player that comes when no place is free: %v, want told the session is full", err)
	}
	exchange(t, js)
}
