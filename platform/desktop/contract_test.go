package desktop_test

import (
	"bytes"
	"context"
	"flag"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// Games whose optional methods are each off by a little.
type (
	startNoError    struct{ box }
	nameAsMethodPtr struct{ box }
	closeNoError    struct{ box }
	flagsNoValidate struct{ box }
	hashAsInt       struct{ box }
)

func (*startNoError) Start(*desktop.Setup)   {}
func (*nameAsMethodPtr) Name() *string       { return nil }
func (*closeNoError) Close()                 {}
func (*flagsNoValidate) Flags(*flag.FlagSet) {}
func (*hashAsInt) StateHash() int            { return 0 }
func (*hashAsInt) Update(engine.Frame) error { return nil }

// Games with a method the contract once had for what is now a Config
// field: the run would silently ignore it.
type (
	describes        struct{ box }
	hasPlayers       struct{ box }
	botMethod        struct{ box }
	localFlagsMethod struct{ box }
)

func (*describes) Description() string                 { return "" }
func (*hasPlayers) Players() int                       { return 2 }
func (*botMethod) BotInput(uint64, *engine.Input) bool { return false }
func (*localFlagsMethod) LocalFlags() []string         { return nil }

// A method named like an optional one but with another signature would
// silently never be called: the run refuses to start, naming the method,
// what it has and what it needs, before a window opens.
func TestAnOptionalMethodWithTheWrongSignatureIsReportedAtStart(t *testing.T) {
	for _, tc := range []struct {
		game desktop.Game
		want []string
	}{
		{&startNoError{}, []string{"Start(*desktop.Setup)", "desktop.Starter wants Start(*desktop.Setup) error"}},
		{&nameAsMethodPtr{}, []string{"has method Name", "no longer calls", "set Config.Name"}},
		{&describes{}, []string{"has method Description", "set Config.Description"}},
		{&hasPlayers{}, []string{"has method Players", "set Config.Loop.Players"}},
		{&botMethod{}, []string{"has method BotInput", "set Config.Bot"}},
		{&localFlagsMethod{}, []string{"has method LocalFlags", "set Config.LocalFlags"}},
		{&closeNoError{}, []string{"Close()", "io.Closer wants Close() error"}},
		{&flagsNoValidate{}, []string{"has Flags but not Validate() error", "desktop.Flagger"}},
		{&hashAsInt{}, []string{"Update(engine.Frame) error", "engine.Updater wants Update(*engine.Frame) error"}},
	} {
		var err error
		sdl.Do(func() {
			_, err = desktop.Run(context.Background(), tc.game, desktop.Config{Window: sdl2.Options{Headless: true}})
		})
		if err == nil {
			t.Errorf("%T: ran, want an error", tc.game)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%T: %q does not say %q", tc.game, err, w)
			}
		}
	}
	// A game whose methods are all right runs.
	var err error
	sdl.Do(func() {
		_, err = desktop.Run(context.Background(), &box{}, desktop.Config{Window: sdl2.Options{Headless: true}, Loop: engine.Config{Ticks: 1}})
	})
	if err != nil {
		t.Errorf("the README game: %v, want it to run", err)
	}
}

// -h names the game and says what it is, lists the flags and the keys the
// run takes, saying the debug keys are off until -debug.
func TestHelpNamesTheGameAndListsTheKeys(t *testing.T) {
	var stderr bytes.Buffer
	code := desktop.MainStatus(&box{}, describedConfig(), []string{"-h"}, &bytes.Buffer{}, &stderr)
	if code != 0 {
		t.Fatalf("-h: exit %d", code)
	}
	help := stderr.String()
	for _, w := range []string{"described: a game that says what it is", "-debug", "-hud", "-tps",
		"F11, Alt+Enter", "F12", "off: -debug turns them on", "Esc", "F1"} {
		if !strings.Contains(help, w) {
			t.Errorf("-h does not say %q:\n%s", w, help)
		}
	}
	stderr.Reset()
	cfg := describedConfig()
	cfg.Debug = desktop.Debug{Keys: true, NoFullscreenKey: true, NoScreenshotKey: true}
	desktop.MainStatus(&box{}, cfg, []string{"-h"}, &bytes.Buffer{}, &stderr)
	if help := stderr.String(); strings.Contains(help, "toggle fullscreen") || strings.Contains(help, "save a screenshot") || !strings.Contains(help, "debug keys     on") {
		t.Errorf("-h of a game that frees F11 and F12 and has the debug keys on:\n%s", help)
	}
}

// describedConfig is a game's Config that names it and says what it is.
func describedConfig() desktop.Config {
	return desktop.Config{Name: "described", Description: "a game that says what it is"}
}

// -h leads with the game's own flags and the keys; the engine's follow
// under a developer heading; a game of one player offers no netplay flag,
// a game of several does.
func TestHelpLeadsWithTheGamesFlagsAndHidesNetplayFromASinglePlayerGame(t *testing.T) {
	var stderr bytes.Buffer
	desktop.MainStatus(&flagged{}, desktop.Config{Name: "solo", LocalFlags: []string{"cheer"}}, []string{"-h"}, &bytes.Buffer{}, &stderr)
	help := stderr.String()
	speed, keys, dev, tps := strings.Index(help, "-speed"), strings.Index(help, "keys ("), strings.Index(help, "developer flags"), strings.Index(help, "-tps")
	if speed < 0 || keys < speed || dev < keys || tps < dev {
		t.Errorf("-h does not list the game's -speed, then the keys, then the developer flags with -tps:\n%s", help)
	}
	if strings.Contains(help, "-host") || strings.Contains(help, "netplay flags") {
		t.Errorf("-h of a single-player game offers netplay:\n%s", help)
	}
	stderr.Reset()
	desktop.MainStatus(&flagged{}, desktop.Config{Name: "duo", Loop: engine.Config{Players: 2}, LocalFlags: []string{"cheer"}}, []string{"-h"}, &bytes.Buffer{}, &stderr)
	help = stderr.String()
	if net, host := strings.Index(help, "netplay flags"), strings.Index(help, "-host"); net < 0 || host < net || strings.Index(help, "developer flags") < host {
		t.Errorf("-h of a two-player game does not list -host under netplay flags before the developer's:\n%s", help)
	}
}
