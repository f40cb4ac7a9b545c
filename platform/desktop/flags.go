package desktop

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// simulationFlags are the shared flags that change what the ticks
// compute; recordings keep them with every game flag that is not local.
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
// values as the defaults (zero fields show their defaults; the README's
// flags table lists them). Main and Parse call it; a program with a
// command line of its own can too. A zero Loop.MaxFrame stays zero unless
// -max-frame is given: its default follows -tps.
func (c *Config) Flags(fs *flag.FlagSet) {
	d, _ := c.withDefaults(fieldNames) // the defaults to show, valid or not
	l, dl := &c.Loop, &d.Loop
	fs.TextVar(&l.Mode, "mode", dl.Mode, "power mode: vsync, cap or uncapped")
	countVar(fs, &l.FPS, "fps", dl.FPS, "frame cap for -mode cap, an `int` from 1 to 10000")
	countVar(fs, &l.TPS, "tps", dl.TPS, "fixed ticks per second, an `int` from 1 to 10000")
	countVar(fs, &l.MaxSteps, "max-steps", dl.MaxSteps, "most ticks in one frame, an `int` from 1 to 1000")
	fs.Var(maxFrameFlag{l}, "max-frame", "longest frame time fed to the accumulator, a `duration` from one tick to 10s (0: a quarter second, or one tick when that is longer)")
	if c.MaxPlayers > 0 {
		countVar(fs, &l.Players, "players", dl.Players, fmt.Sprintf("players in the game, an `int` from %d to %d (a netplay joiner takes the host's)", max(d.MinPlayers, 1), d.MaxPlayers))
	}
	fs.Uint64Var(&l.Frames, "frames", l.Frames, "stop after this many frames (0: no limit)")
	fs.Uint64Var(&l.Ticks, "ticks", l.Ticks, "stop after exactly this many ticks (0: no limit)")
	fs.DurationVar(&l.Duration, "duration", l.Duration, "stop after this long (0: no limit)")
	fs.Var(notBool{&l.NoInterp}, "interp", "render interpolation between ticks")
	fs.BoolVar(&c.Window.Headless, "headless", c.Window.Headless, "no visible window (automatic when there is no display)")
	fs.BoolVar(&c.Window.Fullscreen, "fullscreen", c.Window.Fullscreen, "start in desktop fullscreen (F11 and Alt+Enter toggle it)")
	fs.BoolVar(&c.Debug.HUD, "hud", c.Debug.HUD, "show the debug HUD from the start (with -debug, F1 toggles it)")
	fs.BoolVar(&c.Debug.Keys, "debug", c.Debug.Keys, "turn the debug hotkeys on (-h lists them)")
	fs.Uint64Var(&c.Seed, "seed", d.Seed, "scene randomness (0 means 1)")
	fs.TextVar(&c.Physics, "physics", c.Physics, "physics engine: "+backend.Usage())
	c.Output.flags(fs)
	fs.Var(notBool{&c.NoIdleGC}, "idle-gc", "collect garbage in each frame's idle time instead of inside physics steps")
	fs.TextVar(&c.Wait, "wait", c.Wait, "how the frame cap waits: hybrid (sleep, then spin the last stretch), sleep or spin")
	c.Sound.flags(fs, d.Sound)
	c.Net.flags(fs, d.Net)
	fs.IntVar(&c.SyncTest, "synctest", c.SyncTest, "check the game's copies: each tick, restore the state of this many ticks ago and simulate it again, failing at the first tick whose hashes differ (0: off; 1 to 30)")
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
	fs.StringVar(&o.Replay, "replay", o.Replay, "replay the recording in `file`, stopping at the first differing hash")
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

// countFlag is a flag of a count whose zero in a Config means its
// default: typed, 0 is out of its range.
type countFlag struct{ p *int }

// countVar registers a countFlag, setting *p to def.
func countVar(fs *flag.FlagSet, p *int, name string, def int, usage string) {
	*p = def
	fs.Var(countFlag{p}, name, usage)
}

func (f countFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.Itoa(*f.p)
}

func (f countFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return errors.New("want a whole number")
	case n < 1:
		return errors.New("want 1 or more")
	}
	*f.p = n
	return nil
}

// maxFrameFlag is -max-frame: it leaves a zero Loop.MaxFrame zero, whose
// default (engine.Config.WithDefaults) follows the tick rate.
type maxFrameFlag struct{ l *engine.Config }

func (f maxFrameFlag) String() string {
	if f.l == nil || f.l.MaxFrame == 0 {
		return ""
	}
	return f.l.MaxFrame.String()
}

func (f maxFrameFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New("want a duration such as 500ms")
	}
	f.l.MaxFrame = d
	return nil
}

func uintString(v uint64) string { return strconv.FormatUint(v, 10) }

// check checks that the outputs, and the sound's file audioOut, can all
// be written, calling fields as name says.
func (o *Output) check(audioOut string, name names) error {
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
		output.Named{Flag: name("Sound.AudioOut"), Path: audioOut},
	); err != nil {
		return usagef("%v", err)
	}
	// -pprof's address is checked when it is listened on (startProfiling):
	// a name must be resolved to know whether it is loopback.
	return nil
}

// Parse returns cfg with the command line args (without the program name)
// applied, as Main does: the shared flags over cfg's values as defaults,
// and the game's own when it is a Flagger (those given are added to
// GameFlags). With -replay, every setting the recording keeps that the
// command line did not give is taken from the recording. The result is
// checked as Run checks it, naming flags. With -h it prints the usage on
// standard error and returns flag.ErrHelp; other errors wrap ErrUsage.
func Parse(game Game, cfg Config, args []string) (Config, error) {
	return parse(game, cfg, args, os.Stderr)
}

// parse is Parse printing -h's usage on out.
func parse(game Game, c Config, args []string, out io.Writer) (Config, error) {
	d, _ := c.withDefaults(fieldNames)
	fs := flag.NewFlagSet(d.Name, flag.ContinueOnError)
	// The flag package would print each error and the whole usage; a bad
	// flag gets one line here instead, and -h the usage.
	fs.SetOutput(io.Discard)
	c.Flags(fs)
	shared := map[string]bool{}
	fs.VisitAll(func(fl *flag.Flag) { shared[fl.Name] = true })
	if f, ok := game.(Flagger); ok {
		f.Flags(fs)
	}
	if err := setGameFlags(fs, shared, c.GameFlags, fieldNames); err != nil {
		return c, err
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(out, fs, shared, d.Description, &c.Debug, d.Loop.Players > 1 || d.MaxPlayers > 1)
			return c, err
		}
		return c, explainFlagError(fs, err)
	}
	if fs.NArg() > 0 {
		return c, usagef("unexpected argument %q: every option is a flag (-h lists them)", fs.Arg(0))
	}
	given := map[string]bool{}
	c.GameFlags = nil
	fs.Visit(func(fl *flag.Flag) {
		given[fl.Name] = true
		if !shared[fl.Name] {
			c.GameFlags = append(c.GameFlags, tape.Setting{Name: fl.Name, Value: fl.Value.String()})
		}
	})
	if c.Output.Replay != "" {
		if err := c.replaySettings(game, func(name string) bool { return given[name] }); err != nil {
			return c, err
		}
	}
	if _, err := c.withDefaults(flagNames); err != nil {
		return c, err
	}
	_, err := gameFlags(game, &c, flagNames)
	return c, err
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
