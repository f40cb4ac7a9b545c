package host

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// Lockstep supplies every player's input to every tick and holds a tick
// until it has all of it: engine/netplay's Session is one. It is asked
// once a frame (Frame) and before every tick (Inputs); while it holds,
// the loop keeps drawing frames at the last tick's state (interpolation
// held), the owed time is given up without counting as a bailout, and
// the local input stays pending for the tick that runs.
//
// It is the whole of what the loop knows about netplay. Prediction takes
// the same slot: a Lockstep that is also a Predicting lets the loop draw
// ahead of the confirmed input from a copy of the game (a Predictor),
// while the ticks it runs, hashes and records stay the confirmed ones.
type Lockstep interface {
	// Frame is called once a frame, before its ticks, with the loop's
	// clock and whether the user asked to quit (closing the window): a
	// session then ends every peer on one tick, returning ErrQuit from
	// Inputs. An error ends the run.
	Frame(now time.Duration, quit bool) error
	// Inputs is called before tick n runs, with the local input the tick
	// would take (read only: it stays the loop's). ready false holds the
	// tick; ready true means players (one zeroed Input per slot) holds
	// every player's input for tick n, and the local input is taken.
	// ErrQuit ends the run cleanly before tick n; another error ends it
	// with that error. state is the state tick n starts from, for the
	// hashes peers compare.
	Inputs(n uint64, local *engine.Input, players []engine.Input, state engine.StateHasher) (ready bool, err error)
}

// Yielding is a Lockstep that holds a tick now and then only to let
// peers whose clocks run behind catch up (engine/netplay keeps its peers'
// tick clocks in step so). Yielded reports whether the tick it held last
// (Inputs, or Predicting.Local) was held for that: the loop then gives
// the tick's time up, so this machine's clock falls a tick back. A hold
// for input that has not arrived keeps the tick owed instead, and the
// first frame that has the input runs it with the next if both are due;
// a yield kept owed so would be paid back in the next frame, and a loop
// whose frames come at the tick rate (60 Hz and 60 ticks a second) would
// repeat a frame without its clock falling back at all.
type Yielding interface {
	Yielded() bool
}

// PlayersTape is a Tape that records or replays every player's input:
// the tape of a game with player slots must be one.
type PlayersTape interface {
	// TickPlayers is Tape.Tick for a game with player slots: players holds
	// every slot's input for tick n, which a player replaces with the
	// recorded input.
	TickPlayers(n uint64, players []engine.Input, state engine.StateHasher) error
}

// HoldStats say how long a Lockstep held the loop's ticks.
type HoldStats struct {
	// Frames is the number of frames in which a due tick was held; zero
	// without a Lockstep.
	Frames uint64
	// Stalled is the simulated time given up while ticks were held; zero
	// without a Lockstep.
	Stalled time.Duration
	// Longest is the most of Stalled given up in one stretch of held
	// frames (frames in a row that ran no tick): the longest a player saw
	// the game stand still, never more than Stalled.
	Longest time.Duration
	// CaughtUp counts the ticks run beyond the tick rate to catch up
	// with the session (CatchingUp); zero otherwise.
	CaughtUp uint64
	// Repeated counts the frames that drew no new tick although one was
	// due: the Lockstep held the first tick the frame owed (the present
	// one when drawing ahead), so the player saw the last frame's tick
	// again. A frame that ran some of its ticks before one was held drew
	// a new one and is not counted; Frames is. Zero without a Lockstep.
	Repeated uint64
	// RepeatedRun is the most repeated frames in a row: the longest the
	// picture stood still while the game was due to move. Zero without a
	// Lockstep.
	RepeatedRun uint64
}

// Held returns how long the loop's Lockstep held its ticks.
func (l *Loop) Held() HoldStats { return l.held }

// Players returns the game's player count, 0 when it has no slots.
func (l *Loop) Players() int { return len(l.mp.players) }

// CatchingUp is a Lockstep that can be far behind its session: a peer
// that rejoined replays the session's confirmed input from tick 0. While
// CatchingUp reports true the loop runs every tick whose input is there,
// beyond the tick rate, up to maxCatchUp ticks or catchUpBudget of the
// clock a frame, so the window stays responsive.
type CatchingUp interface {
	CatchingUp() bool
}

// Bounds of one frame's catching up.
const (
	maxCatchUp    = 4096
	catchUpBudget = 50 * time.Millisecond
)

// catchUp runs the ticks a catching-up Lockstep has ready, after the
// frame's own; it counts them in CaughtUp.
func (l *Loop) catchUp() error {
	c := l.mp.catching
	if c == nil || l.pred != nil || l.stopping {
		return nil
	}
	start := l.clock.Now()
	for k := 0; k < maxCatchUp && c.CatchingUp(); k++ {
		if n := l.cfg.Ticks; n > 0 && l.stats.Ticks >= n || l.cancelled() || l.clock.Now()-start > catchUpBudget {
			return nil
		}
		held, err := l.runTick()
		if err != nil || held {
			return err
		}
		l.held.CaughtUp++
	}
	return nil
}
