package desktop

import (
	"flag"
	"fmt"
	"io"
)

// printUsage writes -h's text: the game's name and description, its
// flags, and the keys the run keeps for itself.
func printUsage(out io.Writer, fs *flag.FlagSet, description string, d *Debug) {
	fmt.Fprintf(out, "%s", fs.Name())
	if description != "" {
		fmt.Fprintf(out, ": %s", description)
	}
	fmt.Fprintf(out, "\n\nusage: %s [flags]\n\nflags:\n", fs.Name())
	fs.SetOutput(out)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprintf(out, "\nkeys (never while typing into a text field):\n")
	for _, k := range hotkeys(d) {
		fmt.Fprintf(out, "  %-14s %s\n", k[0], k[1])
	}
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
