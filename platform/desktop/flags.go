package desktop

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// simulationFlags are the shared flags that change what the ticks compute;
// recordings keep them with every flag a game registers.
var simulationFlags = [...]string{"seed", "tps", "physics"}

// ErrUsage marks a bad command line or Config: Main exits with status 2.
// Errors that wrap it print only their own message.
var ErrUsage = errors.New("bad command line")

// usageError is a message that wraps ErrUsage without repeating it.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }
func (e usageError) Unwrap() error { return ErrUsage }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

// Flags registers the shared command line on fs, writing into c, with c's
// values as the defaults (the README's flags table lists them). Main and
// Parse call it; a program with a command line of its own can too.
func (c *Config) Flags(fs *flag.FlagSet) {
	*c = c.withDefaults()
	l := &c.Loop
	fs.TextVar(&l.Mode, "mode", l.Mode, "power mode: vsync, cap or uncapped")
	fs.IntVar(&l.FPS, "fps", l.FPS, "frame cap for -mode cap, 1 to 10000")
	fs.IntVar(&l.TPS, "tps", l.TPS, "fixed ticks per second, 1 to 10000")
	fs.IntVar(&l.MaxSteps, "max-steps", l.MaxSteps, "most ticks in one frame, 1 to 1000")
	fs.DurationVar(&l.MaxFrame, "max-frame", l.MaxFrame, "longest frame time fed to the accumulator, one tick to 10s")
	fs.Uint64Var(&l.Frames, "frames", l.Frames, "stop after this many frames (0: no limit)")
	fs.Uint64Var(&l.Ticks, "ticks", l.Ticks, "stop after exactly this many ticks (0: no limit)")
	fs.DurationVar(&l.Duration, "duration", l.Duration, "stop after this long (0: no limit)")
	fs.Var(notBool{&l.NoInterp}, "interp", "render interpolation between ticks")
	fs.BoolVar(&c.Window.Headless, "headless", c.Window.Headless, "no visible window (automatic when there is no display)")
	fs.BoolVar(&c.Window.Fullscreen, "fullscreen", c.Window.Fullscreen, "start in desktop fullscreen (F11 and Alt+Enter toggle it)")
	fs.BoolVar(&c.Debug.HUD, "hud", c.Debug.HUD, "show the debug HUD from the start (with -debug, F1 toggles it)")
	fs.BoolVar(&c.Debug.Keys, "debug", c.Debug.Keys, "turn the debug hotkeys on (-h lists them)")
	seed := c.Seed
	if seed == 0 {
		seed = 1
	}
	fs.Uint64Var(&c.Seed, "seed", seed, "scene randomness")
	fs.TextVar(&c.Physics, "physics", c.Physics, "physics engine: "+backend.Usage())
	c.Output.flags(fs)
	fs.Var(notBool{&c.NoIdleGC}, "idle-gc", "collect garbage in each frame's idle time instead of inside physics steps")
	fs.TextVar(&c.Wait, "wait", c.Wait, "how the frame cap waits: hybrid (sleep, then spin the last stretch), sleep or spin")
	c.Sound.flags(fs)
	c.Net.flags(fs)
}

// flags registers the output flags on fs, writing into o.
func (o *Output) flags(fs *flag.FlagSet) {
	fs.BoolVar(&o.Stats, "stats", o.Stats, "print a summary at exit")
	fs.StringVar(&o.StatsJSON, "stats-json", o.StatsJSON, "write the summary as JSON to `file`")
	fs.StringVar(&o.Screenshot, "screenshot", o.Screenshot, "save the last rendered frame to `file`.png")
	fs.StringVar(&o.CPUProfile, "cpuprofile", o.CPUProfile, "write a pprof CPU profile to `file`")
	fs.StringVar(&o.MemProfile, "memprofile", o.MemProfile, "write a pprof heap profile to `file` at exit")
	fs.StringVar(&o.Trace, "trace", o.Trace, "write an execution trace to `file`")
	fs.StringVar(&o.PProf, "pprof", o.PProf, "serve net/http/pprof on `addr` (loopback only, e.g. localhost:6060)")
	fs.StringVar(&o.Record, "record", o.Record, "record per-tick input and state hashes to `file`")
	fs.StringVar(&o.Replay, "replay", o.Replay, "replay a recording, stopping at the first differing hash")
}

// notBool is a boolean flag that sets the negation of a Config field
// whose zero value means on, such as -interp for Loop.NoInterp.
type notBool struct{ no *bool }

func (b notBool) IsBoolFlag() bool { return true }

// String is "true" when the flag is on. The flag package calls it on a
// zero notBool to decide whether a default is worth printing: that one is
// "false", so an on default is printed.
func (b notBool) String() string {
	if b.no == nil {
		return "false"
	}
	return strconv.FormatBool(!*b.no)
}

func (b notBool) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want true or false")
	}
	*b.no = !v
	return nil
}

func uintString(v uint64) string { return strconv.FormatUint(v, 10) }

// validate checks c's values on a command line, naming the flag and its
// valid range.
func (c *Config) validate() error {
	l := &c.Loop
	bad := func(name string, v any, want string) error {
		return usagef("invalid value %v for -%s: %s", v, name, want)
	}
	switch {
	case l.TPS < 1 || l.TPS > engine.MaxTPS:
		return bad("tps", l.TPS, fmt.Sprintf("want 1 to %d ticks per second", engine.MaxTPS))
	case l.FPS < 1 || l.FPS > engine.MaxFPS:
		return bad("fps", l.FPS, fmt.Sprintf("want 1 to %d frames per second", engine.MaxFPS))
	case l.MaxSteps < 1 || l.MaxSteps > engine.MaxMaxSteps:
		return bad("max-steps", l.MaxSteps, fmt.Sprintf("want 1 to %d ticks per frame", engine.MaxMaxSteps))
	case l.MaxFrame < time.Second/time.Duration(l.TPS) || l.MaxFrame > engine.MaxMaxFrame:
		return bad("max-frame", l.MaxFrame, fmt.Sprintf("want one tick (%v at -tps %d) to %v", time.Second/time.Duration(l.TPS), l.TPS, engine.MaxMaxFrame))
	case l.Duration < 0:
		return bad("duration", l.Duration, "want 0 (no limit) or more")
	case c.Physics.Available() != nil:
		return bad("physics", c.Physics, c.Physics.Available().Error())
	}
	if err := c.Sound.validate(); err != nil {
		return err
	}
	if err := c.Net.validate(c); err != nil {
		return err
	}
	return c.Output.validate(c.Sound.AudioOut)
}

// validate checks that the outputs, and the sound's file audioOut, can
// all be written.
func (o *Output) validate(audioOut string) error {
	if o.Record != "" && o.Replay != "" {
		return usagef("-record and -replay cannot be used together: replay a recording, or make a new one")
	}
	// One file named by two flags would be written twice, or a recording
	// overwritten by what replays it.
	if err := output.Distinct(
		output.Named{Flag: "-replay", Path: o.Replay, Input: true},
		output.Named{Flag: "-record", Path: o.Record},
		output.Named{Flag: "-stats-json", Path: o.StatsJSON},
		output.Named{Flag: "-screenshot", Path: o.Screenshot},
		output.Named{Flag: "-cpuprofile", Path: o.CPUProfile},
		output.Named{Flag: "-memprofile", Path: o.MemProfile},
		output.Named{Flag: "-trace", Path: o.Trace},
		output.Named{Flag: "-audio-out", Path: audioOut},
	); err != nil {
		return usagef("%v", err)
	}
	// -pprof's address is checked when it is listened on (startProfiling):
	// a name must be resolved to know whether it is loopback.
	return nil
}

// Parse returns cfg with the command line args (without the program name)
// applied, as Main does: the shared flags, over cfg's values as defaults,
// and the game's own when it is a Flagger. With -h it prints the usage on
// standard error and returns flag.ErrHelp; other errors wrap ErrUsage.
func Parse(game Game, cfg Config, args []string) (Config, error) {
	return parse(nameOf(game), game, cfg, args, os.Stderr)
}

// parse is Parse for the game called name, printing -h's usage on out.
func parse(name string, game Game, c Config, args []string, out io.Writer) (Config, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	// The flag package would print each error and the whole usage; a bad
	// flag gets one line here instead, and -h the usage.
	fs.SetOutput(io.Discard)
	c.Flags(fs)
	shared := map[string]bool{}
	fs.VisitAll(func(fl *flag.Flag) { shared[fl.Name] = true })
	f, _ := game.(Flagger)
	if f != nil {
		f.Flags(fs)
	}
	local := localFlags(game)
	simulation := func(name string) bool {
		return !shared[name] && !local[name] || slices.Contains(simulationFlags[:], name)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(out, fs, game, &c.Debug)
			return c, err
		}
		return c, explainFlagError(fs, err)
	}
	if fs.NArg() > 0 {
		return c, usagef("unexpected argument %q: every option is a flag (-h lists them)", fs.Arg(0))
	}
	c.replayed = nil
	if c.Output.Replay != "" {
		rf, err := readReplay(c.Output.Replay)
		if err != nil {
			return c, usagef("-replay: %v", err)
		}
		if err := applyRecorded(fs, rf.path, rf.tape.Settings, simulation); err != nil {
			return c, err
		}
		c.replayed = rf
	}
	c.settings = nil
	c.flags, c.given = fs, map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { c.given[fl.Name] = true })
	fs.VisitAll(func(fl *flag.Flag) {
		if simulation(fl.Name) {
			c.settings = append(c.settings, tape.Setting{Name: fl.Name, Value: fl.Value.String()})
		}
	})
	// The longest frame fed to the accumulator must hold one tick: at
	// -tps 1 to 3 a tick is longer than the 250 ms default, so the
	// default follows the tick unless -max-frame was given.
	given := false
	fs.Visit(func(fl *flag.Flag) { given = given || fl.Name == "max-frame" })
	if !given && c.Loop.TPS >= 1 {
		c.Loop.MaxFrame = max(c.Loop.MaxFrame, time.Second/time.Duration(c.Loop.TPS))
	}
	if err := c.validate(); err != nil {
		return c, err
	}
	if f != nil {
		if err := f.Validate(); err != nil {
			return c, usagef("%v", err)
		}
	}
	return c, nil
}

// explainFlagError adds what a flag takes to the flag package's error,
// which says which flag failed to parse but not what it wants.
func explainFlagError(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	if i := strings.Index(msg, "for flag -"); i >= 0 {
		name, _, _ := strings.Cut(msg[i+len("for flag -"):], ":")
		if fl := fs.Lookup(name); fl != nil {
			msg += " (-" + name + ": " + fl.Usage + ")"
		}
	}
	return usagef("%s (-h lists the flags)", msg)
}

// applyRecorded sets every simulation flag to the value the recording at
// path was made with (its settings), so a replay needs no flags but
// -replay. A flag given on the command line with another value is
// refused, naming it.
func applyRecorded(fs *flag.FlagSet, path string, settings []tape.Setting, simulation func(string) bool) error {
	given := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { given[fl.Name] = true })
	for _, s := range settings {
		fl := fs.Lookup(s.Name)
		switch {
		case fl == nil:
			return usagef("-replay %s: the recording was made with -%s %s, which this program does not have: replay it with the program that made it", path, s.Name, s.Value)
		case !simulation(s.Name):
			// A recorder never writes one: the file was made or edited by hand.
			return usagef("-replay %s: the recording sets -%s %s, which recordings cannot set: it changes no tick, only this run (give it on the command line); the recording was not written by -record", path, s.Name, s.Value)
		}
		if given[s.Name] {
			if fl.Value.String() != s.Value {
				return usagef("-replay %s: -%s %s contradicts the recording's -%s %s: drop the flag, or give the recording's value", path, s.Name, fl.Value, s.Name, s.Value)
			}
			continue
		}
		if err := fs.Set(s.Name, s.Value); err != nil {
			return usagef("-replay %s: the recording's -%s %s: %v", path, s.Name, s.Value, err)
		}
	}
	return nil
}
