package desktop

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// Options is the command line every game run by Main shares;
// ../shared/DESIGN.md fixes the flags.
type Options struct {
	Mode     engine.Mode
	FPS      int
	TPS      int
	MaxSteps int
	MaxFrame time.Duration
	Frames   uint64
	Ticks    uint64
	Duration time.Duration
	Headless bool
	// Fullscreen starts in desktop fullscreen; F11 and Alt+Enter toggle it.
	Fullscreen bool
	Interp     bool
	// HUD shows the debug HUD from the start; F1 toggles it.
	HUD     bool
	Seed    uint64
	Physics backend.Engine // physics engine behind Setup.NewWorld

	Stats      bool
	StatsJSON  string
	Screenshot string
	CPUProfile string
	MemProfile string
	Trace      string
	PProf      string
	Record     string
	Replay     string
	Wait       engine.Wait // how the frame cap waits: hybrid, sleep or spin
	IdleGC     bool        // collect garbage in the frame's idle time

	// Net are the netplay flags: -host, -join, -code, -input-delay.
	Net NetOptions

	// fs and given are the parsed command line and the flags it named,
	// for a joiner to take the host's settings.
	fs    *flag.FlagSet
	given map[string]bool

	// settings are what a recording keeps of this command line: every
	// setting that changes the simulation (see simulationFlags and
	// Flagger), as Parse left them.
	settings []tape.Setting
}

// simulationFlags are the shared flags that change what the ticks compute;
// recordings keep them with every flag a game registers.
var simulationFlags = [...]string{"seed", "tps", "physics"}

// ErrUsage marks a bad command line: the process exits with status 2.
// Errors that wrap it print only their own message.
var ErrUsage = errors.New("bad command line")

// usageError is a message that wraps ErrUsage without repeating it.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }
func (e usageError) Unwrap() error { return ErrUsage }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

// Flags registers the shared flags on fs, writing into o, with DESIGN.md's
// defaults.
func (o *Options) Flags(fs *flag.FlagSet) {
	o.Mode, o.Interp, o.HUD = engine.ModeVSync, true, true
	fs.TextVar(&o.Mode, "mode", engine.ModeVSync, "power mode: vsync, cap or uncapped")
	fs.IntVar(&o.FPS, "fps", 60, "frame cap for -mode cap, 1 to 10000")
	fs.IntVar(&o.TPS, "tps", 60, "fixed ticks per second, 1 to 10000")
	fs.IntVar(&o.MaxSteps, "max-steps", 8, "most ticks in one frame, 1 to 1000")
	fs.DurationVar(&o.MaxFrame, "max-frame", 250*time.Millisecond, "longest frame time fed to the accumulator, one tick to 10s")
	fs.Uint64Var(&o.Frames, "frames", 0, "stop after this many frames (0: no limit)")
	fs.Uint64Var(&o.Ticks, "ticks", 0, "stop after exactly this many ticks (0: no limit)")
	fs.DurationVar(&o.Duration, "duration", 0, "stop after this long (0: no limit)")
	fs.BoolVar(&o.Headless, "headless", false, "no visible window (automatic when there is no display)")
	fs.BoolVar(&o.Fullscreen, "fullscreen", false, "start in desktop fullscreen (F11 and Alt+Enter toggle it)")
	fs.BoolVar(&o.Interp, "interp", true, "render interpolation between ticks")
	fs.BoolVar(&o.HUD, "hud", true, "show the debug HUD (F1 toggles it)")
	fs.Uint64Var(&o.Seed, "seed", 1, "scene randomness")
	fs.TextVar(&o.Physics, "physics", backend.Chipmunk, "physics engine: "+backend.Usage())
	fs.BoolVar(&o.Stats, "stats", false, "print a summary at exit")
	fs.StringVar(&o.StatsJSON, "stats-json", "", "write the summary as JSON to `file`")
	fs.StringVar(&o.Screenshot, "screenshot", "", "save the last rendered frame to `file`.png")
	fs.StringVar(&o.CPUProfile, "cpuprofile", "", "write a pprof CPU profile to `file`")
	fs.StringVar(&o.MemProfile, "memprofile", "", "write a pprof heap profile to `file` at exit")
	fs.StringVar(&o.Trace, "trace", "", "write an execution trace to `file`")
	fs.StringVar(&o.PProf, "pprof", "", "serve net/http/pprof on `addr` (loopback only, e.g. localhost:6060)")
	fs.StringVar(&o.Record, "record", "", "record per-tick input and state hashes to `file`")
	fs.StringVar(&o.Replay, "replay", "", "replay a recording, stopping at the first differing hash")
	fs.BoolVar(&o.IdleGC, "idle-gc", true, "collect garbage in each frame's idle time instead of inside physics steps")
	fs.TextVar(&o.Wait, "wait", engine.WaitHybrid, "how the frame cap waits: hybrid (sleep, then spin the last stretch), sleep or spin")
	o.Net.flags(fs)
}

// Validate checks the values a flag's type cannot, naming the flag and its
// valid range.
func (o *Options) Validate() error {
	bad := func(name string, v any, want string) error {
		return usagef("invalid value %v for -%s: %s", v, name, want)
	}
	switch {
	case o.TPS < 1 || o.TPS > engine.MaxTPS:
		return bad("tps", o.TPS, fmt.Sprintf("want 1 to %d ticks per second", engine.MaxTPS))
	case o.FPS < 1 || o.FPS > engine.MaxFPS:
		return bad("fps", o.FPS, fmt.Sprintf("want 1 to %d frames per second", engine.MaxFPS))
	case o.MaxSteps < 1 || o.MaxSteps > engine.MaxMaxSteps:
		return bad("max-steps", o.MaxSteps, fmt.Sprintf("want 1 to %d ticks per frame", engine.MaxMaxSteps))
	case o.MaxFrame < time.Second/time.Duration(o.TPS) || o.MaxFrame > engine.MaxMaxFrame:
		return bad("max-frame", o.MaxFrame, fmt.Sprintf("want one tick (%v at -tps %d) to %v", time.Second/time.Duration(o.TPS), o.TPS, engine.MaxMaxFrame))
	case o.Duration < 0:
		return bad("duration", o.Duration, "want 0 (no limit) or more")
	case o.Physics.Available() != nil:
		return bad("physics", o.Physics, o.Physics.Available().Error())
	case o.Record != "" && o.Replay != "":
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
	); err != nil {
		return usagef("%v", err)
	}
	if err := o.Net.validate(o); err != nil {
		return err
	}
	// -pprof's address is checked when it is listened on (startProfiling):
	// a name must be resolved to know whether it is loopback.
	return nil
}

// Flagger is a game with flags of its own, such as -bodies. Validate runs
// after parsing; its error exits with status 2. Every flag a game
// registers is taken to change the simulation: recordings keep their
// values and replays use them.
type Flagger interface {
	Flags(fs *flag.FlagSet)
	Validate() error
}

// Parse parses args (without the program name) into Options, with the
// game's own flags when it is a Flagger. Errors wrap ErrUsage.
func Parse(name string, args []string, game any, out io.Writer) (Options, error) {
	var o Options
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	// The flag package would print each error and the whole usage; a bad
	// flag gets one line here instead, and -h the usage.
	fs.SetOutput(io.Discard)
	o.Flags(fs)
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
			fs.SetOutput(out)
			fmt.Fprintf(out, "usage: %s [flags]\n", name)
			fs.PrintDefaults()
			return o, err
		}
		// The flag package says which flag failed to parse but not what
		// it takes: the flag's usage line does.
		msg := err.Error()
		if i := strings.Index(msg, "for flag -"); i >= 0 {
			name, _, _ := strings.Cut(msg[i+len("for flag -"):], ":")
			if fl := fs.Lookup(name); fl != nil {
				msg += " (-" + name + ": " + fl.Usage + ")"
			}
		}
		return o, usagef("%s (-h lists the flags)", msg)
	}
	if fs.NArg() > 0 {
		return o, usagef("unexpected argument %q: every option is a flag (-h lists them)", fs.Arg(0))
	}
	if o.Replay != "" {
		if err := applyRecorded(fs, o.Replay, simulation); err != nil {
			return o, err
		}
	}
	o.fs, o.given = fs, map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { o.given[fl.Name] = true })
	fs.VisitAll(func(fl *flag.Flag) {
		if simulation(fl.Name) {
			o.settings = append(o.settings, tape.Setting{Name: fl.Name, Value: fl.Value.String()})
		}
	})
	// The longest frame fed to the accumulator must hold one tick: at
	// -tps 1 to 3 a tick is longer than the 250 ms default, so the
	// default follows the tick unless -max-frame was given.
	given := false
	fs.Visit(func(fl *flag.Flag) { given = given || fl.Name == "max-frame" })
	if !given && o.TPS >= 1 {
		o.MaxFrame = max(o.MaxFrame, time.Second/time.Duration(o.TPS))
	}
	if err := o.Validate(); err != nil {
		return o, err
	}
	if f != nil {
		if err := f.Validate(); err != nil {
			return o, usagef("%v", err)
		}
	}
	return o, nil
}

// applyRecorded sets every simulation flag to the value the recording at
// path was made with, so a replay needs no flags but -replay. A flag given
// on the command line with another value is refused, naming it.
func applyRecorded(fs *flag.FlagSet, path string, simulation func(string) bool) error {
	f, err := os.Open(path)
	if err != nil {
		return usagef("-replay: %v", err)
	}
	defer f.Close()
	p, err := tape.NewPlayer(f)
	if err != nil {
		return usagef("-replay %s: %v", path, err)
	}
	given := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { given[fl.Name] = true })
	for _, s := range p.Settings {
		fl := fs.Lookup(s.Name)
		if fl == nil || !simulation(s.Name) {
			return usagef("-replay %s: the recording was made with -%s %s, which this program does not have: replay it with the program that made it", path, s.Name, s.Value)
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
