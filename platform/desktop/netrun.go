package desktop

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/ticket"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// netRun is a run's netplay session.
type netRun struct {
	joined  *transport.Joined
	session *netplay.Session
	log     *slog.Logger
	waiting bool   // the log said a peer is silent
	lagging bool   // the log said a peer is lagging
	why     string // why the session ended, for the summary
	// dropAfter bounds the wait for the peers' last acknowledgements.
	dropAfter time.Duration
	window    time.Duration                         // the rejoin window, for the waiting banner
	bot       func(n uint64, in *engine.Input) bool // Config.Bot
	botIn     engine.Input
	banner    [96]byte                             // bannerText's, so drawing it allocates nothing
	conns     [engine.MaxPlayers]engine.Connection // bannerText's
	members   [engine.MaxPlayers]engine.Member     // bannerText's
	// ticket is the file this joiner keeps its slot's ticket in; "" for
	// none.
	ticket string
	// interrupted is set from a signal's goroutine: the next Frame asks
	// to end the session, as a closed window does.
	interrupted atomic.Bool
}

// Frame is the session's, and says in the log when a peer goes silent
// and when it is back.
func (r *netRun) Frame(now time.Duration, quit bool) error {
	err := r.session.Frame(now, quit || r.interrupted.Load())
	if rerr := r.joined.Replaced(); rerr != nil && err == nil {
		err = &waitscreen.PlayerError{Msg: "netplay: this game was started again with the same code (here or on another computer) and the new one took this player's place in the session: this one ends", Err: rerr}
	}
	r.joined.Admit(r.session, now) // the host's: players back, spectators
	slot, silent, ok := r.session.Waiting()
	if ok && !r.waiting {
		r.log.Warn("netplay: waiting for a silent player", "slot", slot, "silent", silent.Round(time.Millisecond))
	} else if !ok && r.waiting {
		r.log.Info("netplay: every player is back")
	}
	r.waiting = ok
	lslot, lag, lagging := r.session.Lagging()
	if lagging && !r.lagging {
		r.log.Warn("netplay: player is lagging: the session waits for their input while they still answer", "slot", lslot, "waited", lag.Round(time.Millisecond))
	}
	r.lagging = lagging
	return err
}

// KeepAlive is the session's: a long frame keeps its datagrams flowing.
func (r *netRun) KeepAlive(now time.Duration) error { return r.session.KeepAlive(now) }

var (
	_ engine.KeepingAlive = (*netRun)(nil)
	_ engine.Membership   = (*netRun)(nil)
	_ engine.CatchingUp   = (*netRun)(nil)
)

// Members is the session's: the game sees in Tick.Members who is in each
// slot (engine.Membership).
func (r *netRun) Members(n uint64, members []engine.Member) { r.session.Members(n, members) }

// Connections is the session's: the game sees in Frame.Connections whom
// the session waits for (engine.Membership).
func (r *netRun) Connections(conns []engine.Connection) { r.session.Connections(conns) }

// CatchingUp is the session's: a peer that came to the session under way
// replays it beyond the tick rate (engine.CatchingUp).
func (r *netRun) CatchingUp() bool { return r.session.CatchingUp() }

// Inputs is the session's, with the bot's input for the keyboard's when
// the game has a bot playing.
func (r *netRun) Inputs(n uint64, local *engine.Input, players []engine.Input, state engine.StateHasher) (bool, error) {
	if r.bot != nil && r.bot(n, &r.botIn) {
		local = &r.botIn
	}
	return r.session.Inputs(n, local, players, state)
}

// finish lets the other peers have this one's last inputs and closes the
// connections; it says why the session ended.
func (r *netRun) finish(clock engine.Clock, runErr error, dropAfter time.Duration) error {
	if clock == nil {
		clock = engine.NewSystemClock(engine.WaitSleep)
	}
	var silent *netplay.SilentError
	var desync *netplay.DesyncError
	var left *netplay.LeftError
	var lagging *netplay.LaggingError
	switch {
	case errors.As(runErr, &silent):
		r.why = "silent peer"
	case errors.As(runErr, &lagging):
		r.why = "lagging peer"
	case errors.As(runErr, &left):
		r.why = "place given up"
	case errors.Is(runErr, transport.ErrReplaced):
		r.why = "replaced"
	case errors.As(runErr, &desync):
		r.why = "desync"
	case runErr != nil:
		r.why = "error"
	case r.session.Stats().GaveUp > 0:
		r.why = "player gone"
	default:
		r.why = "ended"
	}
	if !errors.As(runErr, &silent) && !errors.As(runErr, &left) && !errors.Is(runErr, transport.ErrReplaced) && !r.session.Settle(clock, dropAfter) {
		r.log.Warn("netplay: a peer did not confirm the end; it may wait for its timeout")
	}
	if !errors.Is(runErr, transport.ErrReplaced) { // the ticket is the new copy's now
		if err := ticket.Drop(r.ticket); err != nil {
			r.log.Warn("netplay: the session is over, but its ticket stays", "err", err)
		}
	}
	return r.joined.Close()
}

// loopContext is the context a session's loop runs under: an interrupt
// (ctx ending: SIGINT, SIGTERM, SIGHUP) asks the session to end, as
// closing the window does, so that every peer stops on one tick with its
// outputs; only when that has not happened within the drop timeout (a
// peer is gone) does the loop's context end. Nil-safe.
func (r *netRun) loopContext(ctx context.Context) (context.Context, func()) {
	if r == nil {
		return ctx, func() {}
	}
	lctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var timer *time.Timer
	var mu sync.Mutex
	stop := context.AfterFunc(ctx, func() {
		r.log.Info("interrupted: ending the session on a tick every peer agrees")
		r.interrupted.Store(true)
		mu.Lock()
		defer mu.Unlock()
		timer = time.AfterFunc(r.dropAfter+time.Second, cancel) // endWait: a silent peer is not waited for its window
	})
	return lctx, func() {
		stop()
		mu.Lock()
		defer mu.Unlock()
		if timer != nil {
			timer.Stop()
		}
		cancel()
	}
}

// setup tells the game its slot. Nil-safe.
func (r *netRun) setup(s *Setup) {
	if r != nil {
		s.Slot, s.Players, s.Watching = r.joined.Slot, r.joined.Terms.Players, r.joined.Watching
	}
}

// configure hands the loop the session and bounds a headless session by
// ticks (a duration would stop each peer on its own tick). It returns
// what the game's quit key does instead of quitting (ending the session
// on a tick every peer agrees on) and the overlay that says whom the
// session waits for; both nil alone. Nil-safe.
func (r *netRun) configure(cfg *engine.Config, w *engine.Wiring, headless bool, asked time.Duration, log *slog.Logger) (quit func(), overlay func(*sdl2.Canvas)) {
	if r == nil {
		return nil, nil
	}
	w.Lockstep = r
	if headless && cfg.Ticks == 0 && cfg.Duration != asked {
		cfg.Duration = 0
		cfg.Ticks = uint64(HeadlessDuration/time.Second) * uint64(cfg.TPS)
		log.Info("netplay: running headless for the same ticks on every peer", "ticks", cfg.Ticks)
	}
	return r.session.Quit, r.drawWaiting
}

// end settles the session after the loop and returns its summary object.
// Nil-safe.
func (r *netRun) end(clock engine.Clock, runErr error, rep *engine.Report) (*NetSummary, error) {
	if r == nil {
		return nil, runErr
	}
	runErr = errors.Join(runErr, r.finish(clock, runErr, r.dropAfter))
	return r.summary(rep), runErr
}

// closeEarly closes the connections when the run ended before its loop
// ran. Nil-safe.
func (r *netRun) closeEarly(looped *bool, err *error) {
	if r != nil && !*looped {
		*err = errors.Join(*err, r.joined.Close())
	}
}

// drawWaiting says over the game, at the top in the middle, what
// bannerText says; nothing when it says nothing.
func (r *netRun) drawWaiting(c *sdl2.Canvas) {
	waitscreen.DrawBanner(c, r.bannerText(r.banner[:0]))
}

// bannerText appends to b, on a peer that came to the session under way
// (a player back, a spectator), that it catches up; else, once past the
// notice (WarnAfter), which player is lagging (they answer, but their
// input keeps the game waiting: the lag bound, not the rejoin window,
// ends their place); else which player the session waits for, for how
// long, and how long their place is held, or that they are back and
// catching up; nothing otherwise.
func (r *netRun) bannerText(b []byte) []byte {
	if r.session.CatchingUp() {
		return waitscreen.CatchingUpText(b, r.session.Tick())
	}
	if slot, lag, ok := r.session.Lagging(); ok {
		return waitscreen.LaggingText(b, slot, lag)
	}
	if slot, silent, ok := r.session.Waiting(); ok {
		r.session.Connections(r.conns[:])
		kind := waitscreen.WaitSilent
		if r.conns[slot].CatchingUp {
			kind = waitscreen.WaitBack
			if r.session.Members(r.session.Tick(), r.members[:]); r.members[slot].Presence == engine.Gone {
				kind = waitscreen.WaitJoining // the slot of a player given up, a newcomer's
			}
		}
		return waitscreen.WaitingText(b, slot, silent, r.window, kind)
	}
	return b
}

var _ engine.Predicting = (*netRun)(nil)

// Rollback is the session's: the most ticks drawn ahead.
func (r *netRun) Rollback() int { return r.session.Rollback() }

// Local is the session's, with the bot's input for the keyboard's when
// the game has a bot playing.
func (r *netRun) Local(p uint64, local *engine.Input) (bool, error) {
	if r.bot != nil && r.bot(p, &r.botIn) {
		local = &r.botIn
	}
	return r.session.Local(p, local)
}

// Guess is the session's.
func (r *netRun) Guess(n uint64, players []engine.Input) { r.session.Guess(n, players) }

// SetDepth is the session's: a heavy scene's lowered depth reaches the
// host's input delay.
func (r *netRun) SetDepth(d int) { r.session.SetDepth(d) }

var _ engine.DepthSetter = (*netRun)(nil)
