package desktop

import (
	"flag"
	"io"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// Config is everything a run of a game takes: the loop's, the window's,
// the debug tools' and the outputs' options. The zero Config is a game as
// a player gets it: the loop's defaults (60 ticks a second, vsync, see
// engine.Config), a 1280×720 window titled with the game's name, no HUD,
// no debug hotkeys, no outputs, seed 0, Chipmunk physics. Main shows these
// values as the command line's defaults, so a game's own Config decides
// them.
type Config struct {
	// Loop is the fixed-timestep loop's configuration. Run sets its
	// Platform (the window) and Tape (-record, -replay), and its GC unless
	// NoIdleGC; Clock and Logger are used when set (zero: the system's
	// clock waiting as Wait says, slog's default logger). A zero MaxFrame
	// holds at least one tick (250 ms, or more at under 4 ticks a second).
	Loop engine.Config

	// Window is the window's options (size, title, logical size, icon,
	// fullscreen, headless...). A zero Title is the game's name.
	Window sdl2.Options

	// Debug is the developer's tools: the HUD and the debug hotkeys. The
	// zero Debug is a shipped game: none of them, but F11, Alt+Enter and
	// F12 work.
	Debug Debug

	// Output is what the run writes: summaries, screenshot, profiles,
	// recordings. The zero Output writes nothing.
	Output Output

	// Seed is the game's randomness (-seed), handed to Start in Setup.
	// Zero is a seed like any other; Main's default is 1 when it is zero.
	Seed uint64

	// Physics is the engine Setup.NewWorld builds on (-physics); zero is
	// backend.Chipmunk.
	Physics backend.Engine

	// Wait is how the system clock waits for a frame deadline (-wait);
	// zero is engine.WaitHybrid. It is ignored when Loop.Clock is set.
	Wait engine.Wait

	// SaveDir is the directory of the game's save data (Setup.Save); ""
	// is a folder named after the game in the user's configuration
	// directory (see SaveData).
	SaveDir string

	// Sound is the sound's options (-audio-out, -mute, -volume; see
	// SoundOptions).
	Sound SoundOptions

	// Net is the netplay session's options (-host, -join, -code,
	// -input-delay, -net-timeout; see NetOptions); the zero Net plays
	// alone.
	Net NetOptions

	// NoIdleGC leaves garbage collection to Go's own pacing instead of
	// collecting in each frame's idle time (-idle-gc=false); zero collects
	// in idle time.
	NoIdleGC bool

	// Version is the game's own version of its simulation, for the
	// netplay check that every peer runs the same one: peers whose
	// Versions differ are refused, and peers with the same Version join
	// even when their executables differ (a fix to drawing only). ""
	// means the executable's own code decides (a digest of it, see
	// buildID). The platform and architecture are compared either way.
	Version string

	// settings are what a recording keeps of the command line: every
	// setting that changes the simulation (see simulationFlags and
	// Flagger), as Parse left them. Empty, Run records Seed, Loop.TPS and
	// Physics.
	settings []tape.Setting

	// flags and given are the parsed command line and the flags it named,
	// for a netplay joiner to take the host's settings; nil without one.
	flags *flag.FlagSet
	given map[string]bool
}

// Debug is the developer's tools over a game. The zero Debug is what a
// player gets: no HUD, no debug hotkey, and the two player keys (F11 or
// Alt+Enter for fullscreen, F12 for a screenshot) on.
type Debug struct {
	// HUD shows the debug HUD from the start (-hud); zero hides it. With
	// Keys, F1 toggles it.
	HUD bool

	// Keys turns the debug hotkeys on (-debug): Esc quits, V cycles the
	// power mode, I toggles interpolation, P pauses, . runs one tick while
	// paused, + and - double and halve the time scale, F1 toggles the HUD.
	// Zero leaves every one of those keys to the game. No hotkey fires
	// while text input is on (sdl2.Window.SetTextInput).
	Keys bool

	// NoFullscreenKey frees F11 and Alt+Enter, which otherwise toggle
	// desktop fullscreen; zero keeps them.
	NoFullscreenKey bool

	// NoScreenshotKey frees F12, which otherwise saves the window as
	// NAME-N.png in the working directory; zero keeps it.
	NoScreenshotKey bool
}

// Output is what a run writes. Every file is written whole or not at all
// (see platform/internal/output), also when the run fails or is
// interrupted. The zero Output writes nothing.
type Output struct {
	Stats      bool      // -stats: print the summary as text at exit; zero: no
	StatsOut   io.Writer // where Stats prints; nil: standard output
	StatsJSON  string    // -stats-json: the summary as JSON to this file; "": none
	Screenshot string    // -screenshot: the last frame as a PNG to this file; "": none
	CPUProfile string    // -cpuprofile: a pprof CPU profile to this file; "": none
	MemProfile string    // -memprofile: a pprof heap profile at exit to this file; "": none
	Trace      string    // -trace: an execution trace to this file; "": none
	PProf      string    // -pprof: serve net/http/pprof on this loopback address; "": no server
	Record     string    // -record: each tick's input and state hashes to this file; "": none
	Replay     string    // -replay: feed this recording back, stopping at the first differing hash; "": none
}

// defaultMaxFrame is the longest frame fed to the accumulator when
// Loop.MaxFrame is zero: 250 ms, or one tick when a tick is longer.
func defaultMaxFrame(tps int) time.Duration {
	d := 250 * time.Millisecond
	if tps >= 1 {
		d = max(d, time.Second/time.Duration(tps))
	}
	return d
}

// withDefaults returns c with the zero fields of its loop filled as the
// engine would, so flags show real defaults and checks see real values.
func (c Config) withDefaults() Config {
	l := &c.Loop
	if l.TPS == 0 {
		l.TPS = 60
	}
	if l.FPS == 0 {
		l.FPS = 60
	}
	if l.MaxSteps == 0 {
		l.MaxSteps = 8
	}
	if l.MaxFrame == 0 {
		l.MaxFrame = defaultMaxFrame(l.TPS)
	}
	return c
}

// recordedSettings is what a recording of this run keeps.
func (c *Config) recordedSettings() []tape.Setting {
	if len(c.settings) > 0 {
		return c.settings
	}
	return []tape.Setting{
		{Name: "seed", Value: uintString(c.Seed)},
		{Name: "tps", Value: uintString(uint64(c.Loop.TPS))},
		{Name: "physics", Value: c.Physics.String()},
	}
}
