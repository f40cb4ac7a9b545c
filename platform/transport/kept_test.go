package transport

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// admitUntil joins the host h at addr with jo and ticket while h admits arrivals
// into adm, its clock stepping 100 ms a round (real time stays short),
// and returns the joiner's place or its error; the caller closes it.
func admitUntil(t *testing.T, ctx context.Context, h *Joined, addr string, adm Admitter, jo Options, ticket JoinOptions) (*Joined, error) {
	t.Helper()
	type result struct {
		j   *Joined
		err error
	}
	got := make(chan result, 1)
	go func() {
		j, err := Join(ctx, addr, jo, ticket)
		got <- result{j, err}
	}()
	for now := time.Duration(0); ; now += 100 * time.Millisecond {
		h.Admit(adm, now)
		select {
		case r := <-got:
			return r.j, r.err
		case <-time.After(10 * time.Millisecond):
		case <-ctx.Done():
			t.Fatal("the join did not end in time")
		}
	}
}

// A stranger with the code (a spectator who knows it, say) took the place
// of a player frozen for 0.75 s, and its welcome voided the owner's
// ticket; a newcomer whose game started slowly lost its place the same
// way. A place is now kept for the player holding its ticket for
// TicketGrace of silence: the stranger is refused, saying so, the owner
// takes it back with its ticket, a newcomer just welcomed keeps it while
// its game starts, and only past the grace does the place go to a
// player without the ticket.
func TestAPlaceIsKeptForItsTicketsHolderForTheGrace(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	addr, h, owner := hostWithJoiner(t, ctx, opts(testCode), opts(testCode))
	adm := &fakeAdmitter{vacant: true, back: true, silent: time.Second} // the owner froze a second ago
	j, err := admitUntil(t, ctx, h, addr, adm, joinAny(), JoinOptions{})
	if j != nil {
		_ = j.Close()
	}
	if !errors.Is(err, ErrRefused) || !errors.Is(err, ErrFull) || !strings.Contains(err.Error(), "kept for their own return") {
		t.Fatalf("a stranger while the owner of slot 1 is silent 1 s: %v, want a refusal saying the place is kept for its player", err)
	}
	jo, ticket := joinAny(), JoinOptions{Ticket: owner.Ticket}
	back, err := admitUntil(t, ctx, h, addr, adm, jo, ticket)
	if back != nil {
		defer back.Close()
	}
	if err != nil || back.Slot != 1 || back.Ticket == "" || back.Ticket == owner.Ticket {
		t.Fatalf("the owner back with its ticket: %+v, %v: want slot 1 and a new ticket", back, err)
	}
	// Welcomed, its game starting: silent for a few seconds.
	adm.silent = 3 * time.Second
	if j, err := admitUntil(t, ctx, h, addr, adm, joinAny(), JoinOptions{}); !errors.Is(err, ErrFull) {
		if j != nil {
			_ = j.Close()
		}
		t.Fatalf("a stranger while the player just welcomed starts its game: %v, want refused", err)
	}
	adm.silent = TicketGrace + time.Second
	late, err := admitUntil(t, ctx, h, addr, adm, joinAny(), JoinOptions{})
	if late != nil {
		defer late.Close()
	}
	if err != nil || late.Slot != 1 {
		t.Fatalf("a player without the ticket once the owner is silent past the grace: %+v, %v: want slot 1", late, err)
	}
	// The owner, back with the ticket the newcomer's welcome voided, is
	// told where its place went, not that every player is still there.
	adm.vacant = false
	ticket.Ticket = back.Ticket
	if j, err := admitUntil(t, ctx, h, addr, adm, jo, ticket); !errors.Is(err, ErrFull) || !strings.Contains(err.Error(), "went to another player") {
		if j != nil {
			_ = j.Close()
		}
		t.Fatalf("the owner back with a ticket voided since: %v, want refused saying its place went to another", err)
	}
}

// The host kept every connection it ever welcomed, its link and slot
// with it: 400 spectators coming and going left 401 connections and grew
// the heap by 63 KB a round. Closed connections are let go now: after
// 400 rounds the host keeps the joiner's and the few closing still, and
// counts what the others sent; the heap stays within 4 MB of where it
// was (it grew 25 MB before).
func TestConnectionsThatClosedAreLetGo(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 120*time.Second)
	defer cancel()
	addr, h, _ := hostWithJoiner(t, ctx, opts(testCode), opts(testCode))
	adm := &fakeAdmitter{take: true}
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	const rounds = 400
	for i := range rounds {
		w := joinAny()
		w.Local.Spectate = true
		j, err := admitUntil(t, ctx, h, addr, adm, w, JoinOptions{})
		if err != nil {
			t.Fatalf("round %d: %v", i, err)
		}
		if err := j.Close(); err != nil {
			t.Fatalf("round %d: %v", i, err)
		}
	}
	// The host hears of the last closes a little later.
	for end := time.Now().Add(10 * time.Second); len(h.conns) > 1 && time.Now().Before(end); {
		h.Admit(adm, 0)
		time.Sleep(10 * time.Millisecond)
	}
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	sent, _ := h.WireBytes()
	t.Logf("after %d spectators came and went: %d connections, %d links kept; heap %+.1f MB; %d B sent in all", rounds, len(h.conns), len(h.links), float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/1e6, sent)
	switch {
	case adm.taken != rounds:
		t.Fatalf("%d spectators taken, want %d", adm.taken, rounds)
	case len(h.conns) > 1 || len(h.links) > 1 || len(h.connSlots) > 1:
		t.Fatalf("after %d spectators came and went the host keeps %d connections, %d links, %d slots: want the joiner's alone", rounds, len(h.conns), len(h.links), len(h.connSlots))
	case after.HeapAlloc > before.HeapAlloc+4<<20:
		t.Fatalf("after %d spectators came and went the heap grew %.1f MB: want it flat (within 4 MB)", rounds, float64(after.HeapAlloc-before.HeapAlloc)/1e6)
	case sent < rounds*1000:
		t.Fatalf("the host counts %d B sent: want what the connections let go sent too", sent)
	}
}
