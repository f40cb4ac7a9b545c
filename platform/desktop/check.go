package desktop

import (
	"errors"
	"strings"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/cli"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// The one check of a run's configuration, for Main, Parse and Run alike:
// checked fills in the defaults once (withDefaults), then checks the
// result in turn: the loop, the player counts, physics, sound, netplay,
// -synctest, the outputs and last the game's own flags. Every check of a
// Config is in this file.

// defaulted returns c with its defaults (withDefaults) and reports the
// first invalid field as a usage error, calling fields as name says. The
// returned Config has its defaults also when c is invalid. It does not
// check the game's own flags (see checked).
func (c Config) defaulted(name names) (Config, error) {
	c, loopErr := c.withDefaults()
	if loopErr != nil {
		return c, loopError(loopErr, name)
	}
	if err := c.checkPlayers(name); err != nil {
		return c, err
	}
	if err := c.Physics.Available(); err != nil {
		return c, usagef("invalid value %v for %s: %v", c.Physics, name("Physics"), err)
	}
	if err := c.Sound.check(name); err != nil {
		return c, err
	}
	if err := c.Net.check(&c, name); err != nil {
		return c, err
	}
	if err := checkSyncTest(&c, name); err != nil {
		return c, err
	}
	return c, c.Output.check(c.Sound.AudioOut, name)
}

// checked returns c with its defaults, checked with the game's flags g
// as they are set (LocalFlags naming only them, the game's Validate),
// calling fields as name says: the one check of a run's configuration.
func (c Config) checked(g *cli.GameFlags, name names) (Config, error) {
	d, err := c.defaulted(name)
	if err != nil {
		return d, err
	}
	return d, checkGameFlags(g, &d, name)
}

// checkGameFlags checks the game's flags g as they are set for a run
// with c: c.LocalFlags names only them, and the game's Validate accepts
// them.
func checkGameFlags(g *cli.GameFlags, c *Config, name names) error {
	if err := g.Check(c.LocalFlags, name("LocalFlags")); err != nil {
		return usagef("%v", err)
	}
	return nil
}

// loopError says what host.WithDefaults refused, calling the
// field (and a field its range depends on) as name says.
func loopError(err error, name names) error {
	var ce *host.ConfigError
	if !errors.As(err, &ce) {
		return usagef("%v", err)
	}
	want := strings.ReplaceAll(ce.Want, "at TPS ", "at "+name("Loop.TPS")+" ")
	return usagef("invalid value %v for %s: want %s", ce.Value, name("Loop."+ce.Field), want)
}

// checkPlayers checks the player counts a game allows (MinPlayers,
// MaxPlayers) and that Loop.Players is one of them.
func (c *Config) checkPlayers(name names) error {
	if c.MaxPlayers == 0 {
		if c.MinPlayers != 0 {
			return usagef("%s %d without %s: set both, or neither", name("MinPlayers"), c.MinPlayers, name("MaxPlayers"))
		}
		return nil
	}
	lo := max(c.MinPlayers, 1)
	if c.MinPlayers < 0 || c.MaxPlayers < lo || c.MaxPlayers > host.MaxPlayers {
		return usagef("%s %d and %s %d: want 1 <= MinPlayers <= MaxPlayers <= %d", name("MinPlayers"), c.MinPlayers, name("MaxPlayers"), c.MaxPlayers, host.MaxPlayers)
	}
	if c.Loop.Players < lo || c.Loop.Players > c.MaxPlayers {
		return usagef("invalid value %d for %s: want %d to %d players", c.Loop.Players, name("Loop.Players"), lo, c.MaxPlayers)
	}
	return nil
}

// checkSyncGame refuses -synctest (depth ticks deep; 0 is none) for a
// game (parts) that cannot be copied.
func checkSyncGame(game Game, parts *engine.Parts, depth int) error {
	if depth == 0 || parts.Fork != nil {
		return nil
	}
	return usagef("%s: %T cannot be copied: implement engine.Predictor (Fork and CopyFrom) to check it", fieldNames("SyncTest"), game)
}

// checkSyncTest checks c.SyncTest and what it cannot be combined with.
func checkSyncTest(c *Config, name names) error {
	st := name("SyncTest")
	switch {
	case c.SyncTest < 0 || c.SyncTest > netplay.MaxRollback:
		return usagef("invalid value %d for %s: want 0 (off) or 1 to %d ticks", c.SyncTest, st, netplay.MaxRollback)
	case c.SyncTest == 0:
		return nil
	case c.Net.active():
		return usagef("%s runs the game alone: drop %s, %s and %s, or drop %s",
			st, name("Net.Host"), name("Net.Join"), name("Net.Lobby"), st)
	case c.Output.Record != "":
		return usagef("%s checks a run, it does not keep one: record without %s, then check the recording with %s and %s",
			st, st, st, name("Output.Replay"))
	}
	return nil
}

// check checks that the outputs, and the sound's file audioOut, can all
// be written, calling fields as name says.
func (o *Output) check(audioOut string, name names) error {
	if o.Hitch != 0 && (o.Hitch < MinHitch || o.Hitch > MaxHitch) {
		return usagef("%s %v out of range: want %v to %v (0: off)", name("Output.Hitch"), o.Hitch, MinHitch, MaxHitch)
	}
	if o.Record != "" && o.Replay != "" {
		return usagef("%s and %s cannot be used together: replay a recording, or make a new one", name("Output.Record"), name("Output.Replay"))
	}
	// One file named by two flags would be written twice, or a recording
	// overwritten by what replays it.
	if err := output.Distinct(
		output.Named{Flag: name("Output.Replay"), Path: o.Replay, Input: true},
		output.Named{Flag: name("Output.Record"), Path: o.Record},
		output.Named{Flag: name("Output.StatsJSON"), Path: o.StatsJSON},
		output.Named{Flag: name("Output.Screenshot"), Path: o.Screenshot},
		output.Named{Flag: name("Output.CPUProfile"), Path: o.CPUProfile},
		output.Named{Flag: name("Output.MemProfile"), Path: o.MemProfile},
		output.Named{Flag: name("Output.Trace"), Path: o.Trace},
		output.Named{Flag: name("Output.FramesOut"), Path: o.FramesOut},
		output.Named{Flag: name("Sound.AudioOut"), Path: audioOut},
	); err != nil {
		return usagef("%v", err)
	}
	// -pprof's address is checked when it is listened on (startProfiling):
	// a name must be resolved to know whether it is loopback.
	return nil
}

// check checks a defaulted s, calling fields as name says.
func (s *SoundOptions) check(name names) error {
	if !(s.Volume > 0 && s.Volume <= 1) {
		return usagef("invalid value %v for %s: want 0 (silent) to 1 (full)", s.Volume, name("Sound.Volume"))
	}
	return nil
}

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
