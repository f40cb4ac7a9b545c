package desktop

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"runtime/debug"
	"slices"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/cli"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/codeid"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/meet"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/netrun"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/ticket"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/internal/buildid"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// sessionOptions are the transport's options for this run's session:
// the terms it wishes for and this peer's own choices (local).
func (r *run) sessionOptions(local netplay.Local) meet.Options {
	o, n := &r.cfg, &r.cfg.Net
	return meet.Options{Options: transport.Options{Terms: r.wish(), Local: local, Code: n.Code,
		Build: buildID(o.Version, o.Physics.String(), r.log), Game: o.Name, Logger: r.log, Chosen: chosenSettings(o, r.recorded),
		ListenAll: n.ListenAll},
		Host: transport.HostOptions{StartWith: n.StartWith},
		// A joiner takes its place only once it knows it can run the
		// host's terms.
		Join: transport.JoinOptions{Check: r.canAdopt}}
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

// startNet connects the session before the game starts, so that a joiner
// starts it with the host's settings (adopting them into r.cfg), drawing
// in the window what it waits for (screen, on return).
func (r *run) startNet(ctx context.Context, screen **waitscreen.Screen) (*netrun.Session, error) {
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
	kept := ""
	if (n.Join != "" || n.Lobby != "") && !n.Spectate {
		kept = ticket.Path(folderName(o.Name), opt.Code)
		opt.Join.Ticket = ticket.Load(kept)
	}
	connect := r.connector(&opt, screen)
	start := time.Now()
	j, err := waitscreen.Connect(ctx, r.win, *screen, connect)
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
	kept = ticket.Keep(kept, j.Ticket, log)
	log.Info("netplay: session started", "slot", j.Slot, "players", j.Terms.Players, "input_delay", j.Terms.InputDelay, "rtt", j.RTT, "rollback", nc.Rollback, "path", j.Path, "connect", j.Connect.Round(time.Millisecond))
	switch {
	case j.Rejoin:
		log.Info("netplay: the session was under way: this player takes a place in it (their own back, or one given up), replaying the game from its start to catch up", "slot", j.Slot)
	case j.Watching:
		log.Info("netplay: watching the session: replaying it from its start to catch up, then following it")
	}
	return netrun.New(j, s, netrun.Options{Log: log, EndWait: n.endWait(), Window: n.DropAfter, Bot: o.Bot, Ticket: kept}), nil
}

// connector is how this run connects its session, with opt: through the
// lobby, as the host or as a joiner; it sets the waiting screen.
func (r *run) connector(opt *meet.Options, screen **waitscreen.Screen) func(context.Context) (*transport.Joined, error) {
	o, log := &r.cfg, r.log
	n := &o.Net
	switch {
	case n.Lobby != "":
		return meet.ByLobby(n.Lobby, opt, o.MaxPlayers > 0, log, screen)
	case n.Host != "":
		if opt.Code == "" {
			opt.Code = transport.NewCode()
		}
		s := waitscreen.Host(n.Host, opt.Code, opt.Terms.Players)
		*screen, opt.Host.Arrived = s, s.Arrived
		if n.LateJoin {
			opt.Host.Start = s.Startable() // Enter starts with whoever is there
		}
		ho := *opt
		return func(ctx context.Context) (*transport.Joined, error) {
			return transport.Host(ctx, n.Host, ho.Options, ho.Host, func(a net.Addr) {
				s.Listening(a)
				log.Info("netplay: hosting: the other players run the same game with -join ADDR -code CODE", "addr", a.String(), "code", ho.Code, "players", ho.Terms.Players)
			})
		}
	default:
		*screen = waitscreen.Join(n.Join, n.Spectate)
		log.Info("netplay: joining", "addr", n.Join, "spectate", n.Spectate)
		jo := *opt
		return func(ctx context.Context) (*transport.Joined, error) {
			return transport.Join(ctx, n.Join, jo.Options, jo.Join)
		}
	}
}

// adoptHost gives a joiner the host's terms: its player count, settings
// (those it chose itself already agree: the host refused it otherwise)
// and ticks, each checked as the command line checks it.
func (r *run) adoptHost(j *transport.Joined) error {
	cfg, recorded, err := r.cfg.adoptTerms(r.flags, j.Terms)
	if err != nil {
		return err
	}
	r.cfg, r.recorded = cfg, recorded
	return nil
}

// canAdopt reports whether this joiner can run the host's terms t, as
// adoptHost would take them, without taking them: platform/transport's
// join-time check, so that a joiner that cannot is refused before the
// host gives it a slot. It leaves the game's flags as t would set them;
// adoptHost sets them again.
func (r *run) canAdopt(t netplay.Terms) error {
	trial := r.cfg
	_, _, err := trial.adoptTerms(r.flags, t)
	return err
}

// adoptTerms takes a host's terms t into c and the game's flags g: what
// the shared flags' table says a joiner takes (the player count, the tick
// every peer stops after) and the settings a recording keeps. It returns
// c with its defaults, checked, and what a recording of it keeps.
func (c *Config) adoptTerms(g *cli.GameFlags, t netplay.Terms) (Config, []tape.Setting, error) {
	for _, f := range sharedFlags() {
		if f.fromTerms != nil {
			f.fromTerms(c, &t)
		}
	}
	if t.Players != c.Loop.Players { // a game of one count plays only that
		return *c, nil, fmt.Errorf("netplay: the host's session has %d player slots, this game %d (Config.Loop.Players): run the host's game", t.Players, c.Loop.Players)
	}
	return c.adopt(g, t.Settings, nil, hostSource())
}

// chosenSettings names the settings of ss the user of a run with c chose:
// a seed, tick rate or physics engine other than the default, and every
// game flag GameFlags sets. A joiner is refused when one differs from the
// host's; it takes the host's value for the others.
func chosenSettings(c *Config, ss []tape.Setting) []string {
	def, _ := Config{}.withDefaults()
	var chosen []string
	for _, s := range ss {
		f := sharedFlagNamed(s.Name)
		if f != nil && f.kept() && s.Value != f.get(&def) || f == nil && slices.ContainsFunc(c.GameFlags, func(g tape.Setting) bool { return g.Name == s.Name }) {
			chosen = append(chosen, s.Name)
		}
	}
	return chosen
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

// openNet starts the session when the Config asks for one, waiting for
// the other players until they come or ctx (or a signal) ends it; the
// window says meanwhile what it waits for (screen). A wait given up
// returns an error wrapping errGaveUp; a failure stays on the screen for
// the player to read (holdFailure) before it is returned.
func (r *run) openNet(ctx context.Context, screen **waitscreen.Screen) (*netrun.Session, error) {
	if !r.cfg.Net.active() {
		return nil, nil
	}
	nr, err := r.startNet(ctx, screen)
	switch {
	case err == nil:
		return nr, nil
	case ctx.Err() != nil || errors.Is(err, waitscreen.ErrWindowClosed):
		return nil, fmt.Errorf("%w: %w", errGaveUp, err)
	}
	r.holdFailure(ctx, *screen, err)
	return nil, err
}

// rollbackFor is the prediction this machine's session draws with: 0
// when -rollback 0 turned it off or the game cannot be copied (said once
// in the log), else Rollback or its default.
func (n *NetOptions) rollbackFor(game *engine.Parts, log *slog.Logger) int {
	if n.NoRollback {
		return 0
	}
	if game.Fork == nil {
		log.Info("netplay: pure lockstep, every frame waits for every player's input: the game cannot be copied for prediction (engine.Predictor)")
		return 0
	}
	if n.Rollback == 0 {
		return netplay.DefaultRollback
	}
	return n.Rollback
}

// endWait bounds the wait for the peers' last acknowledgements after the
// session's last tick, and for the session to end after an interrupt.
func (n *NetOptions) endWait() time.Duration { return min(n.DropAfter, 3*time.Second) }

// local is this peer's own part of the session, drawing ahead by
// rollback ticks.
func (n *NetOptions) local(rollback int) netplay.Local {
	return netplay.Local{Rollback: rollback, DropAfter: n.DropAfter, Handshake: n.JoinTimeout,
		Spectate: n.Spectate, MaxSpectators: n.MaxSpectators}
}
