package netplay

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// New refuses a Config whose role cannot be, each role saying why.
func TestNewRefusesWhatARoleCannotBe(t *testing.T) {
	link := func(slot int) Peer { return Peer{Slot: slot, Link: &queueLink{}} }
	two := Terms{Players: 2}
	for _, c := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"a watcher that draws ahead", Config{Terms: two, Local: Local{Spectate: true, Rollback: 1}, Peers: []Peer{link(0)}}, "a watcher follows the verified timeline"},
		{"a watcher that rejoins", Config{Terms: two, Local: Local{Spectate: true, Rejoin: true}, Peers: []Peer{link(0)}}, "a watcher follows the verified timeline"},
		{"a watcher linked to a joiner", Config{Terms: two, Local: Local{Spectate: true}, Peers: []Peer{link(1)}}, "cannot link to slot 1"},
		{"the host rejoining", Config{Terms: two, Local: Local{Rejoin: true}, Peers: []Peer{link(1)}}, "only a joiner rejoins"},
		{"a rejoiner that draws ahead", Config{Terms: two, Local: Local{Rejoin: true, Rollback: 2}, Slot: 1, Peers: []Peer{link(0)}}, "only a joiner rejoins"},
		{"a rejoiner out of range", Config{Terms: two, Local: Local{Rejoin: true, Rollback: 2}, Slot: 2, Peers: []Peer{link(0)}}, "slot 2 out of range"},
		{"a joiner out of range", Config{Terms: two, Slot: 2, Peers: []Peer{link(0)}}, "slot 2 out of range"},
		{"a joiner in slot -1", Config{Terms: two, Slot: -1, Peers: []Peer{link(0)}}, "slot -1 out of range"},
		{"a joiner with two links", Config{Terms: Terms{Players: 3}, Slot: 1, Peers: []Peer{link(0), link(2)}}, "has 2 peers: want 1"},
		{"a joiner linked to a joiner", Config{Terms: Terms{Players: 3}, Slot: 1, Peers: []Peer{link(2)}}, "cannot link to slot 2"},
		{"a joiner's nil link", Config{Terms: two, Slot: 1, Peers: []Peer{{Slot: 0}}}, "cannot link to slot 0"},
		{"a host short of a link", Config{Terms: Terms{Players: 3}, Peers: []Peer{link(1)}}, "has 1 peers: want 2"},
		{"a host linked twice to a slot", Config{Terms: Terms{Players: 3}, Peers: []Peer{link(1), link(1)}}, "cannot link to slot 1"},
		{"a host linked to itself", Config{Terms: two, Peers: []Peer{link(0)}}, "cannot link to slot 0"},
		{"a host linked to an empty slot", Config{Terms: Terms{Players: 3, PlayOn: true, LateJoin: true, Empty: []int{2}}, Peers: []Peer{link(2)}}, "cannot link to slot 2"},
		{"a late-join host that does not play on", Config{Terms: Terms{Players: 2, LateJoin: true}, Peers: []Peer{link(1)}}, "LateJoin without PlayOn"},
		{"a host with an empty slot and no late join", Config{Terms: Terms{Players: 3, PlayOn: true, Empty: []int{2}}, Peers: []Peer{link(1)}}, "without LateJoin"},
	} {
		_, err := New(c.cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
}

// Each role does its own part: only the host keeps the slots and takes
// players back and watchers, a watcher leaves alone at once, a rejoiner
// and a watcher catch up from tick 0.
func TestEachRoleDoesItsOwnPart(t *testing.T) {
	link := func(slot int) Peer { return Peer{Slot: slot, Link: &queueLink{}} }
	terms := Terms{Players: 2, InputDelay: 3}
	newOK := func(cfg Config) *Session {
		t.Helper()
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	host := newOK(Config{Terms: terms, Peers: []Peer{link(1)}})
	joiner := newOK(Config{Terms: terms, Slot: 1, Peers: []Peer{link(0)}})
	back := newOK(Config{Terms: terms, Local: Local{Rejoin: true}, Slot: 1, Peers: []Peer{link(0)}})
	watcher := newOK(Config{Terms: terms, Local: Local{Spectate: true}, Peers: []Peer{link(0)}})

	if err := host.Watch(&queueLink{}); err != nil {
		t.Fatalf("the host refused a watcher: %v", err)
	}
	for name, s := range map[string]*Session{"a joiner": joiner, "a rejoiner": back, "a watcher": watcher} {
		var we *WatchError
		if err := s.Watch(&queueLink{}); !errors.As(err, &we) {
			t.Errorf("%s took a watcher: %v, want a WatchError", name, err)
		}
		if err := s.Rejoin(1, &queueLink{}); err == nil || !strings.Contains(err.Error(), "only the host") {
			t.Errorf("%s took a player back: %v, want refused", name, err)
		}
		if _, ok := s.Vacant(); ok || s.IsVacant(1) {
			t.Errorf("%s named a slot vacant", name)
		}
		if _, held := s.Silent(1); held {
			t.Errorf("%s holds a slot", name)
		}
	}
	for name, c := range map[string]struct {
		s         *Session
		catchesUp bool
	}{"the host": {host, false}, "a joiner": {joiner, false}, "a rejoiner": {back, true}} {
		if got := c.s.CatchingUp(); got != c.catchesUp {
			t.Errorf("%s catching up: %v, want %v", name, got, c.catchesUp)
		}
	}
	// A watcher catches up once the host is far enough ahead; it leaves
	// alone at once when asked.
	watcher.peers[0].tick = watchBehind + 1
	if !watcher.CatchingUp() {
		t.Errorf("a watcher %d ticks behind the host is not catching up", watchBehind+1)
	}
	if err := watcher.Frame(time.Millisecond, true); !errors.Is(err, engine.ErrQuit) {
		t.Errorf("a watcher asked to quit: %v, want engine.ErrQuit at once", err)
	}
	if err := joiner.Frame(time.Millisecond, true); err != nil {
		t.Errorf("a joiner asked to quit: %v, want it to play on to the quitting tick", err)
	}
	// Every slot's input of a rejoiner and a watcher comes from tick 0;
	// a player's first InputDelay ticks are the zero Input.
	for name, c := range map[string]struct {
		s    *Session
		from uint64
	}{"the host": {host, 3}, "a joiner": {joiner, 3}, "a rejoiner": {back, 0}, "a watcher": {watcher, 0}} {
		if got := c.s.slots[1].next; got != c.from {
			t.Errorf("%s has slot 1's input below tick %d, want %d", name, got, c.from)
		}
	}
}
