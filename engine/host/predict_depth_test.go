package host

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
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
	l, g, load := depthLoop(t)
	frames := func(n int) (uint64, int) { return depthFrames(t, l, g, n) }
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

// depthLoop is a loop of 2 players, uncapped on a fake clock, drawing a
// copyGame whose ticks, copies and drawing take load's times ahead of a
// timedLockstep (every guess wrong, each input confirmed 50 ms after it
// was given).
func depthLoop(t *testing.T) (*Loop, *copyGame, *gameLoad) {
	t.Helper()
	c := &fakeClock{}
	load := &gameLoad{clock: c}
	g := &copyGame{load: load}
	ls := &timedLockstep{clock: c, after: 50 * time.Millisecond, given: map[uint64]time.Duration{}}
	l := startedLoop(t, engine.Config{Mode: engine.ModeUncapped, Players: 2}, g, c, ls)
	if err := l.pacer.setMode(engine.ModeUncapped, l.start); err != nil {
		t.Fatal(err)
	}
	return l, g, load
}

// depthFrames runs n frames of l and returns the farthest ahead of the
// verified tick a frame drawn from the copy was, and how many frames
// drew g, the verified game.
func depthFrames(t *testing.T, l *Loop, g *copyGame, n int) (deepest uint64, fromVerified int) {
	t.Helper()
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

// A copy measured once on a busy moment does not keep the prediction
// off: at depth 0 no copy is made, so none would be measured again, and
// the tank's sessions under load lost their prediction for good to one
// slow copy. The fork's first copy (it fills an empty world) is not
// measured at all; at depth 0 a copy is tried again 2 s later (a probe
// at depth 1), then after 4 s, 8 s and so on while it still does not
// fit, and the depth rises back once one fits.
func TestAPredictionTurnedOffByASlowCopyTriesAgain(t *testing.T) {
	l, g, load := depthLoop(t)
	period := l.ts.dt // uncapped: a tick period
	load.tick, load.copy, load.firstCopy = 100*time.Microsecond, 100*time.Microsecond, 10*period
	if _, verified := depthFrames(t, l, g, 200); verified > 20 || l.Prediction().Lowered != 0 {
		t.Fatalf("a first copy of %v: %d of 200 frames drawn from the verified game, the depth lowered %d times: want the first copy left out of the cost",
			load.firstCopy, verified, l.Prediction().Lowered)
	}
	load.copy = 2 * period // a busy moment: every copy past a frame
	var off time.Duration  // when the depth fell to 0
	for i := 0; i < 600 && off == 0; i++ {
		if depthFrames(t, l, g, 1); counts(l).Limit == 0 {
			off = l.clock.Now()
		}
	}
	if off == 0 || l.Prediction().Probes != 0 {
		t.Fatalf("copies of %v in a frame period of %v: depth %d after 600 frames, %d probes: want 0, none yet", load.copy, period, l.Prediction().Limit, l.Prediction().Probes)
	}
	// Still too slow: probes 2 s after, then 4 s and 8 s apart, each
	// lowered again at once.
	slow, fast := load.copy, 100*time.Microsecond
	last := probeGaps(t, l, g, off, 15*time.Second, nil, []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second}, 8*period)
	// Noisy: each probe's first copy is fast, the next ones slow again.
	// The probe goes back to 0 once they have raised the copy's cost
	// (each moves it an eighth of the way), and the waits go on
	// doubling: one fast copy does not start them again.
	seen := 0 // the copies made before the depth rose from 0
	noisy := func() {
		switch {
		case counts(l).Limit == 0:
			load.copy, seen = fast, load.copies
		case load.copies > seen:
			load.copy = slow
		}
	}
	probeGaps(t, l, g, last, 50*time.Second, noisy, []time.Duration{16 * time.Second, 32 * time.Second}, 40*period)
	if st := l.Prediction(); st.Limit != 0 || st.Probes != 5 {
		t.Fatalf("after probes whose copies did not fit: depth %d after %d probes, want 0 after 5", st.Limit, st.Probes)
	}
	// The busy moment passes: the next probe (32 s after the last, the
	// longest wait) finds copies cheap, and the depth rises back to the
	// rollback.
	load.copy = fast
	for start := l.clock.Now(); l.clock.Now()-start < 42*time.Second; {
		depthFrames(t, l, g, 1)
	}
	if st := l.Prediction(); st.Limit != st.Rollback || st.Probes != 6 {
		t.Fatalf("copies cheap again for 42 s: depth %d of %d after %d probes: want it back, after a sixth probe", st.Limit, st.Rollback, st.Probes)
	}
}

// probeGaps runs l a frame at a time for span and fails unless the
// depth was probed len(waits) times, waits[i] (and up to slack more: a
// probe's own frames are not in a wait) after the probe before (the
// first after from, a time on l's clock), and is 0 again at the end; it
// returns when the last probe came. each, when not nil, is called after
// every frame.
func probeGaps(t *testing.T, l *Loop, g *copyGame, from, span time.Duration, each func(), waits []time.Duration, slack time.Duration) time.Duration {
	t.Helper()
	var probes []time.Duration // after from
	for start := l.clock.Now(); l.clock.Now()-start < span; {
		was := counts(l).Probes
		depthFrames(t, l, g, 1)
		if counts(l).Probes != was {
			probes = append(probes, l.clock.Now()-from)
		}
		if each != nil {
			each()
		}
	}
	if len(probes) != len(waits) {
		t.Fatalf("probes %v after %v: want them %v apart", probes, from, waits)
	}
	for i, last := 0, time.Duration(0); i < len(waits); i, last = i+1, probes[i] {
		if gap := probes[i] - last; gap < waits[i] || gap > waits[i]+slack {
			t.Fatalf("probes %v after %v: want them %v apart", probes, from, waits)
		}
	}
	if d := l.Prediction().Limit; d != 0 {
		t.Fatalf("after probes whose copies did not fit: depth %d, want 0", d)
	}
	return from + probes[len(probes)-1]
}

// counts is l.Prediction() without its Cost, whose percentiles
// Prediction computes from a histogram at each call: read after every
// frame, they took 40% of this file's tests' time.
func counts(l *Loop) PredictionStats { return l.pred.stats }

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

func (s *timedLockstep) Local(p uint64, _ *engine.Input) (bool, error) {
	s.given[p] = s.clock.now
	return true, nil
}

func (s *timedLockstep) Inputs(n uint64, _ *engine.Input, players []engine.Input, _ engine.StateHasher) (bool, error) {
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

func (s *timedLockstep) Guess(n uint64, players []engine.Input) {
	for i := range players {
		players[i].MouseX = float64(n) + 1
	}
}
