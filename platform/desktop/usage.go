package desktop

import (
	"flag"
	"fmt"
	"io"
)

// printUsage writes -h's text for a player first: the game's name and
// description, its own flags, the
// player's shared flags and the keys; then netplay's flags when the game
// has several players (multi), and last the engine's under a developer
// heading.
func printUsage(out io.Writer, fs *flag.FlagSet, description string, d *Debug, multi bool) {
	fmt.Fprintf(out, "%s", fs.Name())
	if description != "" {
		fmt.Fprintf(out, ": %s", description)
	}
	fmt.Fprintf(out, "\n\nusage: %s [flags]\n\nflags:\n", fs.Name())
	printFlags(out, fs, func(name string) bool { return groupOf(name) == playerFlag })
	fmt.Fprintf(out, "\nkeys (never while typing into a text field):\n")
	for _, k := range hotkeys(d) {
		fmt.Fprintf(out, "  %-14s %s\n", k[0], k[1])
	}
	if multi {
		fmt.Fprintf(out, "\nnetplay flags (playing over a network):\n")
		printFlags(out, fs, func(name string) bool { return groupOf(name) == netFlag })
	}
	fmt.Fprintf(out, "\ndeveloper flags (the engine's):\n")
	printFlags(out, fs, func(name string) bool { return groupOf(name) == developerFlag })
}

// groupOf is where -h lists the flag called name: a game's own flag is
// a player's.
func groupOf(name string) flagGroup {
	if f := sharedFlagNamed(name); f != nil {
		return f.group
	}
	return playerFlag
}

// printFlags prints the flags of fs that keep says, as the flag package
// prints them.
func printFlags(out io.Writer, fs *flag.FlagSet, keep func(name string) bool) {
	sub := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	fs.VisitAll(func(fl *flag.Flag) {
		if keep(fl.Name) {
			sub.Var(fl.Value, fl.Name, fl.Usage)
			sub.Lookup(fl.Name).DefValue = fl.DefValue
		}
	})
	sub.SetOutput(out)
	sub.PrintDefaults()
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
