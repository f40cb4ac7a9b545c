package desktop

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

// The settings a recording keeps, and that the peers of a netplay session
// share, are the shared flags sharedFlags says (-seed, -tps, -physics)
// and every flag of the game's own that LocalFlags does not name. Run
// computes them (gameFlags.recorded) from the game's flags as it set
// them; a -replay and a netplay joiner take them with adoptSettings.

// recorded is what a recording of a run with c keeps, by name: the
// shared flags the table says (seed, tps, physics) and the game's flags
// but c.LocalFlags.
func (g *gameFlags) recorded(c *Config) []tape.Setting {
	var ss []tape.Setting
	for _, f := range sharedFlags() {
		if f.kept() {
			ss = append(ss, tape.Setting{Name: f.name, Value: f.get(c)})
		}
	}
	g.visit(func(fl *flag.Flag) {
		if !slices.Contains(c.LocalFlags, fl.Name) {
			ss = append(ss, tape.Setting{Name: fl.Name, Value: fl.Value.String()})
		}
	})
	slices.SortFunc(ss, func(a, b tape.Setting) int { return strings.Compare(a.Name, b.Name) })
	return ss
}

// keeps reports whether a recording of a run with c keeps the setting
// called name.
func (g *gameFlags) keeps(c *Config, name string) bool {
	if f := sharedFlagNamed(name); f != nil {
		return f.kept()
	}
	return g.has(name) && !slices.Contains(c.LocalFlags, name)
}

// source is where settings to adopt come from, for its errors.
type source struct {
	prefix string // "-replay FILE", "netplay"
	who    string // "the recording", "the host"
	fix    string // what to do about a setting this program does not have
}

// adoptSettings sets c's simulation settings, and the game's flags g,
// to ss, settings a recording keeps, as a -replay's recording or a
// netplay host gives them: each is parsed as its flag parses it (adopt
// then checks the whole). A setting chosen reports (the user gave it)
// must already have ss's value. Refused, naming it: a name
// given twice, one this program does not have, and one a recording does
// not keep (a shared flag such as -mode, a LocalFlags flag such as -bot).
func (c *Config) adoptSettings(g *gameFlags, ss []tape.Setting, chosen func(string) bool, from *source) error {
	c.GameFlags = slices.Clone(c.GameFlags)
	seen := map[string]bool{}
	for _, s := range ss {
		switch {
		case seen[s.Name]:
			return usagef("%s: %s sets -%s twice: a recording keeps each setting once", from.prefix, from.who, s.Name)
		case !g.keeps(c, s.Name) && (sharedFlagNamed(s.Name) != nil || slices.Contains(c.LocalFlags, s.Name)):
			return usagef("%s: %s sets -%s %s, which recordings cannot set: it changes no tick, only this run (give it on the command line); it was not written by -record", from.prefix, from.who, s.Name, s.Value)
		case !g.keeps(c, s.Name):
			return usagef("%s: %s was made with -%s %s, which this program does not have: %s", from.prefix, from.who, s.Name, s.Value, from.fix)
		}
		seen[s.Name] = true
		if chosen != nil && chosen(s.Name) {
			if cur := c.setting(s.Name); cur != s.Value {
				return usagef("%s: -%s %s contradicts %s's -%s %s: drop the flag, or give %s's value", from.prefix, s.Name, cur, from.who, s.Name, s.Value, from.who)
			}
			continue
		}
		if err := c.setSetting(g, s); err != nil {
			return usagef("%s: %s's -%s %s: %v", from.prefix, from.who, s.Name, s.Value, err)
		}
	}
	return nil
}

// adopt sets c's settings to ss, as adoptSettings does, and returns c
// with its defaults, checked (the one check, checked), with what a
// recording of a run with it keeps. Errors of the check name the
// settings' source, from (nil: no settings, as given).
func (c *Config) adopt(g *gameFlags, ss []tape.Setting, chosen func(string) bool, from *source) (Config, []tape.Setting, error) {
	if from != nil {
		if err := c.adoptSettings(g, ss, chosen, from); err != nil {
			return *c, nil, err
		}
	}
	d, err := c.checked(g, flagNames)
	switch {
	case err != nil && from != nil:
		return d, nil, fmt.Errorf("%s: %s's settings: %w", from.prefix, from.who, err)
	case err != nil:
		return d, nil, err
	}
	return d, g.recorded(&d), nil
}

// setting is the value of the recorded setting called name in c.
func (c *Config) setting(name string) string {
	if f := sharedFlagNamed(name); f != nil && f.kept() {
		return f.get(c)
	}
	for _, s := range c.GameFlags {
		if s.Name == name {
			return s.Value
		}
	}
	return ""
}

// setSetting sets the recorded setting s in c: a shared one in its field,
// a game flag on g and in GameFlags.
func (c *Config) setSetting(g *gameFlags, s tape.Setting) error {
	if f := sharedFlagNamed(s.Name); f != nil {
		return f.set(c, s.Value)
	}
	if err := g.fs.Set(s.Name, s.Value); err != nil {
		return err
	}
	i := slices.IndexFunc(c.GameFlags, func(g tape.Setting) bool { return g.Name == s.Name })
	if i < 0 {
		c.GameFlags = append(c.GameFlags, s)
	} else {
		c.GameFlags[i] = s
	}
	return nil
}

// settled returns the command line's c with its defaults, checked, and
// what a recording of the run keeps (adopt). With -replay it first takes
// the settings of the recording c.Output.Replay names (replayed).
// Settings chosen reports must agree with the recording's.
func (c *Config) settled(g *gameFlags, chosen func(string) bool) (Config, []tape.Setting, error) {
	from, ss, err := c.replayed()
	if err != nil {
		return *c, nil, err
	}
	return c.adopt(g, ss, chosen, from)
}

// replayed reads the settings of the recording c.Output.Replay names,
// for a replay that needs no flag but -replay, and keeps the recording
// for the run; nil and no settings without -replay.
func (c *Config) replayed() (*source, []tape.Setting, error) {
	path := c.Output.Replay
	if path == "" {
		return nil, nil, nil
	}
	h, piped, err := replayHeader(path)
	if err != nil {
		return nil, nil, usagef("-replay: %v", err)
	}
	c.piped = piped
	if c.MaxPlayers > 0 && h.Players != 0 {
		c.Loop.Players = h.Players // a game of several counts replays the recording's, as a joiner plays the host's
	}
	return &source{prefix: "-replay " + path, who: "the recording", fix: "replay it with the program that made it"}, h.Settings, nil
}
