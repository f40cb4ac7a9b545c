package desktop

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/cli"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/recording"
)

// The settings a recording keeps, and that the peers of a netplay session
// share, are the shared flags the table keeps (-seed, -tps, -physics) and
// every flag of the game's own that LocalFlags does not name
// (cli.Settings). A -replay and a netplay joiner take them with adopt,
// which checks the result as the command line is checked.

// settingsOf is c's settings as a recording keeps them, with the game's
// flags g: the flag table's kept flags bound to c's fields.
func (c *Config) settingsOf(g *cli.GameFlags) *cli.Settings {
	s := &cli.Settings{Game: g, Local: c.LocalFlags, Given: &c.GameFlags}
	for _, f := range sharedFlags() {
		sh := cli.Shared{Name: f.name}
		if f.kept() {
			sh.Get = func() string { return f.get(c) }
			sh.Set = func(v string) error { return f.set(c, v) }
		}
		s.Shared = append(s.Shared, sh)
	}
	return s
}

// hostSource is where a joiner's adopted settings come from.
func hostSource() *cli.Source {
	return &cli.Source{Prefix: "netplay", Who: "the host", Fix: "the host runs another program: run the host's"}
}

// adopt sets c's settings to ss, as a -replay's recording or a netplay
// host gives them (from; see cli.Settings.Adopt), and returns c with its
// defaults, checked (the one check, checked), with what a recording of
// it keeps. Errors of the check name the settings' source. A nil from
// adopts nothing: c as given, checked.
func (c *Config) adopt(g *cli.GameFlags, ss []tape.Setting, chosen func(string) bool, from *cli.Source) (Config, []tape.Setting, error) {
	if from != nil {
		if err := c.settingsOf(g).Adopt(ss, chosen, *from); err != nil {
			return *c, nil, usagef("%v", err)
		}
	}
	d, err := c.checked(g, flagNames)
	switch {
	case err != nil && from != nil:
		return d, nil, fmt.Errorf("%s: %s's settings: %w", from.Prefix, from.Who, err)
	case err != nil:
		return d, nil, err
	}
	return d, d.settingsOf(g).Recorded(), nil
}

// settled returns the command line's c with its defaults, checked, and
// what a recording of the run keeps (adopt). With -replay it first takes
// the settings of the recording c.Output.Replay names (replayed).
// Settings chosen reports must agree with the recording's.
func (c *Config) settled(g *cli.GameFlags, chosen func(string) bool) (Config, []tape.Setting, error) {
	from, ss, err := c.replayed()
	if err != nil {
		return *c, nil, err
	}
	return c.adopt(g, ss, chosen, from)
}

// replayed reads the settings of the recording c.Output.Replay names,
// for a replay that needs no flag but -replay, and keeps the recording
// for the run; nil and no settings without -replay.
func (c *Config) replayed() (*cli.Source, []tape.Setting, error) {
	path := c.Output.Replay
	if path == "" {
		return nil, nil, nil
	}
	h, piped, err := recording.ReadHeader(path)
	if err != nil {
		return nil, nil, usagef("-replay: %v", err)
	}
	c.piped = piped
	if c.MaxPlayers > 0 && h.Players != 0 {
		c.Loop.Players = h.Players // a game of several counts replays the recording's, as a joiner plays the host's
	}
	return &cli.Source{Prefix: "-replay " + path, Who: "the recording", Fix: "replay it with the program that made it"}, h.Settings, nil
}
