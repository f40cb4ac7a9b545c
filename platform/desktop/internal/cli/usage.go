package cli

import (
	"flag"
	"fmt"
	"io"
)

// Group is where -h lists a flag. The zero Group is Developer.
type Group int

const (
	Developer Group = iota // under the developer heading, last
	Player                 // first, with the game's own flags
	Net                    // under netplay, for a game of several players only
)

// Usage is what -h says besides the flags.
type Usage struct {
	Description string             // the game's, after its name; "" none
	Keys        Keys               // which keys a run takes before the game
	Multi       bool               // a game of several players: netplay's flags are listed
	Group       func(string) Group // where the flag called name is listed
}

// Print writes -h's text for the flags of fs, for a player first: the
// game's name and u's description, the player's flags and the keys; then
// netplay's flags when u says the game has several players, and last the
// engine's under a developer heading.
func Print(out io.Writer, fs *flag.FlagSet, u Usage) {
	fmt.Fprintf(out, "%s", fs.Name())
	if u.Description != "" {
		fmt.Fprintf(out, ": %s", u.Description)
	}
	fmt.Fprintf(out, "\n\nusage: %s [flags]\n\nflags:\n", fs.Name())
	printFlags(out, fs, func(name string) bool { return u.Group(name) == Player })
	fmt.Fprintf(out, "\nkeys (never while typing into a text field):\n")
	for _, k := range u.Keys.list() {
		fmt.Fprintf(out, "  %-14s %s\n", k[0], k[1])
	}
	if u.Multi {
		fmt.Fprintf(out, "\nnetplay flags (playing over a network):\n")
		printFlags(out, fs, func(name string) bool { return u.Group(name) == Net })
	}
	fmt.Fprintf(out, "\ndeveloper flags (the engine's):\n")
	printFlags(out, fs, func(name string) bool { return u.Group(name) == Developer })
}

// Keys says which of the keys a run takes before the game sees them are
// on. The zero Keys is a shipped game's: F11, Alt+Enter and F12 on, the
// developer's keys off.
type Keys struct {
	NoFullscreen bool // F11 and Alt+Enter are the game's
	NoScreenshot bool // F12 is the game's
	Debug        bool // the developer's keys are on (-debug)
}

// list is the keys, each with what it does: the player's unless freed,
// then the developer's, said to be on or off.
func (k Keys) list() [][2]string {
	var keys [][2]string
	if !k.NoFullscreen {
		keys = append(keys, [2]string{"F11, Alt+Enter", "toggle fullscreen"})
	}
	if !k.NoScreenshot {
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
	if k.Debug {
		state = "on"
	}
	keys = append(keys, [2]string{"debug keys", state})
	for _, d := range debug {
		keys = append(keys, [2]string{"  " + d[0], d[1]})
	}
	return keys
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
