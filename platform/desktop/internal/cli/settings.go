package cli

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

// Shared is one shared flag as recordings see it, bound to a run's
// configuration by the flag table: Get and Set are its value as a
// recording keeps it, as text; both nil for a flag that changes no tick,
// which recordings do not keep.
type Shared struct {
	Name string
	Get  func() string
	Set  func(value string) error
}

// Source is where settings to adopt come from, for errors.
type Source struct {
	Prefix string // "-replay FILE", "netplay"
	Who    string // "the recording", "the host"
	Fix    string // what to do about a setting this program does not have
}

// Settings are a run's settings as a recording keeps them, and as the
// peers of a netplay session share them: the shared flags that change
// the ticks (Shared's with Get and Set: -seed, -tps, -physics) and every
// flag of the game's own that Local does not name.
type Settings struct {
	Shared []Shared   // every shared flag, kept or not
	Game   *GameFlags // the game's flags, as the run set them
	Local  []string   // the game's flags a recording does not keep
	// Given is the game's flags the configuration gives by name
	// (Config.GameFlags): Adopt notes there each it sets.
	Given *[]tape.Setting
}

// shared is the shared flag called name; nil when none is.
func (s *Settings) shared(name string) *Shared {
	for i := range s.Shared {
		if s.Shared[i].Name == name {
			return &s.Shared[i]
		}
	}
	return nil
}

// Recorded is what a recording of the run keeps, by name: the shared
// flags kept and the game's flags but Local, in name order.
func (s *Settings) Recorded() []tape.Setting {
	var ss []tape.Setting
	for _, f := range s.Shared {
		if f.Get != nil {
			ss = append(ss, tape.Setting{Name: f.Name, Value: f.Get()})
		}
	}
	s.Game.Visit(func(fl *flag.Flag) {
		if !slices.Contains(s.Local, fl.Name) {
			ss = append(ss, tape.Setting{Name: fl.Name, Value: fl.Value.String()})
		}
	})
	slices.SortFunc(ss, func(a, b tape.Setting) int { return strings.Compare(a.Name, b.Name) })
	return ss
}

// Keeps reports whether a recording of the run keeps the setting called
// name.
func (s *Settings) Keeps(name string) bool {
	if f := s.shared(name); f != nil {
		return f.Get != nil
	}
	return s.Game.Has(name) && !slices.Contains(s.Local, name)
}

// Adopt sets the run's settings to ss, settings a recording keeps, as a
// -replay's recording or a netplay host gives them (from): each is
// parsed as its flag parses it. A setting chosen reports (the user gave
// it; nil: none) must already have ss's value. Refused, naming it: a
// name given twice, one this program does not have, and one a recording
// does not keep (a shared flag such as -mode, a Local flag such as
// -bot).
func (s *Settings) Adopt(ss []tape.Setting, chosen func(string) bool, from Source) error {
	*s.Given = slices.Clone(*s.Given)
	seen := map[string]bool{}
	for _, st := range ss {
		switch {
		case seen[st.Name]:
			return fmt.Errorf("%s: %s sets -%s twice: a recording keeps each setting once", from.Prefix, from.Who, st.Name)
		case !s.Keeps(st.Name) && (s.shared(st.Name) != nil || slices.Contains(s.Local, st.Name)):
			return fmt.Errorf("%s: %s sets -%s %s, which recordings cannot set: it changes no tick, only this run (give it on the command line); it was not written by -record", from.Prefix, from.Who, st.Name, st.Value)
		case !s.Keeps(st.Name):
			return fmt.Errorf("%s: %s was made with -%s %s, which this program does not have: %s", from.Prefix, from.Who, st.Name, st.Value, from.Fix)
		}
		seen[st.Name] = true
		if chosen != nil && chosen(st.Name) {
			if cur := s.value(st.Name); cur != st.Value {
				return fmt.Errorf("%s: -%s %s contradicts %s's -%s %s: drop the flag, or give %s's value", from.Prefix, st.Name, cur, from.Who, st.Name, st.Value, from.Who)
			}
			continue
		}
		if err := s.set(st); err != nil {
			return fmt.Errorf("%s: %s's -%s %s: %v", from.Prefix, from.Who, st.Name, st.Value, err)
		}
	}
	return nil
}

// value is the value of the kept setting called name.
func (s *Settings) value(name string) string {
	if f := s.shared(name); f != nil && f.Get != nil {
		return f.Get()
	}
	for _, g := range *s.Given {
		if g.Name == name {
			return g.Value
		}
	}
	return ""
}

// set sets the kept setting st: a shared one through its binding, a game
// flag on the game's flags and in Given.
func (s *Settings) set(st tape.Setting) error {
	if f := s.shared(st.Name); f != nil {
		return f.Set(st.Value)
	}
	if err := s.Game.Set(st.Name, st.Value); err != nil {
		return err
	}
	i := slices.IndexFunc(*s.Given, func(g tape.Setting) bool { return g.Name == st.Name })
	if i < 0 {
		*s.Given = append(*s.Given, st)
	} else {
		(*s.Given)[i] = st
	}
	return nil
}
