package actions

import (
	"context"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// script is a platform that plays key events on set frames through a
// wrapper (nil: none), on a clock that advances a tick a frame.
type script struct {
	wrap   func(host.EventSink) host.EventSink
	keys   map[int][]engine.Key // taps (press and release) on frame n
	frame  int
	clock  *stepClock
	period time.Duration
}

func (s *script) PollEvents(e host.EventSink) {
	if s.wrap != nil {
		e = s.wrap(e)
	}
	for _, k := range s.keys[s.frame] {
		e.Key(k, true)
		e.Key(k, false)
	}
	e.Window(engine.WindowState{Width: 64, Height: 64, Focused: true})
	s.frame++
}

func (s *script) Present() error { s.clock.now += s.period; return nil }

type stepClock struct{ now time.Duration }

func (c *stepClock) Now() time.Duration         { return c.now }
func (c *stepClock) SleepUntil(t time.Duration) { c.now = max(c.now, t) }

// memTape records every tick's input, or replays it in place of the
// platform's.
type memTape struct {
	ins    []engine.Input
	replay bool
}

func (m *memTape) Tick(n uint64, in *engine.Input, _ engine.StateHasher) error {
	if m.replay {
		*in = m.ins[n]
		return nil
	}
	m.ins = append(m.ins, *in)
	return nil
}

// shots counts fire presses tick by tick, as a game's state.
func runShots(t *testing.T, p *script, tape *memTape, fire Action) (shots int, hash uint64) {
	t.Helper()
	p.clock, p.period = &stepClock{}, time.Second/60
	parts := engine.Parts{
		Tick: func(tk *engine.Tick) error {
			if fire.Pressed(&tk.Input) {
				shots++
				hash = hash*31 + tk.N
			}
			return nil
		},
		Draw: func(*engine.Frame) error { return nil },
	}
	_, err := host.Run(context.Background(), engine.Config{TPS: 60, Mode: engine.ModeUncapped, Ticks: 30}, parts,
		host.Wiring{Platform: p, Clock: p.clock, Tape: tape})
	if err != nil {
		t.Fatal(err)
	}
	return shots, hash
}

// The recording holds the actions as the player's bindings made them: a
// replay on a machine with other bindings, or none, runs the same.
func TestARecordingHoldsActionsAndReplaysWithoutTheBindings(t *testing.T) {
	m := testMap(t)
	fire, _ := m.Action("fire")
	if _, _, err := m.Rebind(fire, 0, KeyBinding(engine.KeyJ)); err != nil {
		t.Fatal(err)
	}
	taps := map[int][]engine.Key{3: {engine.KeyJ}, 10: {engine.KeyJ, engine.KeySpace}, 20: {engine.KeyJ}}
	rec := &memTape{}
	shots, hash := runShots(t, &script{wrap: m.Wrap, keys: taps}, rec, fire)
	if shots != 3 {
		t.Fatalf("recorded run fired %d times, want 3 (J is fire, Space is not)", shots)
	}
	recorded := 0
	for _, in := range rec.ins {
		if in.Pressed.Has(fire.Key()) {
			recorded++
		}
	}
	if recorded != 3 {
		t.Fatalf("the recording holds %d presses of fire's key, want 3", recorded)
	}
	rec.replay = true
	other := testMap(t) // the defaults: fire on Space
	rshots, rhash := runShots(t, &script{wrap: other.Wrap, keys: map[int][]engine.Key{5: {engine.KeySpace}}}, rec, fire)
	if rshots != shots || rhash != hash {
		t.Errorf("replay with other bindings fired %d times (hash %x), want %d (%x)", rshots, rhash, shots, hash)
	}
	nshots, nhash := runShots(t, &script{}, rec, fire)
	if nshots != shots || nhash != hash {
		t.Errorf("replay without a map fired %d times (hash %x), want %d (%x)", nshots, nhash, shots, hash)
	}
}
