package engine

import (
	"testing"
	"time"
)

// The prediction's depth follows what a frame can afford, on a fake
// clock where the game's ticks and copies take time: free, it stays at
// the rollback; when a copy and a re-run that deep would not fit the
// frame period it falls to what fits (at 0 the loop draws the verified
// game); once ticks are cheap again it rises back a tick a second. A
// frame whose drawing alone takes longer than its period (a busy
// machine) keeps the depth of copies that fit a quarter of it: a
// shallower one would not make it fit (it made a game of trivial ticks
// lose its prediction, and the input delay rise with it).
func TestThePredictionDepthFallsUnderLoadAndRisesBack(t *testing.T) {
	c := &fakeClock{}
	load := &gameLoad{clock: c}
	g := &copyGame{load: load}
	ls := &timedLockstep{clock: c, after: 50 * time.Millisecond, given: map[uint64]time.Duration{}}
	cfg, err := Config{Mode: ModeUncapped, Players: 2}.WithDefaults()
	if err != nil {
		t.Fatal(err)
	}
	w := Wiring{Platform: &fakePlatform{clock: c, work: every(time.Second / 60)}, Clock: c, Lockstep: ls}
	l := newLoop(cfg, partsOf(g), w.withDefaults())
	if err := l.mp.init(cfg, &l.wire, l.game.Seat); err != nil {
		t.Fatal(err)
	}
	if err := l.initPrediction(); err != nil {
		t.Fatal(err)
	}
	l.start = l.clock.Now()
	l.last, l.lastPresent = l.start, l.start
	if err := l.pacer.setMode(cfg.Mode, l.start); err != nil {
		t.Fatal(err)
	}
	frames := func(n int) (deepest uint64, fromVerified int) {
		for range n {
			if err := l.runFrame(); err != nil {
				t.Fatal(err)
			}
			ahead := l.Present() - l.Stats().Ticks
			if g.drawn == g {
				fromVerified++
			} else {
				deepest = max(deepest, ahead)
			}
		}
		return deepest, fromVerified
	}
	budget := l.ts.dt // uncapped: a tick period
	phases := []struct {
		name             string
		tick, copy, draw time.Duration
		frames           int
		limit            func(int) bool
	}{
		{"free", 0, 0, 0, 200, func(d int) bool { return d == 8 }},
		{"busy machine", 100 * time.Microsecond, 100 * time.Microsecond, 25 * time.Millisecond, 200, func(d int) bool { return d == 8 }},
		{"heavy", 2 * time.Millisecond, 3 * time.Millisecond, 0, 300, func(d int) bool { return d > 0 && d < 8 }},
		{"too heavy", 20 * time.Millisecond, 3 * time.Millisecond, 0, 100, func(d int) bool { return d == 0 }},
		{"free again", 0, 0, 0, 600, func(d int) bool { return d == 8 }},
	}
	for _, ph := range phases {
		load.tick, load.copy, load.draw = ph.tick, ph.copy, ph.draw
		deepest, verified := frames(ph.frames)
		st := l.Prediction()
		t.Logf("%s: limit %d (lowest %d, lowered %d), deepest frame drawn %d ahead, %d frames drawn from the verified game, cost smoothed: copy %v tick %v rest %v",
			ph.name, st.Limit, st.LimitLowest, st.Lowered, deepest, verified, l.pred.load.copy, l.pred.load.tick, l.pred.load.rest)
		if !ph.limit(st.Limit) {
			t.Fatalf("%s (ticks %v, copies %v, a frame period of %v): the depth is %d", ph.name, ph.tick, ph.copy, budget, st.Limit)
		}
		if ph.tick > 0 && ph.tick < budget && ph.draw == 0 { // what fits is what is drawn
			if worst := ph.copy + time.Duration(st.Limit)*ph.tick + l.pred.load.rest; worst > budget {
				t.Fatalf("%s: at depth %d a frame's copy, re-run and rest take %v, past the %v of a frame", ph.name, st.Limit, worst, budget)
			}
			if deepest > uint64(st.Limit)+2 {
				t.Fatalf("%s: a frame was drawn %d ahead at depth %d", ph.name, deepest, st.Limit)
			}
		}
		if ph.name == "too heavy" && verified < ph.frames/2 {
			t.Fatalf("%s: %d of %d frames drawn from the verified game at depth 0", ph.name, verified, ph.frames)
		}
	}
	if st := l.Prediction(); st.Lowered == 0 || st.LimitLowest != 0 {
		t.Fatalf("the depth fell %d times, lowest %d: want some, to 0", st.Lowered, st.LimitLowest)
	}
}

// timedLockstep confirms each tick's input after its present was given
// plus a while, as a session over a link of that one-way trip, and
// guesses every input wrong: each frame copies the game and ticks the
// copy the whole way to the present.
type timedLockstep struct {
	clock *fakeClock
	after time.Duration
	given map[uint64]time.Duration // when each present tick was given
}

func (s *timedLockstep) Frame(time.Duration, bool) error { return nil }
func (s *timedLockstep) Rollback() int                   { return 8 }

func (s *timedLockstep) Local(p uint64, _ *Input) (bool, error) {
	s.given[p] = s.clock.now
	return true, nil
}

func (s *timedLockstep) Inputs(n uint64, _ *Input, players []Input, _ StateHasher) (bool, error) {
	at, ok := s.given[n]
	if !ok || s.clock.now-at < s.after {
		return false, nil
	}
	delete(s.given, n)
	for i := range players {
		players[i].MouseX = float64(n)
	}
	return true, nil
}

func (s *timedLockstep) Guess(n uint64, players []Input) {
	for i := range players {
		players[i].MouseX = float64(n) + 1
	}
}
