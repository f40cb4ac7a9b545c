package desktop

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

// The settings a recording keeps, and that the peers of a netplay session
// share, are the run's Seed, Loop.TPS and Physics (-seed, -tps, -physics)
// and every flag of the game's own that LocalFlags does not name. Run
// computes them (recordedSettings) from the game's flags as it set them;
// a -replay and a netplay joiner take them with adoptSettings.

// gameFlags registers the game's own flags on a FlagSet of their own,
// sets them as c.GameFlags says, checks that c.LocalFlags names only them
// and runs the game's Validate. It returns the FlagSet, nil for a game
// that is not a Flagger. Registering sets every game flag to its default
// first, so a game's flags always hold their defaults and GameFlags.
func gameFlags(game Game, c *Config, name names) (*flag.FlagSet, error) {
	f, ok := game.(Flagger)
	if !ok {
		switch {
		case len(c.GameFlags) > 0:
			return nil, usagef("%s sets -%s, but the game has no flags of its own (no Flags method)", name("GameFlags"), c.GameFlags[0].Name)
		case len(c.LocalFlags) > 0:
			return nil, usagef("%s names -%s, but the game has no flags of its own (no Flags method)", name("LocalFlags"), c.LocalFlags[0])
		}
		return nil, nil
	}
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f.Flags(fs)
	for _, n := range c.LocalFlags {
		if fs.Lookup(n) == nil {
			return nil, usagef("%s names -%s, which is not one of the game's flags", name("LocalFlags"), n)
		}
	}
	if err := setGameFlags(fs, nil, c.GameFlags, name); err != nil {
		return nil, err
	}
	if err := f.Validate(); err != nil {
		return nil, usagef("%v", err)
	}
	return fs, nil
}

// setGameFlags sets the flags ss names on fs, refusing a name given twice
// and one that is not a game flag (absent from fs, or in shared).
func setGameFlags(fs *flag.FlagSet, shared map[string]bool, ss []tape.Setting, name names) error {
	seen := map[string]bool{}
	for _, s := range ss {
		switch {
		case seen[s.Name]:
			return usagef("%s sets -%s twice: give it once", name("GameFlags"), s.Name)
		case shared[s.Name] || fs.Lookup(s.Name) == nil:
			return usagef("%s sets -%s, which is not one of the game's flags", name("GameFlags"), s.Name)
		}
		seen[s.Name] = true
		if err := fs.Set(s.Name, s.Value); err != nil {
			return usagef("invalid value %q for -%s (%s): %v", s.Value, s.Name, name("GameFlags"), err)
		}
	}
	return nil
}

// recordedSettings is what a recording of a run with c keeps, by name:
// seed, tps, physics and the game's flags on gfs but c.LocalFlags.
func recordedSettings(c *Config, gfs *flag.FlagSet) []tape.Setting {
	ss := []tape.Setting{
		{Name: "seed", Value: uintString(c.Seed)},
		{Name: "tps", Value: strconv.Itoa(c.Loop.TPS)},
		{Name: "physics", Value: c.Physics.String()},
	}
	if gfs != nil {
		gfs.VisitAll(func(fl *flag.Flag) {
			if !slices.Contains(c.LocalFlags, fl.Name) {
				ss = append(ss, tape.Setting{Name: fl.Name, Value: fl.Value.String()})
			}
		})
	}
	slices.SortFunc(ss, func(a, b tape.Setting) int { return strings.Compare(a.Name, b.Name) })
	return ss
}

// source is where settings to adopt come from, for its errors.
type source struct {
	prefix string // "-replay FILE", "netplay"
	who    string // "the recording", "the host"
	fix    string // what to do about a setting this program does not have
}

// adoptSettings sets c's simulation settings to ss, settings a recording
// keeps, as a -replay's recording or a netplay host gives them: each is
// parsed as its flag parses it, and then c and the game's flags (the
// game's Validate too) are checked as the command line is. A setting
// chosen reports (the user gave it) must already have ss's value. Refused,
// naming it: a name given twice, one this program does not have, and one
// a recording does not keep (a shared flag such as -mode, a LocalFlags
// flag such as -bot).
func (c *Config) adoptSettings(game Game, ss []tape.Setting, chosen func(string) bool, from source) error {
	c.GameFlags = slices.Clone(c.GameFlags)
	keeps := recordedNames(game, c)
	shared := flag.NewFlagSet("", flag.ContinueOnError)
	(&Config{}).Flags(shared)
	seen := map[string]bool{}
	for _, s := range ss {
		switch {
		case seen[s.Name]:
			return usagef("%s: %s sets -%s twice: a recording keeps each setting once", from.prefix, from.who, s.Name)
		case !keeps[s.Name] && (shared.Lookup(s.Name) != nil || slices.Contains(c.LocalFlags, s.Name)):
			return usagef("%s: %s sets -%s %s, which recordings cannot set: it changes no tick, only this run (give it on the command line); it was not written by -record", from.prefix, from.who, s.Name, s.Value)
		case !keeps[s.Name]:
			return usagef("%s: %s was made with -%s %s, which this program does not have: %s", from.prefix, from.who, s.Name, s.Value, from.fix)
		}
		seen[s.Name] = true
		if chosen != nil && chosen(s.Name) {
			if cur := c.setting(s.Name); cur != s.Value {
				return usagef("%s: -%s %s contradicts %s's -%s %s: drop the flag, or give %s's value", from.prefix, s.Name, cur, from.who, s.Name, s.Value, from.who)
			}
			continue
		}
		if err := c.setSetting(s); err != nil {
			return usagef("%s: %s's -%s %s: %v", from.prefix, from.who, s.Name, s.Value, err)
		}
	}
	if _, err := c.withDefaults(flagNames); err != nil {
		return fmt.Errorf("%s: %s's settings: %w", from.prefix, from.who, err)
	}
	if _, err := gameFlags(game, c, flagNames); err != nil {
		return fmt.Errorf("%s: %s's settings: %w", from.prefix, from.who, err)
	}
	return nil
}

// recordedNames are the names of the settings a recording of game with c
// keeps.
func recordedNames(game Game, c *Config) map[string]bool {
	keeps := map[string]bool{}
	for _, n := range simulationFlags {
		keeps[n] = true
	}
	if f, ok := game.(Flagger); ok {
		fs := flag.NewFlagSet("", flag.ContinueOnError)
		f.Flags(fs) // sets the game's flags to their defaults: gameFlags sets them again
		fs.VisitAll(func(fl *flag.Flag) { keeps[fl.Name] = !slices.Contains(c.LocalFlags, fl.Name) })
	}
	return keeps
}

// setting is the value of the recorded setting called name in c.
func (c *Config) setting(name string) string {
	switch name {
	case "seed":
		return uintString(c.Seed)
	case "tps":
		return strconv.Itoa(c.Loop.TPS)
	case "physics":
		return c.Physics.String()
	}
	for _, s := range c.GameFlags {
		if s.Name == name {
			return s.Value
		}
	}
	return ""
}

// setSetting sets the recorded setting s in c: a shared one in its field,
// a game flag in GameFlags (checked by gameFlags).
func (c *Config) setSetting(s tape.Setting) error {
	var err error
	switch s.Name {
	case "seed":
		c.Seed, err = strconv.ParseUint(s.Value, 10, 64)
	case "tps":
		c.Loop.TPS, err = strconv.Atoi(s.Value)
	case "physics":
		err = c.Physics.UnmarshalText([]byte(s.Value))
	default:
		i := slices.IndexFunc(c.GameFlags, func(g tape.Setting) bool { return g.Name == s.Name })
		if i < 0 {
			c.GameFlags = append(c.GameFlags, s)
		} else {
			c.GameFlags[i] = s
		}
	}
	return err
}

// replaySettings takes the settings of the recording c.Output.Replay
// names, for a replay that needs no flag but -replay, and keeps the
// recording for the run. Settings chosen
// reports must agree with the recording's.
func (c *Config) replaySettings(game Game, chosen func(string) bool) error {
	path := c.Output.Replay
	settings, piped, err := replayHeader(path)
	if err != nil {
		return usagef("-replay: %v", err)
	}
	c.piped = piped
	return c.adoptSettings(game, settings, chosen, source{prefix: "-replay " + path, who: "the recording",
		fix: "replay it with the program that made it"})
}
