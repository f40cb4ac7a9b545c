package desktop

import (
	"flag"
	"io"

	"github.com/lockstep-engine/lockstep/platform/desktop/internal/cli"
)

// printUsage writes -h's text for the flags of fs (see cli.Print), the
// shared ones registered over given's values: each shows the default of
// given (withDefaults), valid or not, with the game's description, the
// keys a run with debug takes, and netplay's flags when the game has
// several players.
func printUsage(out io.Writer, fs *flag.FlagSet, given *Config, debug *Debug) {
	d, _ := given.withDefaults()
	shown, scratch := flag.NewFlagSet(fs.Name(), flag.ContinueOnError), *given
	scratch.register(shown, &d) // as Flags registers them
	shown.VisitAll(func(s *flag.Flag) { fs.Lookup(s.Name).DefValue = s.DefValue })
	multi := d.Loop.Players > 1 || d.MaxPlayers > 1
	cli.Print(out, fs, cli.Usage{Description: d.Description, Keys: hotkeys(debug), Multi: multi, Group: groupOf})
}

// groupOf is where -h lists the flag called name: a game's own flag is
// a player's.
func groupOf(name string) cli.Group {
	if f := sharedFlagNamed(name); f != nil {
		return f.group
	}
	return cli.Player
}

// hotkeys lists the keys a run with d takes before the game sees them:
// the player's always unless d frees them, the developer's with -debug.
func hotkeys(d *Debug) [][2]string {
	var keys [][2]string
	if !d.NoFullscreenKey {
		keys = append(keys, [2]string{"F11, Alt+Enter", "toggle fullscreen"})
	}
	if !d.NoScreenshotKey {
		keys = append(keys, [2]string{"F12", "save a screenshot as NAME-N.png"})
	}
	debug := [][2]string{
		{"Esc", "quit"},
		{"V", "next power mode (vsync, cap, uncapped)"},
		{"I", "interpolation on or off"},
		{"P", "pause; . runs one tick while paused"},
		{"+, -", "double or halve the time scale"},
		{"F1", "debug HUD on or off"},
	}
	state := "off: -debug turns them on"
	if d.Keys {
		state = "on"
	}
	keys = append(keys, [2]string{"debug keys", state})
	for _, k := range debug {
		keys = append(keys, [2]string{"  " + k[0], k[1]})
	}
	return keys
}
