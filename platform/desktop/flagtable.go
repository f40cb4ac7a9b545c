package desktop

import (
	"flag"
	"fmt"
	"strconv"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/cli"
)

// sharedFlag is one flag of the command line every game shares: the one
// place that says which Config field it sets, how it is registered, where
// -h lists it, and whether a recording keeps it. Registration, the names
// errors give fields, what a recording keeps and what a replay or a
// netplay host may set all come from sharedFlags.
type sharedFlag struct {
	name  string    // on the command line, without the dash: "tps"
	field string    // the Config field it sets, by path: "Loop.TPS"
	also  string    // another field it sets ("Net.NoRollback" for -rollback 0); "" none
	group cli.Group // where -h lists it
	// register registers the flag called name on fs, writing into c, with
	// d's values (c with its defaults) as the defaults.
	register func(fs *flag.FlagSet, name string, c, d *Config)
	// get and set are the flag's value as a recording keeps it, as text:
	// a recording keeps it, and a -replay's recording and a netplay
	// host's terms set it. Nil for a flag that changes no tick.
	get func(c *Config) string
	set func(c *Config, value string) error
	// fromTerms takes the flag's value from a netplay host's terms into a
	// joiner's c; nil when each peer keeps its own.
	fromTerms func(c *Config, t *netplay.Terms)
}

// kept reports whether a recording keeps the flag's value.
func (f *sharedFlag) kept() bool { return f.get != nil }

// sharedFlags is the shared command line.
func sharedFlags() []sharedFlag {
	var all []sharedFlag
	for _, part := range [][]sharedFlag{loopFlags(), runFlags(), outputFlags(), soundFlags(), netFlags()} {
		all = append(all, part...)
	}
	return all
}

// loopFlags set the loop's configuration (Config.Loop).
func loopFlags() []sharedFlag {
	return []sharedFlag{
		{name: "mode", field: "Loop.Mode", register: func(fs *flag.FlagSet, n string, c, d *Config) {
			fs.TextVar(&c.Loop.Mode, n, d.Loop.Mode, "power mode: vsync, cap or uncapped")
		}},
		{name: "fps", field: "Loop.FPS", register: func(fs *flag.FlagSet, n string, c, d *Config) {
			cli.CountVar(fs, &c.Loop.FPS, n, d.Loop.FPS, "frame cap for -mode cap, an `int` from 1 to 10000")
		}},
		{name: "tps", field: "Loop.TPS", register: func(fs *flag.FlagSet, n string, c, d *Config) {
			cli.CountVar(fs, &c.Loop.TPS, n, d.Loop.TPS, "fixed ticks per second, an `int` from 1 to 10000")
		}, get: func(c *Config) string { return strconv.Itoa(c.Loop.TPS) },
			set: func(c *Config, v string) (err error) { c.Loop.TPS, err = strconv.Atoi(v); return err }},
		{name: "max-steps", field: "Loop.MaxSteps", register: func(fs *flag.FlagSet, n string, c, d *Config) {
			cli.CountVar(fs, &c.Loop.MaxSteps, n, d.Loop.MaxSteps, "most ticks in one frame, an `int` from 1 to 1000")
		}},
		{name: "max-frame", field: "Loop.MaxFrame", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.Var(cli.Duration{P: &c.Loop.MaxFrame}, n, "longest frame time fed to the accumulator, a `duration` from one tick to 10s (0: a quarter second, or one tick when that is longer)")
		}},
		{name: "players", field: "Loop.Players", group: cli.Player, register: registerPlayers,
			fromTerms: func(c *Config, t *netplay.Terms) {
				if c.MaxPlayers > 0 { // a game of one count plays only that: adoptTerms checks it
					c.Loop.Players = t.Players
				}
			}},
		{name: "frames", field: "Loop.Frames", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.Uint64Var(&c.Loop.Frames, n, c.Loop.Frames, "stop after this many frames (0: no limit)")
		}},
		{name: "ticks", field: "Loop.Ticks", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.Uint64Var(&c.Loop.Ticks, n, c.Loop.Ticks, "stop after exactly this many ticks (0: no limit)")
		}, fromTerms: func(c *Config, t *netplay.Terms) { c.Loop.Ticks = t.Ticks }}, // every peer stops on the host's (0: when a player quits)
		{name: "duration", field: "Loop.Duration", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.DurationVar(&c.Loop.Duration, n, c.Loop.Duration, "stop after this long (0: no limit)")
		}},
		{name: "interp", field: "Loop.NoInterp", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.Var(cli.Not{No: &c.Loop.NoInterp}, n, "render interpolation between ticks")
		}},
	}
}

// registerPlayers registers -players for a game that allows a range of
// player counts (MaxPlayers above 0); a game of one count has no flag.
func registerPlayers(fs *flag.FlagSet, n string, c, d *Config) {
	if c.MaxPlayers > 0 {
		cli.CountVar(fs, &c.Loop.Players, n, d.Loop.Players, fmt.Sprintf("players in the game, an `int` from %d to %d (a netplay joiner takes the host's)", max(d.MinPlayers, 1), d.MaxPlayers))
	}
}

// runFlags set the window, the debug tools and the simulation's seed and
// physics.
func runFlags() []sharedFlag {
	return []sharedFlag{
		{name: "headless", field: "Window.Headless", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.BoolVar(&c.Window.Headless, n, c.Window.Headless, "no visible window (automatic when there is no display)")
		}},
		{name: "fullscreen", field: "Window.Fullscreen", group: cli.Player, register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.BoolVar(&c.Window.Fullscreen, n, c.Window.Fullscreen, "start in desktop fullscreen (F11 and Alt+Enter toggle it)")
		}},
		{name: "hud", field: "Debug.HUD", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.BoolVar(&c.Debug.HUD, n, c.Debug.HUD, "show the debug HUD from the start (with -debug, F1 toggles it)")
		}},
		{name: "debug", field: "Debug.Keys", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.BoolVar(&c.Debug.Keys, n, c.Debug.Keys, "turn the debug hotkeys on (-h lists them)")
		}},
		{name: "seed", field: "Seed", register: func(fs *flag.FlagSet, n string, c, d *Config) {
			fs.Uint64Var(&c.Seed, n, d.Seed, "scene randomness (0 means 1)")
		}, get: func(c *Config) string { return strconv.FormatUint(c.Seed, 10) },
			set: func(c *Config, v string) (err error) { c.Seed, err = strconv.ParseUint(v, 10, 64); return err }},
		{name: "physics", field: "Physics", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.TextVar(&c.Physics, n, c.Physics, "physics engine: "+backend.Usage())
		}, get: func(c *Config) string { return c.Physics.String() },
			set: func(c *Config, v string) error { return c.Physics.UnmarshalText([]byte(v)) }},
		{name: "idle-gc", field: "NoIdleGC", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.Var(cli.Not{No: &c.NoIdleGC}, n, "collect garbage in each frame's idle time instead of inside physics steps")
		}},
		{name: "wait", field: "Wait", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.TextVar(&c.Wait, n, c.Wait, "how the frame cap waits: hybrid (sleep, then spin the last stretch), sleep or spin")
		}},
		{name: "synctest", field: "SyncTest", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.IntVar(&c.SyncTest, n, c.SyncTest, "check the game's copies: each tick, restore the state of this many ticks ago and simulate it again, failing at the first tick whose hashes differ (0: off; 1 to 30)")
		}},
	}
}

// outputFlags set what a run writes (Config.Output).
func outputFlags() []sharedFlag {
	str := func(name, field string, p func(*Output) *string, usage string) sharedFlag {
		return sharedFlag{name: name, field: "Output." + field, register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.StringVar(p(&c.Output), n, *p(&c.Output), usage)
		}}
	}
	return []sharedFlag{
		{name: "stats", field: "Output.Stats", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.BoolVar(&c.Output.Stats, n, c.Output.Stats, "print a summary at exit")
		}},
		str("stats-json", "StatsJSON", func(o *Output) *string { return &o.StatsJSON }, "write the summary as JSON to `file`"),
		str("screenshot", "Screenshot", func(o *Output) *string { return &o.Screenshot }, "save the last rendered frame to `file`.png"),
		str("cpuprofile", "CPUProfile", func(o *Output) *string { return &o.CPUProfile }, "write a pprof CPU profile to `file`"),
		str("memprofile", "MemProfile", func(o *Output) *string { return &o.MemProfile }, "write a pprof heap profile to `file` at exit"),
		str("trace", "Trace", func(o *Output) *string { return &o.Trace }, "write an execution trace to `file`"),
		str("pprof", "PProf", func(o *Output) *string { return &o.PProf }, "serve net/http/pprof on `addr` (loopback only, e.g. localhost:6060)"),
		str("frames-out", "FramesOut", func(o *Output) *string { return &o.FramesOut }, "record every frame's phase times to `file` for tools/framereport"),
		{name: "hitch", field: "Output.Hitch", register: func(fs *flag.FlagSet, n string, c, _ *Config) {
			fs.DurationVar(&c.Output.Hitch, n, c.Output.Hitch, fmt.Sprintf("keep a flight recorder; each frame longer than this `duration` (%v to %v) writes the last 2s of execution trace as NAME-hitch-N.trace beside the outputs, at most %d (0: off)", MinHitch, MaxHitch, maxHitches))
		}},
		str("record", "Record", func(o *Output) *string { return &o.Record }, "record per-tick input and state hashes to `file`"),
		str("replay", "Replay", func(o *Output) *string { return &o.Replay }, "replay the recording in `file`, stopping at the first differing hash"),
	}
}

// soundFlags set the sound's options (Config.Sound).
func soundFlags() []sharedFlag {
	return []sharedFlag{
		{name: "audio-out", field: "Sound.AudioOut", register: func(fs *flag.FlagSet, n string, c, d *Config) {
			fs.StringVar(&c.Sound.AudioOut, n, d.Sound.AudioOut, "write the run's mixed sound to `file`.wav (48 kHz, 16-bit stereo); a replay writes the same bytes")
		}},
		{name: "mute", field: "Sound.Mute", group: cli.Player, register: func(fs *flag.FlagSet, n string, c, d *Config) {
			fs.BoolVar(&c.Sound.Mute, n, d.Sound.Mute, "no sound heard (-audio-out still writes it)")
		}},
		{name: "volume", field: "Sound.Volume", group: cli.Player, register: func(fs *flag.FlagSet, n string, c, d *Config) {
			c.Sound.Volume = d.Sound.Volume
			fs.Var(cli.Volume{Level: &c.Sound.Volume, Mute: &c.Sound.Mute}, n, "master volume heard, a `float` from 0 (silent, as -mute) to 1")
		}},
	}
}

// netFlags set the netplay session's options (Config.Net).
func netFlags() []sharedFlag {
	str := func(name, field string, p func(*NetOptions) *string, usage string) sharedFlag {
		return sharedFlag{name: name, field: "Net." + field, group: cli.Net, register: func(fs *flag.FlagSet, n string, c, d *Config) {
			fs.StringVar(p(&c.Net), n, *p(&d.Net), usage)
		}}
	}
	return []sharedFlag{
		str("host", "Host", func(o *NetOptions) *string { return &o.Host }, "netplay: wait for the other players on `addr` (such as 127.0.0.1:7777 or a LAN address)"),
		str("join", "Join", func(o *NetOptions) *string { return &o.Join }, "netplay: join the host at `addr`"),
		str("code", "Code", func(o *NetOptions) *string { return &o.Code }, "netplay: the session's secret (the host prints a generated one when not given)"),
		str("lobby", "Lobby", func(o *NetOptions) *string { return &o.Lobby }, "netplay: meet the other players through the lobby at `addr`; every player gives the same -code (leave it out to have one generated) and the first to arrive hosts"),
		{name: "input-delay", field: "Net.InputDelay", group: cli.Net, register: func(fs *flag.FlagSet, n string, c, d *Config) {
			fs.IntVar(&c.Net.InputDelay, n, d.Net.InputDelay, fmt.Sprintf("netplay: ticks of input delay, 1 to %d (0: from the measured round trip)", netplay.MaxInputDelay))
		}},
		{name: "net-timeout", field: "Net.DropAfter", group: cli.Net, register: func(fs *flag.FlagSet, n string, c, d *Config) {
			fs.DurationVar(&c.Net.DropAfter, n, d.Net.DropAfter, "netplay: how long a silent player's place is held for them to come back before the session goes on without them (most games end then)")
		}},
		{name: "join-timeout", field: "Net.JoinTimeout", group: cli.Net, register: func(fs *flag.FlagSet, n string, c, d *Config) {
			fs.DurationVar(&c.Net.JoinTimeout, n, d.Net.JoinTimeout, "netplay: how long a joiner waits for the host to answer at all")
		}},
		{name: "spectate", field: "Net.Spectate", group: cli.Net, register: func(fs *flag.FlagSet, n string, c, d *Config) {
			fs.BoolVar(&c.Net.Spectate, n, d.Net.Spectate, "netplay: watch the session (at -join's address, or through -lobby) with -code instead of playing in it (a host takes up to 16 spectators)")
		}},
		{name: "rollback", field: "Net.Rollback", also: "Net.NoRollback", group: cli.Net, register: func(fs *flag.FlagSet, n string, c, d *Config) {
			cli.DepthVar(fs, &c.Net.Rollback, &c.Net.NoRollback, n, rollbackUsage(d.Net))
		}},
		{name: "play-on", field: "Net.PlayOn", group: cli.Net, register: func(fs *flag.FlagSet, n string, c, d *Config) {
			fs.BoolVar(&c.Net.PlayOn, n, d.Net.PlayOn, "netplay (host): play on without a player whose place was given up, their slot idle (for a game that can)")
		}},
		{name: "late-join", field: "Net.LateJoin", group: cli.Net, register: func(fs *flag.FlagSet, n string, c, d *Config) {
			fs.BoolVar(&c.Net.LateJoin, n, d.Net.LateJoin, "netplay (host, with -play-on): a player who joins while the session runs takes a free place, catching up from its first tick")
		}},
		{name: "start-with", field: "Net.StartWith", group: cli.Net, register: func(fs *flag.FlagSet, n string, c, d *Config) {
			fs.IntVar(&c.Net.StartWith, n, d.Net.StartWith, "netplay (host, with -late-join): start as soon as this many players, the host included, are there; the other places are empty until players join late (0: every place)")
		}},
	}
}

// rollbackUsage is -rollback's usage, with d's value as the default: 0
// for NoRollback, netplay's default for none.
func rollbackUsage(d NetOptions) string {
	def := d.Rollback
	switch {
	case d.NoRollback:
		def = 0
	case def == 0:
		def = netplay.DefaultRollback
	}
	return fmt.Sprintf("netplay: most `ticks` drawn ahead of the confirmed input, 1 to %d; 0 is pure lockstep (default %d)", netplay.MaxRollback, def)
}

// sharedFlagNamed is the shared flag called name; nil when none is.
func sharedFlagNamed(name string) *sharedFlag {
	for _, f := range sharedFlags() {
		if f.name == name {
			return &f
		}
	}
	return nil
}

// flagOf returns the shared flag that sets the Config field at path
// field ("Loop.TPS"), "" for a field no flag sets.
func flagOf(field string) string {
	for _, f := range sharedFlags() {
		if f.field == field || f.also == field {
			return f.name
		}
	}
	return ""
}

// register registers every shared flag on fs, writing into c, with d's
// values (c with its defaults) as the defaults.
func (c *Config) register(fs *flag.FlagSet, d *Config) {
	for _, f := range sharedFlags() {
		f.register(fs, f.name, c, d)
	}
}

// flagNames calls a field by the shared flag that sets it ("-tps"), or
// by its Go name when no flag does. Parse uses it.
func flagNames(field string) string {
	if f := flagOf(field); f != "" {
		return "-" + f
	}
	return fieldNames(field)
}
