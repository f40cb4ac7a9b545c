package host

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// leavingLockstep gives every tick at once; slot 1 leaves at tick 5, and
// slot 0 is always waited for 1 s.
type leavingLockstep struct{ frames int }

func (s *leavingLockstep) Frame(time.Duration, bool) error { s.frames++; return nil }

func (s *leavingLockstep) Inputs(uint64, *engine.Input, []engine.Input, engine.StateHasher) (bool, error) {
	return true, nil
}

func (s *leavingLockstep) Members(n uint64, m []engine.Member) {
	if n >= 5 {
		m[1] = engine.Member{Presence: engine.Gone, Since: 5}
	}
}

func (s *leavingLockstep) Connections(c []engine.Connection) {
	c[0].Waiting, c[1].Local = time.Second, true
}

// membersGame keeps what its ticks and frames saw.
type membersGame struct {
	seen  []engine.Member // slot 1's, by tick
	conns []engine.Connection
}

func (g *membersGame) Tick(t *engine.Tick) error {
	g.seen = append(g.seen, t.Members[1])
	return nil
}

func (g *membersGame) Draw(f *engine.Frame) error {
	g.conns = append(g.conns[:0], f.Connections...)
	return nil
}

func TestAMembershipLockstepsPlacesReachTicksAndFrames(t *testing.T) {
	c := &fakeClock{}
	g := &membersGame{}
	cfg, w := engine.Config{Ticks: 10, Players: 2}, Wiring{Platform: &fakePlatform{clock: c}, Clock: c, Lockstep: &leavingLockstep{}}
	if _, err := Run(t.Context(), cfg, partsOf(g), w); err != nil {
		t.Fatal(err)
	}
	for n, m := range g.seen {
		want := engine.Member{}
		if n >= 5 {
			want = engine.Member{Presence: engine.Gone, Since: 5}
		}
		if m != want {
			t.Fatalf("tick %d saw slot 1 %+v, want %+v", n, m, want)
		}
	}
	if len(g.seen) != 10 || len(g.conns) != 2 || g.conns[0].Waiting != time.Second || !g.conns[1].Local {
		t.Fatalf("%d ticks, frames saw %+v: want 10 ticks and the Lockstep's connections", len(g.seen), g.conns)
	}
}

func TestWithoutASessionEverySlotIsPlayingAndNoConnectionsAreShown(t *testing.T) {
	c := &fakeClock{}
	g := &membersGame{}
	cfg, w := engine.Config{Ticks: 10, Players: 2}, Wiring{Platform: &fakePlatform{clock: c}, Clock: c}
	if _, err := Run(t.Context(), cfg, partsOf(g), w); err != nil {
		t.Fatal(err)
	}
	for n, m := range g.seen {
		if m != (engine.Member{}) {
			t.Fatalf("tick %d saw slot 1 %+v, want playing", n, m)
		}
	}
	if g.conns != nil {
		t.Fatalf("frames saw connections %+v without a session", g.conns)
	}
}
