package desktop

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"strings"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/audio"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/settings"
)

// Game is what a game must be: a fixed-rate Tick and a Draw onto the
// window's canvas. The package documentation lists the optional methods
// a Game may also have; its static facts (name, description, player
// slots, local flags, bot) are Config fields.
type Game interface {
	// Tick advances the game by one fixed step of t.DT. It runs on the
	// main goroutine, zero or more times a frame.
	Tick(t *engine.Tick) error
	// Draw draws the frame onto c, f.Alpha of the way from the last tick
	// to the next, once a frame after its ticks. The window presents it.
	Draw(c *sdl2.Canvas, f *engine.Frame) error
}

// Starter is a game that sets itself up once the command line is parsed
// and the window is open: it reads the seed, builds its world on the
// physics engine the user chose, loads its textures.
type Starter interface {
	Start(s *Setup) error
}

// Flagger is a game with flags of its own, such as -bodies. Validate runs
// after they are set (from the command line or Config.GameFlags); its
// error exits with status 2. Every flag a game registers but those
// Config.LocalFlags names is taken to change the simulation: recordings
// keep their values, replays and netplay joiners take them.
type Flagger interface {
	Flags(fs *flag.FlagSet)
	Validate() error
}

// Setup is what a run made for a game, given to its Start.
type Setup struct {
	Seed    uint64         // Config.Seed (-seed): the game's randomness
	Physics backend.Engine // Config.Physics (-physics): the engine NewWorld builds on
	Window  *sdl2.Window   // open, to load textures and fonts into, set the title or size
	Log     *slog.Logger   // Config.Logger, or slog's default
	Save    *SaveData      // the game's save data; never nil, and saving nothing in a replay
	// Replaying says the run replays a recording (-replay): ticks get the
	// recorded input, so a game that holds the loop for its menus
	// (Loop.SetPaused from Update) must not, or the replay waits for a
	// player. false otherwise.
	Replaying bool
	// Player is the player's settings (volumes, fullscreen, window size,
	// bindings) when Config.PlayerSettings asks for them, nil otherwise:
	// the runner applies volume, fullscreen and window size itself, and
	// follows their changes; the game saves bindings and the rest with
	// Player.Update.
	Player *settings.Store[settings.Player]
	// Audio is the run's mixer, never nil: Play from Tick places a sound
	// on the ticks' timeline (recorded by -audio-out); PlayNow, from
	// anywhere, is heard at once and never recorded.
	Audio *audio.Mixer
	// Slot is this machine's player slot in a netplay session (0 alone,
	// and on the host); Players is the session's player count (0 alone).
	Slot, Players int
	// Watching says this machine watches the session (-spectate): it
	// plays no slot (Slot is 0 but is not its own), and every slot's
	// input is a player's elsewhere. false alone and for a player.
	Watching bool
}

// NewWorld returns an empty world on the physics engine the run chose
// (-physics). The game owns it: close it when done, for instance in a
// Close method, which the run calls at its end.
func (s *Setup) NewWorld(cfg physics.Config) (physics.World, error) {
	return backend.New(s.Physics, cfg)
}

// optional is one of the interfaces a game may implement, for checking
// that a method with one of its names has its signature.
type optional struct {
	iface reflect.Type
	name  string // as the package documentation calls it
}

// optionals lists every optional interface the run looks for on a game.
func optionals() []optional {
	return []optional{
		{reflect.TypeFor[Starter](), "desktop.Starter"},
		{reflect.TypeFor[Flagger](), "desktop.Flagger"},
		{reflect.TypeFor[engine.Updater](), "engine.Updater"},
		{reflect.TypeFor[engine.Simulator](), "engine.Simulator"},
		{reflect.TypeFor[engine.StateHasher](), "engine.StateHasher"},
		{reflect.TypeFor[io.Closer](), "io.Closer"},
		{reflect.TypeFor[engine.Seater](), "engine.Seater"},
		{reflect.TypeFor[engine.Predictor](), "engine.Predictor"},
	}
}

// checkContract reports a method of game that has the name of an optional
// interface's method but not its signature (or lacks its partner, such as
// Flags without Validate): the run would silently not call it.
func checkContract(game Game) error {
	t := reflect.TypeOf(game)
	if t == nil {
		return errors.New("desktop: the game is nil")
	}
	if err := checkRetired(t); err != nil {
		return err
	}
	v := reflect.ValueOf(game)
	for _, o := range optionals() {
		if t.Implements(o.iface) {
			continue
		}
		var has, missing []string
		var wrong error
		for i := range o.iface.NumMethod() {
			want := o.iface.Method(i)
			if _, ok := t.MethodByName(want.Name); !ok {
				missing = append(missing, want.Name+signature(want.Type))
				continue
			}
			has = append(has, want.Name)
			got := v.MethodByName(want.Name).Type()
			if got != want.Type && wrong == nil {
				wrong = fmt.Errorf("desktop: %v has method %s%s, but %s wants %s%s: fix its signature (or rename it), or the run never calls it",
					t, want.Name, signature(got), o.name, want.Name, signature(want.Type))
			}
		}
		switch {
		case wrong != nil:
			return wrong
		case len(has) > 0:
			return fmt.Errorf("desktop: %v has %s but not %s, which %s also needs: add it, or the run never calls %s",
				t, strings.Join(has, ", "), strings.Join(missing, ", "), o.name, strings.Join(has, ", "))
		}
	}
	return nil
}

// signature is a method type as it reads after the method's name:
// "(*desktop.Setup) error" for func(*desktop.Setup) error.
func signature(t reflect.Type) string {
	return strings.TrimPrefix(t.String(), "func")
}

// retired are methods the contract once had for what are now Config
// fields: a game that still has one would silently lose it.
func retired() [][2]string {
	return [][2]string{
		{"Name", "Config.Name"},
		{"Description", "Config.Description"},
		{"Players", "Config.Loop.Players"},
		{"LocalFlags", "Config.LocalFlags"},
		{"BotInput", "Config.Bot"},
	}
}

// checkRetired reports a method of t that the run no longer calls.
func checkRetired(t reflect.Type) error {
	for _, r := range retired() {
		if _, ok := t.MethodByName(r[0]); ok {
			return fmt.Errorf("desktop: %v has method %s, which the run no longer calls: set %s instead (and remove or rename the method)", t, r[0], r[1])
		}
	}
	return nil
}
