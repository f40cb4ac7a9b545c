package desktop

import (
	"cmp"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// withDefaults returns c with every zero field set to its default (the
// loop's by engine.Config.WithDefaults) and reports the first invalid
// field as a usage error, calling fields as name says. The returned
// Config has its defaults also when c is invalid. It does not check the
// game's own flags (see checked).
func (c Config) withDefaults(name names) (Config, error) {
	if c.MaxPlayers > 0 && c.Loop.Players == 0 {
		c.Loop.Players = max(c.MinPlayers, 1)
	}
	loop, loopErr := c.Loop.WithDefaults()
	c.Loop = loop
	c.Name = cmp.Or(c.Name, programName())
	if c.Seed == 0 {
		c.Seed = 1
	}
	if c.Output.StatsOut == nil {
		c.Output.StatsOut = os.Stdout
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Sound.Volume == 0 {
		c.Sound.Volume = 1
	}
	if c.Net.DropAfter == 0 {
		c.Net.DropAfter = netplay.DefaultDropAfter
	}
	if c.Net.JoinTimeout == 0 {
		c.Net.JoinTimeout = netplay.DefaultHandshake
	}
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
func (c Config) checked(g *gameFlags, name names) (Config, error) {
	d, err := c.withDefaults(name)
	if err != nil {
		return d, err
	}
	return d, g.check(&d, name)
}

// loopError says what engine.Config.WithDefaults refused, calling the
// field (and a field its range depends on) as name says.
func loopError(err error, name names) error {
	var ce *engine.ConfigError
	if !errors.As(err, &ce) {
		return usagef("%v", err)
	}
	want := strings.ReplaceAll(ce.Want, "at TPS ", "at "+name("Loop.TPS")+" ")
	return usagef("invalid value %v for %s: want %s", ce.Value, name("Loop."+ce.Field), want)
}

// programName is the name of a game whose Config has none: the program's
// file name.
func programName() string { return filepath.Base(os.Args[0]) }

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
	if c.MinPlayers < 0 || c.MaxPlayers < lo || c.MaxPlayers > engine.MaxPlayers {
		return usagef("%s %d and %s %d: want 1 <= MinPlayers <= MaxPlayers <= %d", name("MinPlayers"), c.MinPlayers, name("MaxPlayers"), c.MaxPlayers, engine.MaxPlayers)
	}
	if c.Loop.Players < lo || c.Loop.Players > c.MaxPlayers {
		return usagef("invalid value %d for %s: want %d to %d players", c.Loop.Players, name("Loop.Players"), lo, c.MaxPlayers)
	}
	return nil
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
