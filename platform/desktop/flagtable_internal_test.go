package desktop

import (
	"flag"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/physics/backend"
)

// setInCode are the Config fields no shared flag sets, each set in code
// only (a game's facts, its own flags, the window's shape, hooks).
var setInCode = []string{
	"Name", "Description", "Version", "LocalFlags", "GameFlags", "Bot", "SaveDir", "PlayerSettings", "MinPlayers", "MaxPlayers",
	"Clock", "Logger", "Loop.TimeScale", "Loop.ProfileLabels", "Loop.WorstFrames",
	"Window.Title", "Window.Width", "Window.Height", "Window.Fixed", "Window.MinWidth", "Window.MinHeight",
	"Window.Software", "Window.LogicalWidth", "Window.LogicalHeight", "Window.IntegerScale", "Window.Icon",
	"Window.HideCursor", "Window.RelativeMouse",
	"Debug.NoFullscreenKey", "Debug.NoScreenshotKey", "Output.StatsOut", "Net.ListenAll",
	"Net.MaxSpectators",
}

// configFields lists the paths of t's exported fields, into the structs
// of this module (Loop, Window, Debug, Output, Sound, Net).
func configFields(t reflect.Type, prefix string) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		path := prefix + f.Name
		if f.Type.Kind() == reflect.Struct && strings.Contains(f.Type.PkgPath(), "lockstep") && f.Type != reflect.TypeFor[backend.Engine]() {
			out = append(out, configFields(f.Type, path+".")...)
			continue
		}
		out = append(out, path)
	}
	return out
}

// Every Config field is set by exactly one shared flag or listed as set
// in code, and no entry names a field Config does not have.
func TestTheFlagTableCoversEveryConfigField(t *testing.T) {
	fields := configFields(reflect.TypeFor[Config](), "")
	setBy := map[string]string{}
	for _, f := range sharedFlags() {
		for _, field := range []string{f.field, f.also} {
			if field == "" {
				continue
			}
			if !slices.Contains(fields, field) {
				t.Errorf("-%s sets Config.%s, which Config does not have", f.name, field)
			}
			if prev, ok := setBy[field]; ok {
				t.Errorf("Config.%s is set by both -%s and -%s", field, prev, f.name)
			}
			setBy[field] = f.name
		}
	}
	for _, field := range fields {
		_, flagged := setBy[field]
		inCode := slices.Contains(setInCode, field)
		switch {
		case flagged && inCode:
			t.Errorf("Config.%s is set by -%s but listed as set in code only", field, setBy[field])
		case !flagged && !inCode:
			t.Errorf("Config.%s has no shared flag: add one to sharedFlags, or list it in setInCode", field)
		}
	}
}

// Each entry registers exactly its own flag, which errors then name for
// its field; Config.Flags registers the table and nothing else.
func TestEachFlagOfTheTableIsRegisteredUnderItsName(t *testing.T) {
	c := Config{MinPlayers: 2, MaxPlayers: 4} // -players too
	all := flag.NewFlagSet("all", flag.ContinueOnError)
	c.Flags(all)
	d, _ := c.withDefaults()
	var names []string
	for _, f := range sharedFlags() {
		one := flag.NewFlagSet(f.name, flag.ContinueOnError)
		f.register(one, f.name, &c, &d)
		var got []string
		one.VisitAll(func(fl *flag.Flag) { got = append(got, fl.Name) })
		if !slices.Equal(got, []string{f.name}) {
			t.Errorf("the entry for -%s registers %v", f.name, got)
		}
		if all.Lookup(f.name) == nil {
			t.Errorf("Config.Flags does not register -%s", f.name)
		}
		if n := flagNames(f.field); n != "-"+f.name {
			t.Errorf("errors call Config.%s %s, want -%s", f.field, n, f.name)
		}
		names = append(names, f.name)
	}
	all.VisitAll(func(fl *flag.Flag) {
		if !slices.Contains(names, fl.Name) {
			t.Errorf("Config.Flags registers -%s, which the table does not list", fl.Name)
		}
	})
}

// What a recording keeps reads back as it was written, and -players is
// offered only to a game that allows a range of counts.
func TestKeptFlagsReadBackWhatTheyWrite(t *testing.T) {
	c := Config{Seed: 77, Physics: backend.Chipmunk}
	c.Loop.TPS = 45
	for _, f := range sharedFlags() {
		if !f.kept() {
			continue
		}
		var back Config
		if err := f.set(&back, f.get(&c)); err != nil || f.get(&back) != f.get(&c) {
			t.Errorf("-%s %s read back as %q (%v)", f.name, f.get(&c), f.get(&back), err)
		}
	}
	fs := flag.NewFlagSet("one count", flag.ContinueOnError)
	(&Config{}).Flags(fs)
	if fs.Lookup("players") != nil {
		t.Error("a game of one player count offers -players")
	}
}
