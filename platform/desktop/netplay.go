package desktop

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"io"
	"log/slog"
	"net"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	enginehost "github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/codeid"
	"github.com/lockstep-engine/lockstep/platform/internal/buildid"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// NetOptions are the netplay session's options, set by the netplay flags.
// The zero value plays alone.
type NetOptions struct {
	Host string // -host: listen on this address for the other players; "" not hosting
	Join string // -join: join the host at this address; "" not joining
	// Code is the session's secret (-code); "" on the host means generate one.
	Code string
	// InputDelay fixes the input delay in ticks (-input-delay); 0 means
	// chosen from the measured round trip.
	InputDelay int
	// DropAfter is the rejoin window (-net-timeout): how long a silent
	// player's place is held for their link to come back; past it the
	// host gives the place up and the session ends for everyone else,
	// cleanly (or plays on without them, PlayOn). 0 means
	// engine/netplay's DefaultDropAfter (a minute).
	DropAfter time.Duration
	// JoinTimeout is how long a joiner waits for the host to answer at
	// all (-join-timeout); 0 means engine/netplay's DefaultHandshake
	// (10 s).
	JoinTimeout time.Duration
	// PlayOn keeps the session going without a player whose place was
	// given up (-play-on, for a game that can play on with a slot idle);
	// their slot's input is then the zero Input and the game sees them
	// engine.Gone in Tick.Members. false ends the session for everyone
	// after that player's last tick. Only the host's counts.
	PlayOn bool
	// LateJoin lets a player join the session under way (-late-join, for
	// a game that can take a new player): one who runs -join ADDR -code
	// CODE while no player's place is held takes the slot of a player
	// given up, or one empty from the start (StartWith), catching up as a
	// player who comes back does, and every peer's game sees the slot
	// Playing again on one tick in Tick.Members. It needs PlayOn. false: a
	// slot given up stays Gone. Only the host's counts.
	LateJoin bool
	// StartWith starts the host's session as soon as this many players,
	// the host included, are there (-start-with N, 1 to Loop.Players,
	// with LateJoin): the other slots are engine.Gone from tick 0 on
	// every peer until newcomers take them. On the host's waiting screen
	// of a LateJoin game, Enter starts with whoever is there. 0 waits for
	// every slot.
	StartWith int
	// Rollback is the most ticks this machine draws ahead of the
	// confirmed input (-rollback N), 1 to engine/netplay's MaxRollback;
	// 0 means DefaultRollback (8). It takes a game that is an
	// engine.Predictor; others play in pure lockstep.
	Rollback int
	// NoRollback turns prediction off: pure lockstep, every frame drawn
	// from confirmed input (-rollback 0).
	NoRollback bool
	// Lobby is the address of a lobby (tools/lobby) the peers meet
	// through (-lobby): every peer gives the same Code and the first to
	// arrive hosts; ICE finds a path between them, through a relay when
	// it must. A game can set it so its players never type an address
	// (every run then plays through it; -lobby "" plays alone); "" means
	// no lobby (-host and -join).
	Lobby string
	// ListenAll makes a peer meeting through Lobby listen on every
	// interface and offer each one's address to the others, for a
	// machine whose route to the lobby is not its way to the players.
	// false (no flag sets it): only the address this machine reaches the
	// lobby from. -host and -join listen where their address says.
	ListenAll bool
	// Spectate watches the session at Join's address instead of playing
	// in it (-spectate): this machine plays no slot, replays the session
	// from its first tick as fast as it can and then follows it a little
	// behind; -record records what it sees, which replays to the
	// players' state. The players never wait for it. false plays.
	Spectate bool
	// MaxSpectators is the most spectators a host takes (code only); 0
	// means engine/netplay's DefaultMaxSpectators (16).
	MaxSpectators int
}

// endWait bounds the wait for the peers' last acknowledgements after the
// session's last tick, and for the session to end after an interrupt.
func (n *NetOptions) endWait() time.Duration { return min(n.DropAfter, 3*time.Second) }

// active reports whether the run is a netplay session.
func (n *NetOptions) active() bool { return n.Host != "" || n.Join != "" || n.Lobby != "" }

// check checks a defaulted n in a run with c, calling fields as name says:
// each of its parts in turn, the first error found.
func (n *NetOptions) check(c *Config, name names) error {
	parts := [...]func(*NetOptions, *Config, names) error{
		(*NetOptions).checkMeeting, (*NetOptions).checkLateJoin, (*NetOptions).checkSpectate,
		(*NetOptions).checkCode, (*NetOptions).checkDelay, (*NetOptions).checkLimits, (*NetOptions).checkRun,
	}
	for _, part := range parts {
		if err := part(n, c, name); err != nil {
			return err
		}
	}
	return nil
}

// checkMeeting checks how this peer finds the others: hosting, joining
// or through a lobby, one at a time, and a joiner's code.
func (n *NetOptions) checkMeeting(_ *Config, name names) error {
	host, join, lobby := name("Net.Host"), name("Net.Join"), name("Net.Lobby")
	switch {
	case n.Host != "" && n.Join != "":
		return usagef("%s and %s cannot be used together: host a session, or join one", host, join)
	case n.Lobby != "" && (n.Host != "" || n.Join != ""):
		return usagef("%s finds the host itself: drop %s and %s, or drop %s", lobby, host, join, lobby)
	case n.Join != "" && n.Code == "":
		return usagef("%s needs %s: the host printed it", join, name("Net.Code"))
	}
	return nil
}

// checkLateJoin checks the host's late join policy: PlayOn under it,
// and StartWith under it, in range and the host's own.
func (n *NetOptions) checkLateJoin(c *Config, name names) error {
	switch {
	case n.LateJoin && !n.PlayOn:
		return usagef("%s needs %s: a player can join only a session that plays on without the one who left", name("Net.LateJoin"), name("Net.PlayOn"))
	case n.StartWith != 0 && !n.LateJoin:
		return usagef("%s needs %s: the places left empty at the start are for players who join late", name("Net.StartWith"), name("Net.LateJoin"))
	case n.StartWith < 0 || n.StartWith > c.Loop.Players:
		return usagef("invalid value %d for %s: want 1 to %d players, the host included (0: every place filled)", n.StartWith, name("Net.StartWith"), c.Loop.Players)
	case n.StartWith != 0 && n.Join != "":
		return usagef("%s is the host's to choose: give it to the host", name("Net.StartWith"))
	}
	return nil
}

// checkSpectate checks that a spectator names the session to watch.
func (n *NetOptions) checkSpectate(_ *Config, name names) error {
	if n.Spectate && (n.Join == "" && n.Lobby == "" || n.Code == "") {
		return usagef("%s needs %s ADDR or %s ADDR, and %s: the session to watch", name("Net.Spectate"), name("Net.Join"), name("Net.Lobby"), name("Net.Code"))
	}
	return nil
}

// checkCode checks that a code comes with a session, long enough.
func (n *NetOptions) checkCode(_ *Config, name names) error {
	code := name("Net.Code")
	switch {
	case n.Code != "" && !n.active():
		return usagef("%s needs %s, %s or %s", code, name("Net.Host"), name("Net.Join"), name("Net.Lobby"))
	case n.Code != "" && len(n.Code) < transport.MinCode:
		return usagef("invalid value for %s: want at least %d characters (leave it out on the host to have one generated)", code, transport.MinCode)
	}
	return nil
}

// checkDelay checks a fixed input delay: in the session's range, and the
// host's to choose.
func (n *NetOptions) checkDelay(_ *Config, name names) error {
	delay := name("Net.InputDelay")
	switch {
	case (netplay.Terms{InputDelay: n.InputDelay}).Check() != nil: // the session's range, netplay's to say
		return usagef("invalid value %d for %s: want 0 (from the round trip) or 1 to %d ticks", n.InputDelay, delay, netplay.MaxInputDelay)
	case n.InputDelay != 0 && n.Join != "":
		return usagef("%s is the host's to choose: give it to the host", delay)
	}
	return nil
}

// checkLimits checks the numbers that are this peer's alone: the
// spectators it takes, its prediction's depth and its waits.
func (n *NetOptions) checkLimits(_ *Config, name names) error {
	switch {
	case n.MaxSpectators < 0:
		return usagef("invalid value %d for %s: want 0 (the default, %d) or more", n.MaxSpectators, name("Net.MaxSpectators"), netplay.DefaultMaxSpectators)
	case n.Rollback < 0 || n.Rollback > netplay.MaxRollback:
		return usagef("invalid value %d for %s: want 0 (pure lockstep) or 1 to %d ticks", n.Rollback, name("Net.Rollback"), netplay.MaxRollback)
	case n.DropAfter < netplay.DefaultWarnAfter:
		return usagef("invalid value %v for %s: want %v or more", n.DropAfter, name("Net.DropAfter"), netplay.DefaultWarnAfter)
	case n.JoinTimeout < 0:
		return usagef("invalid value %v for %s: want 0 (the default) or more", n.JoinTimeout, name("Net.JoinTimeout"))
	}
	return nil
}

// checkRun checks that the rest of the run, c, can be a session's: a
// game of players, stopped on a tick, not replaying a recording.
func (n *NetOptions) checkRun(c *Config, name names) error {
	if !n.active() {
		return nil
	}
	host, join, lobby := name("Net.Host"), name("Net.Join"), name("Net.Lobby")
	switch {
	case c.Output.Replay != "":
		return usagef("%s plays a recording alone: drop %s, %s and %s", name("Output.Replay"), host, join, lobby)
	case c.Loop.Frames != 0 || c.Loop.Duration != 0:
		return usagef("%s and %s stop each peer on its own: in a session use %s, which stops every peer on the same tick",
			name("Loop.Frames"), name("Loop.Duration"), name("Loop.Ticks"))
	case c.Loop.Players == 0:
		return usagef("%s: this game is played alone, not in a netplay session (Config.Loop.Players is 0)", n.given(host, join, lobby))
	}
	return nil
}

// given is the name of the flag (or field) that makes the run a session:
// host, join or lobby, as n sets it.
func (n *NetOptions) given(host, join, lobby string) string {
	switch {
	case n.Lobby != "":
		return lobby
	case n.Join != "":
		return join
	}
	return host
}

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

// sessionOptions are the transport's options for this run's session:
// the terms it wishes for and this peer's own choices (local).
func (r *run) sessionOptions(local netplay.Local) transport.Options {
	o, n := &r.cfg, &r.cfg.Net
	return transport.Options{Terms: r.wish(), Local: local, Code: n.Code,
		Build: buildID(o.Version, o.Physics.String(), r.log), Game: o.Name, Logger: r.log, Chosen: chosenSettings(o, r.recorded),
		ListenAll: n.ListenAll, StartWith: n.StartWith,
		// A joiner takes its place only once it knows it can run the
		// host's terms.
		Check: r.canAdopt}
}

// wish is the session this run asks for. A delay picked from the round
// trip then follows it, and drawing ahead the prediction's depth too (a
// heavy scene's lowered depth raises it); -input-delay fixes it.
func (r *run) wish() netplay.Terms {
	c := &r.cfg
	return netplay.Terms{Players: c.Loop.Players, TPS: c.Loop.TPS, InputDelay: c.Net.InputDelay,
		AdaptDelay: c.Net.InputDelay == 0, PlayOn: c.Net.PlayOn,
		LateJoin: c.Net.LateJoin, Settings: r.recorded, Ticks: c.Loop.Ticks}
}

// local is this peer's own part of the session, drawing ahead by
// rollback ticks.
func (n *NetOptions) local(rollback int) netplay.Local {
	return netplay.Local{Rollback: rollback, DropAfter: n.DropAfter, Handshake: n.JoinTimeout,
		Spectate: n.Spectate, MaxSpectators: n.MaxSpectators}
}

// startNet connects the session before the game starts, so that a joiner
// starts it with the host's settings (adopting them into r.cfg), drawing
// in the window what it waits for (screen, on return).
func (r *run) startNet(ctx context.Context, screen **waitScreen) (*netRun, error) {
	o, log := &r.cfg, r.log
	n := &o.Net
	rollback := n.rollbackFor(&r.parts, log)
	if o.Output.Record == "" { // a recording says it already
		warnUnhashed(&r.parts, log)
	}
	local := n.local(rollback)
	opt := r.sessionOptions(local)
	if n.Join != "" && o.MaxPlayers > 0 {
		opt.Terms.Players = 0 // a game of several counts plays the host's
	}
	ticket := ""
	if (n.Join != "" || n.Lobby != "") && !n.Spectate {
		ticket = ticketPath(o.Name, opt.Code)
		opt.Ticket = loadTicket(ticket)
	}
	connect := r.connector(&opt, screen)
	start := time.Now()
	j, err := connectDrawing(ctx, r.win, *screen, connect)
	if err != nil {
		return nil, err
	}
	j.Connect = time.Since(start) // the lobby and the wait for the others included
	// A joiner, by -join or through a lobby, takes the host's settings;
	// a spectator too.
	if j.Slot != 0 || j.Watching {
		if err := r.adoptHost(j); err != nil {
			_ = j.Close()
			return nil, err
		}
	}
	catchUp := j.Rejoin || j.Watching // in lockstep, from the first tick
	if j.Terms.InputDelay == 0 && rollback == 0 && !catchUp {
		_ = j.Close()
		return nil, errors.New("netplay: the host draws ahead with no input delay, which needs this peer to draw ahead too: drop -rollback 0, or ask the host for -input-delay 1 or more")
	}
	nc := j.Config(local)
	s, err := netplay.New(nc)
	if err != nil {
		_ = j.Close()
		return nil, err
	}
	ticket = keepTicket(ticket, j.Ticket, log)
	log.Info("netplay: session started", "slot", j.Slot, "players", j.Terms.Players, "input_delay", j.Terms.InputDelay, "rtt", j.RTT, "rollback", nc.Rollback, "path", j.Path, "connect", j.Connect.Round(time.Millisecond))
	switch {
	case j.Rejoin:
		log.Info("netplay: the session was under way: this player takes a place in it (their own back, or one given up), replaying the game from its start to catch up", "slot", j.Slot)
	case j.Watching:
		log.Info("netplay: watching the session: replaying it from its start to catch up, then following it")
	}
	return &netRun{joined: j, session: s, log: log, dropAfter: n.endWait(), window: n.DropAfter, bot: o.Bot, ticket: ticket}, nil
}

// connector is how this run connects its session, with opt: through the
// lobby, as the host or as a joiner; it sets the waiting screen.
func (r *run) connector(opt *transport.Options, screen **waitScreen) func(context.Context) (*transport.Joined, error) {
	o, log := &r.cfg, r.log
	n := &o.Net
	switch {
	case n.Lobby != "":
		return lobbyConnect(n.Lobby, opt, o.MaxPlayers > 0, log, screen)
	case n.Host != "":
		if opt.Code == "" {
			opt.Code = transport.NewCode()
		}
		s := hostScreen(n.Host, opt.Code, opt.Terms.Players)
		*screen, opt.Arrived = s, s.arrived
		if n.LateJoin {
			opt.Start = s.startable() // Enter starts with whoever is there
		}
		ho := *opt
		return func(ctx context.Context) (*transport.Joined, error) {
			return transport.Host(ctx, n.Host, ho, func(a net.Addr) {
				s.listening(a)
				log.Info("netplay: hosting: the other players run the same game with -join ADDR -code CODE", "addr", a.String(), "code", ho.Code, "players", ho.Terms.Players)
			})
		}
	default:
		*screen = joinScreen(n.Join, n.Spectate)
		log.Info("netplay: joining", "addr", n.Join, "spectate", n.Spectate)
		jo := *opt
		return func(ctx context.Context) (*transport.Joined, error) { return transport.Join(ctx, n.Join, jo) }
	}
}

// keepTicket keeps ticket, the host's for this player's slot, at path
// (ticketPath's) and returns path; "" when there is nothing of this run's
// to remove at the end.
func keepTicket(path, ticket string, log *slog.Logger) string {
	if path == "" || ticket == "" {
		return ""
	}
	if err := saveTicket(path, ticket); err != nil {
		log.Warn("netplay: this game could not keep its ticket: started again, it takes back the place of whoever has been silent longest, maybe not its own", "err", err)
	}
	return path
}

// adoptHost gives a joiner the host's terms: its player count, settings
// (those it chose itself already agree: the host refused it otherwise)
// and ticks, each checked as the command line checks it.
func (r *run) adoptHost(j *transport.Joined) error {
	cfg, err := r.cfg.adoptTerms(r.flags, j.Terms)
	if err != nil {
		return err
	}
	r.cfg = cfg
	r.recorded = r.flags.recorded(&r.cfg)
	return nil
}

// canAdopt reports whether this joiner can run the host's terms t, as
// adoptHost would take them, without taking them: platform/transport's
// join-time check, so that a joiner that cannot is refused before the
// host gives it a slot. It leaves the game's flags as t would set them;
// adoptHost sets them again.
func (r *run) canAdopt(t netplay.Terms) error {
	trial := r.cfg
	_, err := trial.adoptTerms(r.flags, t)
	return err
}

// adoptTerms takes a host's terms t into c and the game's flags g: what
// the shared flags' table says a joiner takes (the player count, the tick
// every peer stops after) and the settings a recording keeps. It returns
// c with its defaults, checked.
func (c *Config) adoptTerms(g *gameFlags, t netplay.Terms) (Config, error) {
	for _, f := range sharedFlags() {
		if f.fromTerms != nil {
			f.fromTerms(c, &t)
		}
	}
	if t.Players != c.Loop.Players { // a game of one count plays only that
		return *c, fmt.Errorf("netplay: the host's session has %d player slots, this game %d (Config.Loop.Players): run the host's game", t.Players, c.Loop.Players)
	}
	return c.adoptSettings(g, t.Settings, nil, hostSource())
}

// hostSource is where a joiner's adopted settings come from.
func hostSource() source {
	return source{prefix: "netplay", who: "the host", fix: "the host runs another program: run the host's"}
}

// chosenSettings names the settings of ss the user of a run with c chose:
// a seed, tick rate or physics engine other than the default, and every
// game flag GameFlags sets. A joiner is refused when one differs from the
// host's; it takes the host's value for the others.
func chosenSettings(c *Config, ss []tape.Setting) []string {
	def, _ := Config{}.withDefaults(fieldNames)
	var chosen []string
	for _, s := range ss {
		f := sharedFlagNamed(s.Name)
		if f != nil && f.kept() && s.Value != f.get(&def) || f == nil && slices.ContainsFunc(c.GameFlags, func(g tape.Setting) bool { return g.Name == s.Name }) {
			chosen = append(chosen, s.Name)
		}
	}
	return chosen
}

// Frame is the session's, and says in the log when a peer goes silent
// and when it is back.
func (r *netRun) Frame(now time.Duration, quit bool) error {
	err := r.session.Frame(now, quit || r.interrupted.Load())
	if rerr := r.joined.Replaced(); rerr != nil && err == nil {
		err = &playerError{"netplay: this game was started again with the same code (here or on another computer) and the new one took this player's place in the session: this one ends", rerr}
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
	_ enginehost.KeepingAlive = (*netRun)(nil)
	_ enginehost.Membership   = (*netRun)(nil)
	_ enginehost.CatchingUp   = (*netRun)(nil)
)

// Members is the session's: the game sees in Tick.Members who is in each
// slot (host.Membership).
func (r *netRun) Members(n uint64, members []engine.Member) { r.session.Members(n, members) }

// Connections is the session's: the game sees in Frame.Connections whom
// the session waits for (host.Membership).
func (r *netRun) Connections(conns []engine.Connection) { r.session.Connections(conns) }

// CatchingUp is the session's: a peer that came to the session under way
// replays it beyond the tick rate (host.CatchingUp).
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
func (r *netRun) finish(clock enginehost.Clock, runErr error, dropAfter time.Duration) error {
	if clock == nil {
		clock = enginehost.NewSystemClock(enginehost.WaitSleep)
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
		if err := dropTicket(r.ticket); err != nil {
			r.log.Warn("netplay: the session is over, but its ticket stays", "err", err)
		}
	}
	return r.joined.Close()
}

// buildID names this binary's simulation for the host's check that
// every peer computes the same ticks (package buildid): the platform
// (processor kind and level, FMA, operating system), the physics engine
// it runs, then the game's own version when cfg declares one, else a
// digest of its source (when version control vouches for it) and of the
// executable's code, constants and initialised data (package codeid). It
// is computed once, as the session starts.
func buildID(version, physics string, log *slog.Logger) string {
	id := buildid.ID{Platform: tape.Here(), Physics: physics, Version: version}
	if version != "" {
		return id.String()
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		id.Source = buildid.Stamp(bi)
	}
	d, err := codeid.Self()
	if err != nil {
		log.Warn("netplay: cannot fingerprint this program's code: comparing its source stamp instead (set Config.Version to name the game's own)", "err", err)
	}
	id.Code = d
	return id.String()
}

// NetSummary is the summary's netplay object (JSON key netplay): present
// only in a netplay session.
type NetSummary struct {
	// Peers counts the peers this one exchanged datagrams with at the
	// end: on the host the players still in and the spectators, on a
	// joiner or spectator 1 (the host); 0 when none was left.
	Peers      int   `json:"peers"`
	Players    int   `json:"players"`     // the session's player slots (never 0 in a session)
	Slot       int   `json:"slot"`        // this peer's player slot (0: the host)
	InputDelay int   `json:"input_delay"` // ticks, at the end
	RTTMS      RTTMS `json:"rtt_ms"`      // round trips measured during the session, from the datagrams' own times
	// End is why the session ended: ended (a quit or -ticks), player gone
	// (a player's place was given up after the rejoin window and the
	// others ended cleanly), place given up (this player's, by the host),
	// silent peer (the host was), replaced (a new copy of this game took
	// this player's place), desync or error.
	End string `json:"end"`
	// TicksWaited counts the frames a due tick was held for a peer's
	// input; MSStalled is the time given up while held.
	TicksWaited uint64  `json:"ticks_waited"`
	MSStalled   float64 `json:"ms_stalled"`
	// MaxStallMS is the longest the tick a player sees was held for a
	// peer (the next tick in lockstep, the present one when drawing
	// ahead): the most of MSStalled given up in one stretch of frames
	// that ran no tick, so never more than MSStalled.
	MaxStallMS float64 `json:"max_stall_ms"`
	// RepeatedFrames counts the frames that drew no new tick although
	// one was due (a peer's input was late, or this peer waited for a
	// slower one's clock): what a player sees as a stutter, whether or
	// not it gave time up (MSStalled counts only the time beyond the one
	// tick a held frame keeps owed). RepeatedShare is their share of the
	// frames drawn (0 to 1), RepeatedRun the most in a row.
	RepeatedFrames uint64  `json:"repeated_frames"`
	RepeatedShare  float64 `json:"repeated_share"`
	RepeatedRun    uint64  `json:"repeated_run"`
	// DelayChanges counts the input delay changes the session made as
	// the round trip changed (the delay is the host's to choose; 0 with
	// -input-delay).
	DelayChanges uint64 `json:"delay_changes"`
	Slowed       uint64 `json:"slowed"` // ticks held to let a slower peer's clock catch up

	DatagramsSent     uint64 `json:"datagrams_sent"`     // input datagrams this peer sent
	DatagramsReceived uint64 `json:"datagrams_received"` // input datagrams it took from its peers
	BytesSent         uint64 `json:"bytes_sent"`         // datagram payloads, without QUIC's and UDP's headers
	BytesReceived     uint64 `json:"bytes_received"`     // the same, received
	// WireBytesSent and WireBytesReceived are what QUIC carried: the
	// datagrams with its headers, encryption and acknowledgements.
	WireBytesSent     uint64 `json:"wire_bytes_sent"`
	WireBytesReceived uint64 `json:"wire_bytes_received"`
	Lost              uint64 `json:"lost"`    // datagrams the peers sent that never arrived
	Resent            uint64 `json:"resent"`  // inputs sent again, not yet acknowledged
	Dropped           uint64 `json:"dropped"` // malformed, forged, replayed or flooding datagrams
	// Desync is the first tick whose state hashes differed, null when none did.
	Desync *uint64 `json:"desync"`
	// Prediction is what drawing ahead of the confirmed input did.
	Prediction PredictionSummary `json:"prediction"`
	// Path is how the peers reached each other: "direct" for -host and
	// -join; through a lobby what ICE found: "direct host",
	// "server-reflexive", "peer-reflexive" or "relay".
	Path string `json:"path"`
	// ConnectMS is how long connecting took, from the start of the
	// session's setup (the lobby included) until every peer was greeted.
	ConnectMS float64 `json:"connect_ms"`
	// Rejoined says this peer came into the session under way, taking
	// back the place of a player whose game had stopped; Watching that
	// it watched (-spectate). Both catch up by replaying the session
	// from its first tick: CaughtUp counts the ticks they ran beyond the
	// tick rate to do it (0 for the others).
	Rejoined bool   `json:"rejoined"`
	Watching bool   `json:"watching"`
	CaughtUp uint64 `json:"caught_up"`
	// TakenBack and Spectators, on the host, count the players it took
	// back (started again while their place was held) and the
	// spectators it took; 0 on the others.
	TakenBack  uint64 `json:"taken_back"`
	Spectators uint64 `json:"spectators"`
	// SpectatorsDropped, on the host, counts the spectators it stopped
	// sending to (silent, gone, or taking nothing in), and
	// SpectatorBytes the bytes of datagrams it sent spectators (within
	// netplay.SpectatorsUpload a second); 0 on the others.
	SpectatorsDropped uint64 `json:"spectators_dropped"`
	SpectatorBytes    uint64 `json:"spectator_bytes"`
	// HistoryBytes is the input history the host kept for them (every
	// slot's confirmed input from tick 0); 0 on the others.
	HistoryBytes uint64 `json:"history_bytes"`
}

// writeText prints the session for a person: -stats's netplay lines.
func (n *NetSummary) writeText(w io.Writer) {
	end := n.End
	if n.Desync != nil {
		end += fmt.Sprintf(" at tick %d", *n.Desync)
	}
	fmt.Fprintf(w, "netplay slot %d of %d  path %s  connect %.0fms  input delay %d  rtt p50 %.2fms p99 %.2fms  end %s\n",
		n.Slot, n.Players, n.Path, n.ConnectMS, n.InputDelay, n.RTTMS.P50, n.RTTMS.P99, end)
	switch {
	case n.Rejoined:
		fmt.Fprintf(w, "netplay rejoined the session under way: caught up %d ticks\n", n.CaughtUp)
	case n.Watching:
		fmt.Fprintf(w, "netplay watched the session: caught up %d ticks\n", n.CaughtUp)
	case n.TakenBack > 0 || n.Spectators > 0:
		fmt.Fprintf(w, "netplay took back %d players, %d spectators  history %d B\n", n.TakenBack, n.Spectators, n.HistoryBytes)
	}
	fmt.Fprintf(w, "netplay repeated %d frames (%.2f%%, most %d in a row)\n", n.RepeatedFrames, 100*n.RepeatedShare, n.RepeatedRun)
	fmt.Fprintf(w, "netplay waited %d ticks  stalled %.1fms (most %.1fms)  lost %d  resent %d  dropped %d  sent %d B  received %d B\n",
		n.TicksWaited, n.MSStalled, n.MaxStallMS, n.Lost, n.Resent, n.Dropped, n.WireBytesSent, n.WireBytesReceived)
	p := n.Prediction
	if p.Rollback == 0 {
		fmt.Fprintln(w, "prediction off: pure lockstep")
		return
	}
	fmt.Fprintf(w, "prediction %d ticks  %d frames predicted  %d ticks re-run (most %d a frame)  %d copies (%d rebases)  %d mispredicted  copy p50 %.3fms p99 %.3fms  jump %.2f  drift %.2f\n",
		p.Rollback, p.FramesPredicted, p.TicksResimulated, p.MaxResimulated, p.Copies, p.Rebases, p.Mispredicted, p.CopyMS.P50, p.CopyMS.P99, p.JumpMax, p.DriftMax)
}

// RTTMS are round-trip percentiles in milliseconds.
type RTTMS struct {
	P50 float64 `json:"p50"` // the median; 0 when nothing was measured
	P99 float64 `json:"p99"` // the 99th percentile; 0 when nothing was measured
}

func (r *netRun) summary(rep *enginehost.Report) *NetSummary {
	st := r.session.Stats()
	ws, wr := r.joined.WireBytes()
	return &NetSummary{
		WireBytesSent: ws, WireBytesReceived: wr,
		Peers: st.Peers, Players: r.joined.Terms.Players, Slot: r.joined.Slot, InputDelay: st.InputDelay, End: r.why,
		RTTMS:       RTTMS{P50: ms(st.RTT50), P99: ms(st.RTT99)},
		TicksWaited: st.TicksWaited, MSStalled: ms(rep.Held.Stalled), Slowed: st.Slowed,
		MaxStallMS: ms(rep.Held.Longest), DelayChanges: st.DelayChanges,
		RepeatedFrames: rep.Held.Repeated, RepeatedShare: share(rep.Held.Repeated, rep.Frames), RepeatedRun: rep.Held.RepeatedRun,
		DatagramsSent: st.DatagramsSent, DatagramsReceived: st.DatagramsReceived,
		BytesSent: st.BytesSent, BytesReceived: st.BytesReceived,
		Lost: st.Lost, Resent: st.Resent, Dropped: st.Dropped + r.joined.Dropped(), Desync: st.Desync,
		Prediction: predictionSummary(&rep.Prediction, st.Mispredicted),
		Path:       r.joined.Path, ConnectMS: ms(r.joined.Connect),
		Rejoined: r.joined.Rejoin, Watching: r.joined.Watching, CaughtUp: rep.Held.CaughtUp,
		TakenBack: st.Rejoined, Spectators: st.Watchers, HistoryBytes: st.HistoryBytes,
		SpectatorsDropped: st.WatchersDropped, SpectatorBytes: st.BytesToWatchers,
	}
}

// openNet starts the session when the Config asks for one, waiting for
// the other players until they come or ctx (or a signal) ends it; the
// window says meanwhile what it waits for (screen). A wait given up
// returns an error wrapping errGaveUp; a failure stays on the screen for
// the player to read (holdFailure) before it is returned.
func (r *run) openNet(ctx context.Context, screen **waitScreen) (*netRun, error) {
	if !r.cfg.Net.active() {
		return nil, nil
	}
	nr, err := r.startNet(ctx, screen)
	switch {
	case err == nil:
		return nr, nil
	case ctx.Err() != nil || errors.Is(err, errWindowClosed):
		return nil, fmt.Errorf("%w: %w", errGaveUp, err)
	}
	r.holdFailure(ctx, *screen, err)
	return nil, err
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

// configure hands the loop the session, makes the game's quit key end it
// on a tick every peer agrees on, and bounds a headless session by ticks
// (a duration would stop each peer on its own tick). Nil-safe.
func (r *netRun) configure(cfg *engine.Config, w *enginehost.Wiring, run *runner, headless bool, asked time.Duration, log *slog.Logger) {
	if r == nil {
		return
	}
	w.Lockstep = r
	run.quit = r.session.Quit
	run.overlay = r.drawWaiting
	if headless && cfg.Ticks == 0 && cfg.Duration != asked {
		cfg.Duration = 0
		cfg.Ticks = uint64(HeadlessDuration/time.Second) * uint64(cfg.TPS)
		log.Info("netplay: running headless for the same ticks on every peer", "ticks", cfg.Ticks)
	}
}

// end settles the session after the loop and returns its summary object.
// Nil-safe.
func (r *netRun) end(clock enginehost.Clock, runErr error, rep *enginehost.Report) (*NetSummary, error) {
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

// waitingColor is the banner a session draws over the game while a
// player is silent or lagging.
var waitingColor = color.RGBA{R: 255, G: 190, B: 90, A: 255}

// drawWaiting says over the game, at the top in the middle, what
// bannerText says; nothing when it says nothing.
func (r *netRun) drawWaiting(c *sdl2.Canvas) {
	b := r.bannerText(r.banner[:0])
	if len(b) == 0 {
		return
	}
	lh := c.LineHeight()
	w, _ := c.Size()
	bw := float64(len(b)+2) * lh * 7 / 13 // glyphs are 7 by 13
	x := max(0, (float64(w)-bw)/2)
	c.FillRect(x, 0, bw, 1.5*lh, color.RGBA{A: 200})
	c.TextBytes(x+lh/2, lh/4, b, waitingColor)
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
		return catchingUpText(b, r.session.Tick())
	}
	if slot, lag, ok := r.session.Lagging(); ok {
		return laggingText(b, slot, lag)
	}
	if slot, silent, ok := r.session.Waiting(); ok {
		r.session.Connections(r.conns[:])
		kind := waitSilent
		if r.conns[slot].CatchingUp {
			kind = waitBack
			if r.session.Members(r.session.Tick(), r.members[:]); r.members[slot].Presence == engine.Gone {
				kind = waitJoining // the slot of a player given up, a newcomer's
			}
		}
		return waitingText(b, slot, silent, r.window, kind)
	}
	return b
}

// Why the banner waits for a player.
const (
	waitSilent  = iota // nothing comes from them
	waitBack           // they came back and catch up
	waitJoining        // they join late and catch up
)

// laggingText appends to b, in a player's words, who is lagging and how
// long their input has kept the game waiting (net of the time it kept
// up, for a crawl): "player 1 is lagging: their input keeps the game
// waiting (2.5 s)".
func laggingText(b []byte, slot int, lag time.Duration) []byte {
	b = append(b, "player "...)
	b = strconv.AppendInt(b, int64(slot), 10)
	b = append(b, " is lagging: their input keeps the game waiting ("...)
	b = strconv.AppendFloat(b, lag.Seconds(), 'f', 1, 64)
	return append(b, " s)"...)
}

// waitingText appends to b, in a player's words, who the session waits
// for and how long their place is still held: "waiting for player 1:
// 12.3 s (their place is held 48 s more)"; for a player who is back
// (their game started again), "player 1 is back, catching up: 12.3 s",
// and for one who joins late "player 1 is joining, catching up: 12.3 s"
// (kind says which).
func waitingText(b []byte, slot int, silent, window time.Duration, kind int) []byte {
	back := kind != waitSilent
	if back {
		b = append(b, "player "...)
		b = strconv.AppendInt(b, int64(slot), 10)
		if kind == waitJoining {
			b = append(b, " is joining, catching up: "...)
		} else {
			b = append(b, " is back, catching up: "...)
		}
	} else {
		b = append(b, "waiting for player "...)
		b = strconv.AppendInt(b, int64(slot), 10)
		b = append(b, ": "...)
	}
	b = strconv.AppendFloat(b, silent.Seconds(), 'f', 1, 64)
	b = append(b, " s"...)
	if left := window - silent; left > 0 && !back {
		b = append(b, " (their place is held "...)
		b = strconv.AppendInt(b, int64((left+time.Second-1)/time.Second), 10)
		b = append(b, " s more)"...)
	}
	return b
}

// catchingUpText appends to b, in a player's words, that this machine
// replays the session to catch up with it, and how far it is: "catching
// up with the game: tick 1234".
func catchingUpText(b []byte, tick uint64) []byte {
	b = append(b, "catching up with the game: tick "...)
	return strconv.AppendUint(b, tick, 10)
}

// share is part of all, 0 when all is.
func share(part, all uint64) float64 {
	if all == 0 {
		return 0
	}
	return float64(part) / float64(all)
}
