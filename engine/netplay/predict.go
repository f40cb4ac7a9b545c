package netplay

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// Prediction's limits and defaults.
const (
	// DefaultRollback is the most ticks a peer draws ahead of the
	// confirmed input unless told otherwise, as GGPO and GGRS default.
	DefaultRollback = 8
	// MaxRollback is the most it may: each frame ticks a copy of the game
	// that far.
	MaxRollback = 30
	// MaxPredictedDelay is the most input delay PredictedDelayFor picks
	// (a first guess from one link's round trip); a host that adapts the
	// delay goes past it by PathDelay's rule when the path calls for it.
	MaxPredictedDelay = 2
)

var _ host.Predicting = (*Session)(nil)

// PredictedDelayFor returns the input delay for a session whose peers
// draw ahead of the confirmed input (Config.Rollback), over a round trip
// of rtt at tps ticks a second: the smallest that keeps the present from
// waiting at DefaultRollback ticks ahead, so 0 (a player sees their own
// input in the next frame) until the one-way trip and two ticks of
// margin (jitter, a frame) pass DefaultRollback ticks, then the ticks
// beyond, at most MaxPredictedDelay. It is DelayForDepth at
// DefaultRollback.
func PredictedDelayFor(rtt time.Duration, tps int) int {
	return DelayForDepth(rtt, tps, DefaultRollback)
}

// DelayForDepth returns the input delay for a session whose peers may
// draw at most depth ticks ahead of the confirmed input, over a round
// trip of rtt at tps ticks a second: what the depth leaves of the
// one-way trip and two ticks of margin, never more than lockstep's
// (DelayFor), which it is at depth 0 (the present waits for the
// verified tick); from DefaultRollback ticks deep on at most
// MaxPredictedDelay. A heavy scene's lowered depth (host.DepthSetter)
// raises the delay this way, so the session keeps its pace.
func DelayForDepth(rtt time.Duration, tps, depth int) int {
	lockstep := DelayFor(rtt, tps)
	if depth <= 0 {
		return lockstep
	}
	// The one-way trip in ticks, rounded up: rtt·tps/2 in seconds (a
	// tick's truncated nanoseconds would put 100 ms past 3 ticks).
	oneWay := int((max(rtt, 0)*time.Duration(max(tps, 1))/2 + time.Second - 1) / time.Second)
	d := min(max(oneWay+2-depth, 0), lockstep)
	if depth >= DefaultRollback {
		d = min(d, MaxPredictedDelay)
	}
	return d
}

// SetDepth takes in how far the loop lets the present run ahead of the
// verified tick now, 0 to Rollback (host.DepthSetter): lower than
// Rollback while a heavy scene's copies do not fit a frame. A joiner
// tells the host, and a host whose terms adapt the input delay
// (Terms.AdaptDelay) sizes it from the least depth of every player (see
// PathDelay): at depth 0 lockstep's.
func (s *Session) SetDepth(d int) {
	s.depth = min(max(d, 0), s.cfg.Rollback)
}

// Rollback returns the most ticks the loop may draw ahead of the
// confirmed input: Config.Rollback.
func (s *Session) Rollback() int { return s.cfg.Rollback }

// Local takes this peer's input for present tick p: it is played at tick
// p+InputDelay and sent at once. false holds the present tick: the input
// would overwrite input a peer has not acknowledged, or this peer's
// present runs ahead of its peers' and waits a tick for them.
func (s *Session) Local(p uint64, local *engine.Input) (bool, error) {
	s.sync.yielded = false
	if s.err != nil {
		return false, s.err
	}
	if s.keepInStep(p) || !s.produce(p, local) {
		return false, nil
	}
	s.sendAll()
	return true, nil
}

// Guess fills players with tick n's input: each slot's confirmed input
// when it has arrived, and otherwise its latest input held (without its
// presses, releases and text), the prediction GGPO and GGRS make.
func (s *Session) Guess(n uint64, players []engine.Input) {
	for i := range players {
		if i >= s.cfg.Players {
			break
		}
		r := &s.slots[i]
		switch {
		case r.next > n:
			players[i] = r.at(n).in
		case r.next > 0:
			players[i] = r.at(r.next - 1).in.Held()
			s.guessed[i], s.guessBase[i] = max(s.guessed[i], n+1), someTick(r.next-1)
		default:
			s.guessed[i], s.guessBase[i] = max(s.guessed[i], n+1), 0 // none
		}
	}
}

// checkGuess counts slot's input for tick t, just arrived, as
// mispredicted when the last frame drawn with a guess for it guessed
// otherwise: the input held then.
func (s *Session) checkGuess(slot int, t uint64, got *engine.Input) {
	if t >= s.guessed[slot] {
		return
	}
	var guess engine.Input
	if b, ok := s.guessBase[slot].get(); ok {
		guess = s.slots[slot].at(b).in.Held()
	}
	if *got != guess {
		s.stats.mispredicted++
	}
}
