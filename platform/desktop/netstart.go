package desktop

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"slices"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/cli"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/codeid"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/connect"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/netrun"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/recording"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/internal/buildid"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// sessionOptions are the transport's options for this run's session:
// the terms it wishes for and this peer's own choices (local).
func (r *run) sessionOptions(local netplay.Local) connect.Transport {
	o, n := &r.cfg, &r.cfg.Net
	return connect.Transport{Options: transport.Options{Terms: r.wish(), Local: local, Code: n.Code,
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

// openNet starts the session when the Config asks for one (package
// connect), before the game starts, so that a joiner starts it with the
// host's settings (adopting them into r.cfg); the window says meanwhile
// what it waits for (screen, on return). A wait given up returns an
// error wrapping connect.ErrGaveUp; a failure stays on the screen for
// the player to read before it is returned.
func (r *run) openNet(ctx context.Context, screen **waitscreen.Screen) (*netrun.Session, error) {
	o, log := &r.cfg, r.log
	n := &o.Net
	if !n.active() {
		return nil, nil
	}
	rollback := n.rollbackFor(&r.parts, log)
	if o.Output.Record == "" { // a recording says it already
		recording.WarnUnhashed(&r.parts, log)
	}
	return connect.Start(ctx, r.win, connect.Options{Meet: r.sessionOptions(n.local(rollback)),
		Host: n.Host, Join: n.Join, Lobby: n.Lobby, AnyCount: o.MaxPlayers > 0,
		Folder: folderName(o.Name), Adopt: r.adoptHost, Usage: ErrUsage, Log: log,
		Run: netrun.Options{Log: log, EndWait: n.endWait(), Window: n.DropAfter, Bot: o.Bot}}, screen)
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
