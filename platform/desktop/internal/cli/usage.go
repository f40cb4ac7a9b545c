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
	Keys        [][2]string        // the keys a run takes, with what each does; nil none
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
	for _, k := range u.Keys {
		fmt.Fprintf(out, "  %-14s %s\n", k[0], k[1])
	}
	if u.Multi {
		fmt.Fprintf(out, "\nnetplay flags (playing over a network):\n")
		printFlags(out, fs, func(name string) bool { return u.Group(name) == Net })
	}
	fmt.Fprintf(out, "\ndeveloper flags (the engine's):\n")
	printFlags(out, fs, func(name string) bool { return u.Group(name) == Developer })
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
