package host

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
)

// pgame is a game with player slots that writes down what its ticks saw.
type pgame struct {
	recorder
	n       int
	players [][]engine.Input // a copy of each tick's Players
	seat    func(local *engine.Input, players []engine.Input)
}

func (g *pgame) Tick(t *engine.Tick) error {
	g.players = append(g.players, append([]engine.Input(nil), t.Players...))
	return g.recorder.Tick(t)
}

// seaterGame is a pgame that seats its players itself.
type seaterGame struct{ *pgame }

func (g seaterGame) Seat(local *engine.Input, players []engine.Input) { g.seat(local, players) }

func TestMultiplayerTickSeesEverySlotAndNoLocalInput(t *testing.T) {
	c := &fakeClock{}
	g := &pgame{n: 3}
	p := &fakePlatform{clock: c, work: every(time.Second / 60), events: func(frame int, in EventSink) {
		if frame == 2 {
			in.Key(engine.KeyA, true)
			in.PadConnected(1, true)
			in.PadButton(1, gamepad.A, true)
		}
	}}
	runFake(t, engine.Config{Mode: engine.ModeUncapped, Ticks: 5, Players: g.n}, g, p, c)
	if len(g.players) != 5 {
		t.Fatalf("%d ticks, want 5", len(g.players))
	}
	for n, in := range g.inputs {
		if in != (engine.Input{}) {
			t.Fatalf("tick %d saw local Input %+v in a game with player slots, want zero", n, in)
		}
	}
	var sawA, sawPad bool
	for _, ps := range g.players {
		if len(ps) != 3 {
			t.Fatalf("tick saw %d slots, want 3", len(ps))
		}
		sawA = sawA || ps[0].Pressed.Has(engine.KeyA)
		sawPad = sawPad || ps[1].Pads[0].Pressed.Has(gamepad.A)
		if ps[1].Down.Has(engine.KeyA) || ps[0].Pads[1].Connected || ps[2].Pads[0].Connected {
			t.Fatalf("local input reached the wrong slot: %+v", ps)
		}
	}
	if !sawA || !sawPad {
		t.Fatalf("keyboard in slot 0 %v, controller 1 in slot 1 %v: want both", sawA, sawPad)
	}
}

func TestSeaterSplitsLocalInput(t *testing.T) {
	c := &fakeClock{}
	g := &pgame{n: 2}
	g.seat = func(local *engine.Input, players []engine.Input) {
		if local.Down.Has(engine.KeyUp) {
			players[1].Down.Add(engine.KeyUp)
		}
	}
	p := &fakePlatform{clock: c, work: every(time.Second / 60), events: func(frame int, in EventSink) {
		if frame == 1 {
			in.Key(engine.KeyUp, true)
		}
	}}
	runFake(t, engine.Config{Mode: engine.ModeUncapped, Ticks: 4, Players: 2}, seaterGame{g}, p, c)
	last := g.players[len(g.players)-1]
	if !last[1].Down.Has(engine.KeyUp) || last[0].Down.Has(engine.KeyUp) {
		t.Fatalf("Seat put Up in slot 1 only; the tick saw %+v", last)
	}
}

func TestBadPlayerSetupsAreRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  engine.Config
		w    Wiring
		game game
		want string
	}{
		{"negative", engine.Config{Players: -1}, Wiring{}, &pgame{}, "Config.Players -1 out of range"},
		{"too many", engine.Config{Players: MaxPlayers + 1}, Wiring{}, &pgame{}, "1 to 8"},
		{"lockstep with 0 players", engine.Config{}, Wiring{Lockstep: &fakeLockstep{}}, &pgame{}, "needs a game with player slots"},
		{"lockstep without slots", engine.Config{}, Wiring{Lockstep: &fakeLockstep{}}, &recorder{}, "needs a game with player slots"},
		{"tape without players", engine.Config{Players: 2}, Wiring{Tape: singleTape{}}, &pgame{}, "TickPlayers"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Run(t.Context(), tc.cfg, partsOf(tc.game), tc.w)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Run: %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

type singleTape struct{}

func (singleTape) Tick(uint64, *engine.Input, engine.StateHasher) error { return nil }

// fakeLockstep holds every tick until release says it may run, and gives
// slot 1 a key of its own.
type fakeLockstep struct {
	release func(n uint64) bool
	quitAt  uint64 // ErrQuit before this tick once a quit was asked; 0: never
	quit    bool
	frames  int
}

func (s *fakeLockstep) Frame(now time.Duration, quit bool) error {
	s.frames++
	s.quit = s.quit || quit
	return nil
}

func (s *fakeLockstep) Inputs(n uint64, local *engine.Input, players []engine.Input, _ engine.StateHasher) (bool, error) {
	if s.quit && n >= s.quitAt {
		return false, engine.ErrQuit
	}
	if s.release != nil && !s.release(n) {
		return false, nil
	}
	players[0] = *local
	players[1].Down.Add(engine.KeyB)
	return true, nil
}

func TestLockstepHoldsTicksWhileFramesDrawAndEdgesWait(t *testing.T) {
	c := &fakeClock{}
	g := &pgame{n: 2}
	frame := 0
	g.onUpdate = func(f *engine.Frame) error { frame = int(f.N); return nil }
	// Tick 3 waits for frame 20: the frames between draw, hold alpha
	// below 1 and count no bailout; a key pressed while held reaches tick 3.
	s := &fakeLockstep{release: func(n uint64) bool { return n != 3 || frame >= 20 }}
	p := &fakePlatform{clock: c, work: every(time.Second / 60), events: func(f int, in EventSink) {
		if f == 10 {
			in.Key(engine.KeySpace, true)
		}
	}}
	sum := runWired(t, engine.Config{Mode: engine.ModeUncapped, Ticks: 6, Players: 2}, Wiring{Lockstep: s}, g, p, c)
	if sum.Ticks != 6 || sum.Bailouts != 0 {
		t.Fatalf("%d ticks, %d bailouts: want 6 and 0", sum.Ticks, sum.Bailouts)
	}
	if len(g.perFrame) < 20 {
		t.Fatalf("only %d frames drew: held ticks must not stop frames", len(g.perFrame))
	}
	for f := 6; f < 19; f++ {
		if g.perFrame[f] != 0 || g.alphas[f] >= 1 {
			t.Fatalf("held frame %d ran %d ticks at alpha %v", f, g.perFrame[f], g.alphas[f])
		}
	}
	if !g.players[3][0].Pressed.Has(engine.KeySpace) || !g.players[3][1].Down.Has(engine.KeyB) {
		t.Fatalf("tick 3 saw %+v: want Space pressed in slot 0 (typed while held) and B in slot 1", g.players[3])
	}
	pressed := 0
	for _, ps := range g.players {
		if ps[0].Pressed.Has(engine.KeySpace) {
			pressed++
		}
	}
	if pressed != 1 {
		t.Fatalf("Space pressed in %d ticks, want 1", pressed)
	}
}

func TestLockstepStatsCountHeldFramesAndStalledTime(t *testing.T) {
	c := &fakeClock{}
	g := &pgame{n: 2}
	var l *Loop
	frame := 0
	g.onUpdate = func(f *engine.Frame) error { frame, l = int(f.N), LoopOf(f); return nil }
	s := &fakeLockstep{release: func(n uint64) bool { return n != 2 || frame >= 12 }}
	runWired(t, engine.Config{Mode: engine.ModeUncapped, Ticks: 4, Players: 2}, Wiring{Lockstep: s}, g, &fakePlatform{clock: c, work: every(time.Second / 60)}, c)
	h := l.Held()
	// Tick 2 is due at frame 3 and held through frame 11: 9 frames, all
	// but one tick of their time given up.
	if h.Frames != 9 || h.Stalled != 8*(time.Second/60) {
		t.Fatalf("held %d frames, stalled %v: want 9 and %v", h.Frames, h.Stalled, 8*(time.Second/60))
	}
}

func TestQuitInASessionWaitsForTheLockstep(t *testing.T) {
	c := &fakeClock{}
	g := &pgame{n: 2}
	s := &fakeLockstep{quitAt: 10}
	p := &fakePlatform{clock: c, work: every(time.Second / 60), events: func(f int, in EventSink) {
		if f == 3 {
			in.Quit()
		}
	}}
	sum := runWired(t, engine.Config{Mode: engine.ModeUncapped, Players: 2}, Wiring{Lockstep: s}, g, p, c)
	if sum.Ticks != 10 {
		t.Fatalf("ran %d ticks: the window's quit must end the session on the tick the Lockstep says (10)", sum.Ticks)
	}
}

func TestLockstepErrorEndsTheRun(t *testing.T) {
	c := &fakeClock{}
	boom := errors.New("peer vanished")
	s := &errLockstep{err: boom}
	_, err := Run(t.Context(), engine.Config{Mode: engine.ModeUncapped, Players: 2}, partsOf(&pgame{n: 2}), Wiring{Platform: &fakePlatform{clock: c, work: every(time.Second / 60)}, Clock: c, Lockstep: s})
	if !errors.Is(err, boom) {
		t.Fatalf("Run: %v, want the Lockstep's error", err)
	}
}

type errLockstep struct{ err error }

func (s *errLockstep) Frame(time.Duration, bool) error { return s.err }
func (s *errLockstep) Inputs(uint64, *engine.Input, []engine.Input, engine.StateHasher) (bool, error) {
	return false, nil
}

// noopPlayers is a game that does nothing, run with two player slots.
type noopPlayers struct{ noopGame }

func TestFrameWithLockstepAllocatesNothingOnceWarm(t *testing.T) {
	c := &fakeClock{}
	l := startLoop(t, noopPlayers{}, engine.Config{Players: 2}, Wiring{Lockstep: &fakeLockstep{}, Platform: &fakePlatform{clock: c, work: every(time.Second / 60)}, Clock: c}, 0)
	if err := l.mp.init(l.cfg, &l.wire, l.game.Seat); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(200, func() {
		if err := l.runFrame(); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 || l.stats.Ticks == 0 {
		t.Fatalf("a frame with a Lockstep allocates %v times (%d ticks ran), want 0", allocs, l.stats.Ticks)
	}
}
