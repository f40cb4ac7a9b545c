package tape

import (
	"bytes"
	"context"
	"errors"
	"hash/maphash"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// fakeClock moves only when the platform presents.
type fakeClock struct{ now time.Duration }

func (c *fakeClock) Now() time.Duration { return c.now }
func (c *fakeClock) SleepUntil(t time.Duration) {
	c.now = max(c.now, t)
}

// scriptedPlatform plays a controller and keyboard session: frames of
// uneven length (some run no tick, some two), and events before them.
type scriptedPlatform struct {
	clock  *fakeClock
	frame  int
	events func(frame int, in host.EventSink)
}

func (p *scriptedPlatform) PollEvents(in host.EventSink) {
	if p.events != nil {
		p.events(p.frame, in)
	}
	p.frame++
}

func (p *scriptedPlatform) Present() error {
	p.clock.now += []time.Duration{5, 17, 33, 16, 9}[p.frame%5] * time.Millisecond
	return nil
}

// session is a player with a controller and a keyboard: plugging in,
// pushing the stick, pressing buttons, typing a name, and unplugging.
func session(frame int, in host.EventSink) {
	switch {
	case frame == 3:
		in.PadConnected(0, true)
	case frame == 5:
		in.Text([]byte("Zoë"))
	case frame == 40:
		in.PadConnected(2, true)
	case frame == 200:
		in.PadConnected(0, false)
	}
	if frame > 3 && frame < 200 {
		in.PadAxis(0, gamepad.LeftX, int16(frame*150-15000))
		in.PadAxis(0, gamepad.RightTrigger, int16(frame*100))
		in.PadButton(0, gamepad.Button(frame%int(gamepad.NumButtons)), frame%4 < 2)
	}
	if frame > 40 && frame%7 == 0 {
		in.PadButton(2, gamepad.A, frame%14 == 0)
		in.Key(290, frame%14 == 0) // past the first 256 keys
		in.Text([]byte{'a' + byte(frame%26)})
	}
}

// padGame's state is everything its ticks saw of the pads, keys and text.
type padGame struct {
	h          maphash.Hash
	ignoreText bool
	// What its ticks saw, to check the session reached them.
	connected, presses, typed int
}

func newPadGame(seed maphash.Seed, ignoreText bool) *padGame {
	g := &padGame{ignoreText: ignoreText}
	g.h.SetSeed(seed)
	return g
}

func (g *padGame) Tick(t *engine.Tick) error {
	in := &t.Input
	for i := range in.Pads {
		p := &in.Pads[i]
		maphash.WriteComparable(&g.h, p.Connected)
		maphash.WriteComparable(&g.h, p.Pressed)
		maphash.WriteComparable(&g.h, p.Released)
		maphash.WriteComparable(&g.h, p.Axis(gamepad.LeftX))
		maphash.WriteComparable(&g.h, p.Axis(gamepad.RightTrigger))
		if p.Connected {
			g.connected++
		}
		if p.Pressed != 0 {
			g.presses++
		}
	}
	g.typed += in.Text.Len()
	maphash.WriteComparable(&g.h, in.Pressed.Has(290))
	if !g.ignoreText {
		g.h.Write(in.Text.Bytes())
	}
	return nil
}

func (g *padGame) Draw(*engine.Frame) error { return nil }
func (g *padGame) StateHash() uint64        { return g.h.Sum64() }

func runSession(t *testing.T, g *padGame, events func(int, host.EventSink), tp host.Tape) error {
	t.Helper()
	c := &fakeClock{}
	cfg := engine.Config{Mode: engine.ModeUncapped, Ticks: 240}
	w := host.Wiring{Tape: tp, Clock: c, Platform: &scriptedPlatform{clock: c, events: events}}
	_, err := host.Run(context.Background(), cfg, engine.Parts{Tick: g.Tick, Draw: g.Draw, StateHash: g.StateHash}, w)
	return err
}

func TestAReplayOfAControllerSessionMatchesItsHashes(t *testing.T) {
	var buf bytes.Buffer
	h := Header{Scene: "pads", Seed: 1, TPS: 60, Interval: 30, Platform: ThisPlatform()}
	rec, err := NewRecorder(&buf, h)
	if err != nil {
		t.Fatal(err)
	}
	seed := maphash.MakeSeed()
	played := newPadGame(seed, false)
	if err := runSession(t, played, session, rec); err != nil {
		t.Fatalf("recording: %v", err)
	}
	if err := rec.Close(played.StateHash()); err != nil {
		t.Fatal(err)
	}
	tp, err := Read(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if played.connected < 200 || played.presses < 50 || played.typed < 10 {
		t.Fatalf("the ticks saw a pad connected %d times, presses in %d ticks and %d bytes typed: the session did not reach them",
			played.connected, played.presses, played.typed)
	}
	if tp.Ticks != 240 {
		t.Fatalf("recorded %d ticks, want 240", tp.Ticks)
	}
	ticks, _ := tp.Checkpoints()
	if len(ticks) != 8 {
		t.Fatalf("checkpoints at %v, want 8", ticks)
	}

	// Replayed with nobody at the controls: the recording drives it.
	replayed := newPadGame(seed, false)
	rp := NewReplayer(tp)
	if err := runSession(t, replayed, nil, rp); err != nil {
		t.Fatalf("replay: %v", err)
	}
	if err := rp.Close(replayed.StateHash()); err != nil {
		t.Fatalf("replay's final state: %v", err)
	}
	if rp.Ran() != 240 || replayed.StateHash() != played.StateHash() {
		t.Fatalf("replayed %d ticks to hash %x, the session's was %x", rp.Ran(), replayed.StateHash(), played.StateHash())
	}

	// A game that does not read the text diverges where the text starts
	// to count: the hashes hold what the ticks saw.
	err = runSession(t, newPadGame(seed, true), nil, NewReplayer(tp))
	if !errors.Is(err, ErrDiverged) {
		t.Fatalf("replaying into a game that ignores text: %v, want ErrDiverged", err)
	}
}
