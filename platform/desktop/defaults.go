package desktop

import (
	"cmp"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/lockstep-engine/lockstep/engine"
)

// names says what an error calls a Config field, given by its path in
// Config ("Loop.TPS"): the flag that sets it on a command line, or its
// name in Go.
type names func(field string) string

// fieldNames calls a field by its Go name: "Config.Loop.TPS". Run uses it.
func fieldNames(field string) string { return "Config." + field }

// flagNames calls a field by the flag that sets it ("-tps"), or by its Go
// name when no flag does. Parse uses it.
func flagNames(field string) string {
	if f := flagOf(field); f != "" {
		return "-" + f
	}
	return fieldNames(field)
}

// flagOf returns the shared flag that sets the Config field at path
// field, "" for a field no flag sets. configFlags registers exactly these.
func flagOf(field string) string {
	return map[string]string{
		"Loop.Mode": "mode", "Loop.FPS": "fps", "Loop.TPS": "tps", "Loop.MaxSteps": "max-steps",
		"Loop.MaxFrame": "max-frame", "Loop.Frames": "frames", "Loop.Ticks": "ticks",
		"Loop.Duration": "duration", "Loop.NoInterp": "interp",
		"Window.Headless": "headless", "Window.Fullscreen": "fullscreen",
		"Debug.HUD": "hud", "Debug.Keys": "debug",
		"Seed": "seed", "Physics": "physics", "Wait": "wait", "NoIdleGC": "idle-gc",
		"Output.Stats": "stats", "Output.StatsJSON": "stats-json", "Output.Screenshot": "screenshot",
		"Output.CPUProfile": "cpuprofile", "Output.MemProfile": "memprofile", "Output.Trace": "trace",
		"Output.PProf": "pprof", "Output.Record": "record", "Output.Replay": "replay",
		"Sound.AudioOut": "audio-out", "Sound.Mute": "mute", "Sound.Volume": "volume",
		"Net.Host": "host", "Net.Join": "join", "Net.Code": "code",
		"Net.InputDelay": "input-delay", "Net.DropAfter": "net-timeout", "Net.JoinTimeout": "join-timeout", "Net.Rollback": "rollback", "Net.Lobby": "lobby",
		"SyncTest": "synctest", "Loop.Players": "players",
	}[field]
}

// withDefaults returns c with every zero field set to its default (the
// loop's by engine.Config.WithDefaults) and reports the first invalid
// field as a usage error, calling fields as name says. The returned
// Config has its defaults also when c is invalid. It does not check the
// game's own flags (see gameFlags).
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
	c.Sound = c.Sound.withDefaults()
	c.Net = c.Net.withDefaults()
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
