package desktop

import (
	"cmp"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/framewatch"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/recording"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/runner"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// Config is everything a run of a game takes: the game's name and
// static facts, the loop's, the window's, the debug tools' and the
// outputs' options. The zero Config is a game as a player gets it: the
// loop's defaults (60 ticks a second, vsync, no player slots; see
// engine.Config), a 1280×720 window titled with the game's name, no HUD,
// no debug hotkeys, no outputs, seed 1, Chipmunk physics, full volume.
// Every field's zero value means its documented default in Run and on the
// command line alike: Main shows the Config's values as the flags'
// defaults and writes what the command line gives back into it, so a
// Config written in code and the same values typed as flags run the same.
type Config struct {
	// Name is the game's name: the window's title, summaries,
	// recordings, screenshots' file names and -h. "" is the program's
	// file name.
	Name string

	// Description is one line that -h prints after the name; "" prints
	// none.
	Description string

	// Loop is the fixed-timestep loop's configuration; Loop.Players is
	// the game's number of player slots (0: none). Zero fields are
	// engine.Config's defaults (host.WithDefaults). What the
	// loop runs on (the window, -record's or -replay's tape, a netplay
	// session, the idle-time collector) Run wires itself.
	Loop engine.Config

	// Clock is the loop's clock; nil is the system's monotonic clock,
	// waiting as Wait says (a headless -replay's never waits).
	Clock host.Clock

	// Logger is where the run logs; nil is slog's default logger (Main
	// sets one writing to standard error).
	Logger *slog.Logger

	// MinPlayers and MaxPlayers, when MaxPlayers is above 0, are the
	// player counts the game allows: the command line offers -players N
	// in that range, which sets Loop.Players (0 there means MinPlayers),
	// and a netplay joiner takes the host's count. A zero MinPlayers is 1.
	// Zero MaxPlayers: Loop.Players is the only count, with no flag.
	MinPlayers, MaxPlayers int

	// Window is the window's options (size, title, logical size, icon,
	// fullscreen, headless...). A zero Title is Name.
	Window sdl2.Options

	// Debug is the developer's tools: the HUD and the debug hotkeys. The
	// zero Debug is a shipped game: none of them, but F11, Alt+Enter and
	// F12 work.
	Debug Debug

	// Output is what the run writes: summaries, screenshot, profiles,
	// recordings. The zero Output writes nothing.
	Output Output

	// Seed is the game's randomness (-seed), handed to Start in Setup;
	// zero means 1.
	Seed uint64

	// Physics is the engine Setup.NewWorld builds on (-physics); zero is
	// backend.Chipmunk.
	Physics backend.Engine

	// Wait is how the system clock waits for a frame deadline (-wait);
	// zero is host.WaitHybrid. It is ignored when Clock is set.
	Wait host.Wait

	// SaveDir is the directory of the game's save data (Setup.Save); ""
	// is a folder named after the game in the user's configuration
	// directory (see SaveData).
	SaveDir string

	// PlayerSettings keeps the player's settings in PlayerFile in the save
	// data (see Setup.Player): the master, music and effects volumes
	// (-volume scales the master), fullscreen (F11 and Alt+Enter save it;
	// -fullscreen wins), the window size (Window.Width wins), bindings.
	// They are never recorded. False: none are kept.
	PlayerSettings bool

	// Sound is the sound's options (-audio-out, -mute, -volume; see
	// SoundOptions); the zero Sound plays at full volume.
	Sound SoundOptions

	// Net is the netplay session's options (-host, -join, -lobby, -code,
	// -input-delay, -net-timeout, -join-timeout, -rollback, -spectate,
	// -play-on, -late-join, -start-with; see NetOptions); the zero Net
	// plays alone.
	Net NetOptions

	// SyncTest, 1 to engine/netplay's MaxRollback, runs the game as a
	// check of its engine.Predictor (-synctest N): before every tick the
	// state of N ticks ago is restored into a reused copy and a fresh one
	// and simulated again with the same input, and the run fails naming
	// the first tick whose copies' hashes differ (host.SyncChecker). It
	// plays alone, on the run's input: live, a -replay's, or a bot the
	// game seats itself (versus -bot); Bot, a session's, plays no part.
	// It records nothing (not with -record, nor a session). Zero checks
	// nothing.
	SyncTest int

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

	// GameFlags sets the game's own flags (Flagger) by name, as typed
	// on the command line: {Name: "goals", Value: "3"} is -goals 3. Run
	// registers the game's flags and applies these over their defaults;
	// Parse fills it with every game flag the command line (or a
	// -replay's recording) gave. Nil leaves every game flag at its
	// default.
	GameFlags []tape.Setting

	// LocalFlags names the game's flags that change only what this
	// machine does, never the simulation (a bot's seed): recordings do
	// not keep them and the peers of a session need not agree on them.
	// Every other game flag is taken to change the simulation. Nil: none.
	LocalFlags []string

	// Bot, when set, may play this machine's player in a netplay session
	// (so two processes can play each other unattended): before each
	// tick it fills in with the input for tick n and reports whether it
	// plays; false leaves the keyboard's. Nil: the keyboard always plays.
	Bot func(n uint64, in *engine.Input) bool

	// piped is the -replay recording Parse read from a pipe, which
	// cannot be read again; nil for a regular file, or when Parse did not
	// read it.
	piped *recording.Piped
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

// keys are the keys d has a run take before the game: what the runner
// acts on and what -h lists.
func (d *Debug) keys() runner.Keys {
	return runner.Keys{NoFullscreen: d.NoFullscreenKey, NoScreenshot: d.NoScreenshotKey, Debug: d.Keys}
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
	// FramesOut is -frames-out: every frame's phase times to this file,
	// for tools/framereport; "": none.
	FramesOut string
	// Hitch is -hitch: a flight recorder runs, and each frame longer than
	// this (MinHitch to MaxHitch) writes the last two seconds of
	// execution trace as NAME-hitch-N.trace beside the outputs, at most
	// 10 a run (the first frame, which carries start-up work, is never
	// one); 0: off.
	Hitch time.Duration
}

// Bounds of -hitch (Output.Hitch), and how many hitch traces a run
// writes at most.
const (
	MinHitch   = time.Millisecond
	MaxHitch   = 10 * time.Second
	maxHitches = framewatch.MaxTraces
)

// SoundOptions are the run's sound options. The zero SoundOptions plays
// at full volume on the audio device and writes no file.
type SoundOptions struct {
	// AudioOut is -audio-out: where to write the ticks' mix as a WAV file
	// (48 kHz, 16-bit stereo); "" writes none.
	AudioOut string
	// Mute is -mute: nothing is heard (no audio device is opened). What
	// -audio-out writes is the same either way. -volume 0 sets it.
	Mute bool
	// Volume is -volume: the master volume heard, above 0 to 1; 0 means
	// 1 (full). For silence, Mute.
	Volume float64
}

// withDefaults returns c with every zero field set to its default (the
// loop's by host.WithDefaults), and the loop's refusal, if any,
// as host.WithDefaults gives it. It checks nothing else: -h
// shows its values as the defaults, valid or not, and checked checks
// them. The returned Config has its defaults also when the loop's are
// refused.
func (c Config) withDefaults() (Config, error) {
	if c.MaxPlayers > 0 && c.Loop.Players == 0 {
		c.Loop.Players = max(c.MinPlayers, 1)
	}
	loop, loopErr := host.WithDefaults(c.Loop)
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
	return c, loopErr
}

// programName is the name of a game whose Config has none: the program's
// file name.
func programName() string { return filepath.Base(os.Args[0]) }

// HeadlessDuration bounds a headless run that was given no stop condition,
// so a run with no display always ends by itself.
const HeadlessDuration = 10 * time.Second
