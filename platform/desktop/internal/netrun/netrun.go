// Package netrun is a desktop run's netplay session as its loop runs it:
// the session's frames, inputs and prediction for the loop, the banner
// over the game while it waits for a player, an interrupt ending it on a
// tick every peer agrees on, and settling it at the end.
package netrun

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/ticket"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// Options are what a Session takes from the run's configuration.
type Options struct {
	Log *slog.Logger // where it says what the session does; nil: slog.Default
	// EndWait bounds the wait for the peers' last acknowledgements after
	// the session's last tick, and for it to end after an interrupt.
	EndWait time.Duration
	// Window is the rejoin window (-net-timeout), for the waiting banner.
	Window time.Duration
	// Bot plays for the keyboard when it says so (Config.Bot); nil: never.
	Bot func(n uint64, in *engine.Input) bool
	// Ticket is the file this joiner keeps its slot's ticket in, removed
	// when the session ends; "" for none.
	Ticket string
}

// New is the session s, connected as j, as the loop runs it.
func New(j *transport.Joined, s *netplay.Session, o Options) *Session {
	if o.Log == nil {
		o.Log = slog.Default()
	}
	return &Session{joined: j, session: s, log: o.Log, dropAfter: o.EndWait, window: o.Window, bot: o.Bot, ticket: o.Ticket}
}

// Session is a run's netplay session, as its loop runs it.
type Session struct {
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
	banner    [96]byte                           // bannerText's, so drawing it allocates nothing
	conns     [host.MaxPlayers]engine.Connection // bannerText's
	members   [host.MaxPlayers]engine.Member     // bannerText's
	// ticket is the file this joiner keeps its slot's ticket in; "" for
	// none.
	ticket string
	// interrupted is set from a signal's goroutine: the next Frame asks
	// to end the session, as a closed window does.
	interrupted atomic.Bool
}

// Frame is the session's, and says in the log when a peer goes silent
// and when it is back.
func (r *Session) Frame(now time.Duration, quit bool) error {
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
func (r *Session) KeepAlive(now time.Duration) error { return r.session.KeepAlive(now) }

var (
	_ host.KeepingAlive = (*Session)(nil)
	_ host.Membership   = (*Session)(nil)
	_ host.CatchingUp   = (*Session)(nil)
	_ host.Yielding     = (*Session)(nil)
)

// Members is the session's: the game sees in Tick.Members who is in each
// slot (host.Membership).
func (r *Session) Members(n uint64, members []engine.Member) { r.session.Members(n, members) }

// Connections is the session's: the game sees in Frame.Connections whom
// the session waits for (host.Membership).
func (r *Session) Connections(conns []engine.Connection) { r.session.Connections(conns) }

// CatchingUp is the session's: a peer that came to the session under way
// replays it beyond the tick rate (host.CatchingUp).
func (r *Session) CatchingUp() bool { return r.session.CatchingUp() }

// Yielded is the session's: a tick it held to let slower peers' clocks
// catch up is given up, not kept owed (host.Yielding).
func (r *Session) Yielded() bool { return r.session.Yielded() }

// Inputs is the session's, with the bot's input for the keyboard's when
// the game has a bot playing.
func (r *Session) Inputs(n uint64, local *engine.Input, players []engine.Input, state engine.StateHasher) (bool, error) {
	if r.bot != nil && r.bot(n, &r.botIn) {
		local = &r.botIn
	}
	return r.session.Inputs(n, local, players, state)
}

// finish lets the other peers have this one's last inputs and closes the
// connections; it says why the session ended.
func (r *Session) finish(clock host.Clock, runErr error, dropAfter time.Duration) error {
	if clock == nil {
		clock = host.NewSystemClock(host.WaitSleep)
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

// LoopContext is the context a session's loop runs under: an interrupt
// (ctx ending: SIGINT, SIGTERM, SIGHUP) asks the session to end, as
// closing the window does, so that every peer stops on one tick with its
// outputs; only when that has not happened within the drop timeout (a
// peer is gone) does the loop's context end. Nil-safe.
func (r *Session) LoopContext(ctx context.Context) (context.Context, func()) {
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

// Seat is this peer's place in the session, for the game: its slot, the
// session's player slots, and whether it watches (a spectator). Nil-safe:
// all zero alone.
func (r *Session) Seat() (slot, players int, watching bool) {
	if r == nil {
		return 0, 0, false
	}
	return r.joined.Slot, r.joined.Terms.Players, r.joined.Watching
}

// Joined is how the session connected: its terms, slot, path and wire.
func (r *Session) Joined() *transport.Joined { return r.joined }

// Stats are the session's numbers (netplay.Session.Stats).
func (r *Session) Stats() netplay.Stats { return r.session.Stats() }

// Why says why the session ended, once End returned: ended, player
// gone, place given up, silent peer, lagging peer, replaced, desync or
// error.
func (r *Session) Why() string { return r.why }

// Configure hands the loop the session and bounds a headless session by
// ticks (a duration would stop each peer on its own tick): the ticks of
// bound, the time a headless run without a stop condition is given. It returns
// what the game's quit key does instead of quitting (ending the session
// on a tick every peer agrees on) and the overlay that says whom the
// session waits for; both nil alone. Nil-safe.
func (r *Session) Configure(cfg *engine.Config, w *host.Wiring, headless bool, asked, bound time.Duration, log *slog.Logger) (quit func(), overlay func(*sdl2.Canvas)) {
	if r == nil {
		return nil, nil
	}
	w.Lockstep = r
	if headless && cfg.Ticks == 0 && cfg.Duration != asked {
		cfg.Duration = 0
		cfg.Ticks = uint64(bound/time.Second) * uint64(cfg.TPS)
		log.Info("netplay: running headless for the same ticks on every peer", "ticks", cfg.Ticks)
	}
	return r.session.Quit, r.drawWaiting
}

// End settles the session after the loop (Why then says why it ended)
// and returns runErr with what settling it failed at. Nil-safe.
func (r *Session) End(clock host.Clock, runErr error) error {
	if r == nil {
		return runErr
	}
	return errors.Join(runErr, r.finish(clock, runErr, r.dropAfter))
}

// CloseEarly closes the connections when the run ended before its loop
// ran. Nil-safe.
func (r *Session) CloseEarly(looped *bool, err *error) {
	if r != nil && !*looped {
		*err = errors.Join(*err, r.joined.Close())
	}
}

// drawWaiting says over the game, at the top in the middle, what
// bannerText says; nothing when it says nothing.
func (r *Session) drawWaiting(c *sdl2.Canvas) {
	waitscreen.DrawBanner(c, r.bannerText(r.banner[:0]))
}

// bannerText appends to b, on a peer that came to the session under way
// (a player back, a spectator), that it catches up; else, once past the
// notice (WarnAfter), which player is lagging (they answer, but their
// input keeps the game waiting: the lag bound, not the rejoin window,
// ends their place); else which player the session waits for, for how
// long, and how long their place is held, or that they are back and
// catching up; nothing otherwise.
func (r *Session) bannerText(b []byte) []byte {
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

var _ host.Predicting = (*Session)(nil)

// Rollback is the session's: the most ticks drawn ahead.
func (r *Session) Rollback() int { return r.session.Rollback() }

// Local is the session's, with the bot's input for the keyboard's when
// the game has a bot playing.
func (r *Session) Local(p uint64, local *engine.Input) (bool, error) {
	if r.bot != nil && r.bot(p, &r.botIn) {
		local = &r.botIn
	}
	return r.session.Local(p, local)
}

// Guess is the session's.
func (r *Session) Guess(n uint64, players []engine.Input) { r.session.Guess(n, players) }

// SetDepth is the session's: a heavy scene's lowered depth reaches the
// host's input delay.
func (r *Session) SetDepth(d int) { r.session.SetDepth(d) }

var _ host.DepthSetter = (*Session)(nil)
