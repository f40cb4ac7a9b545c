package desktop_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// flagged is a game with flags of its own: -speed changes the
// simulation, -cheer (a Config.LocalFlags flag) only this machine.
type flagged struct {
	box
	speed float64
	cheer bool
}

func (g *flagged) Flags(fs *flag.FlagSet) {
	fs.Float64Var(&g.speed, "speed", 1, "how fast, 0 to 10")
	fs.BoolVar(&g.cheer, "cheer", false, "cheer on this machine")
}

func (g *flagged) Validate() error {
	if g.speed < 0 || g.speed > 10 {
		return fmt.Errorf("invalid value %v for -speed: want 0 to 10", g.speed)
	}
	return nil
}

// sameCase is one Config field written in code (set) and the same value
// typed as flags (args).
type sameCase struct {
	field string
	set   func(c *desktop.Config)
	args  []string
}

// sameCases has a case for every Config field a flag sets; replay is a
// recording of the game "same".
func sameCases(replay string) []sameCase {
	return []sameCase{
		{"Output.Replay", func(c *desktop.Config) { c.Output.Replay = replay }, []string{"-replay", replay}},
		{"Loop.Mode", func(c *desktop.Config) { c.Loop.Mode = engine.ModeCap }, []string{"-mode", "cap"}},
		{"Loop.FPS", func(c *desktop.Config) { c.Loop.FPS = 144 }, []string{"-fps", "144"}},
		{"Loop.TPS", func(c *desktop.Config) { c.Loop.TPS = 2 }, []string{"-tps", "2"}},
		{"Loop.MaxSteps", func(c *desktop.Config) { c.Loop.MaxSteps = 3 }, []string{"-max-steps", "3"}},
		{"Loop.MaxFrame", func(c *desktop.Config) { c.Loop.MaxFrame = time.Second }, []string{"-max-frame", "1s"}},
		{"Loop.Frames", func(c *desktop.Config) { c.Loop.Frames = 9 }, []string{"-frames", "9"}},
		{"Loop.Ticks", func(c *desktop.Config) { c.Loop.Ticks = 7 }, []string{"-ticks", "7"}},
		{"Loop.Duration", func(c *desktop.Config) { c.Loop.Duration = 3 * time.Second }, []string{"-duration", "3s"}},
		{"Loop.NoInterp", func(c *desktop.Config) { c.Loop.NoInterp = true }, []string{"-interp=false"}},
		{"Window.Headless", func(c *desktop.Config) { c.Window.Headless = true }, []string{"-headless"}},
		{"Window.Fullscreen", func(c *desktop.Config) { c.Window.Fullscreen = true }, []string{"-fullscreen"}},
		{"Debug.HUD", func(c *desktop.Config) { c.Debug.HUD = true }, []string{"-hud"}},
		{"Debug.Keys", func(c *desktop.Config) { c.Debug.Keys = true }, []string{"-debug"}},
		{"Output.Stats", func(c *desktop.Config) { c.Output.Stats = true }, []string{"-stats"}},
		{"Output.StatsJSON", func(c *desktop.Config) { c.Output.StatsJSON = "s.json" }, []string{"-stats-json", "s.json"}},
		{"Output.Screenshot", func(c *desktop.Config) { c.Output.Screenshot = "s.png" }, []string{"-screenshot", "s.png"}},
		{"Output.CPUProfile", func(c *desktop.Config) { c.Output.CPUProfile = "c.prof" }, []string{"-cpuprofile", "c.prof"}},
		{"Output.MemProfile", func(c *desktop.Config) { c.Output.MemProfile = "m.prof" }, []string{"-memprofile", "m.prof"}},
		{"Output.Trace", func(c *desktop.Config) { c.Output.Trace = "t.out" }, []string{"-trace", "t.out"}},
		{"Output.FramesOut", func(c *desktop.Config) { c.Output.FramesOut = "f.frames" }, []string{"-frames-out", "f.frames"}},
		{"Output.Hitch", func(c *desktop.Config) { c.Output.Hitch = 25 * time.Millisecond }, []string{"-hitch", "25ms"}},
		{"Output.PProf", func(c *desktop.Config) { c.Output.PProf = "localhost:6060" }, []string{"-pprof", "localhost:6060"}},
		{"Output.Record", func(c *desktop.Config) { c.Output.Record = "r.tape" }, []string{"-record", "r.tape"}},
		{"Seed", func(c *desktop.Config) { c.Seed = 42 }, []string{"-seed", "42"}},
		{"Physics", func(c *desktop.Config) { c.Physics = backend.Chipmunk }, []string{"-physics", "chipmunk"}},
		{"Wait", func(c *desktop.Config) { c.Wait = host.WaitSleep }, []string{"-wait", "sleep"}},
		{"NoIdleGC", func(c *desktop.Config) { c.NoIdleGC = true }, []string{"-idle-gc=false"}},
		{"Sound.AudioOut", func(c *desktop.Config) { c.Sound.AudioOut = "a.wav" }, []string{"-audio-out", "a.wav"}},
		{"Sound.Mute", func(c *desktop.Config) { c.Sound.Mute = true }, []string{"-mute"}},
		{"Sound.Volume", func(c *desktop.Config) { c.Sound.Volume = 0.5 }, []string{"-volume", "0.5"}},
		{"Sound.Volume 0", func(c *desktop.Config) { c.Sound.Mute = true }, []string{"-volume", "0"}},
		{"Net.Host", func(c *desktop.Config) { c.Net.Host = "127.0.0.1:7777" }, []string{"-host", "127.0.0.1:7777"}},
		{"Net.InputDelay", func(c *desktop.Config) { c.Net.Host, c.Net.InputDelay = "127.0.0.1:7777", 2 }, []string{"-host", "127.0.0.1:7777", "-input-delay", "2"}},
		{"Net.Join", func(c *desktop.Config) { c.Net.Join, c.Net.Code = "127.0.0.1:7777", "abcdefgh" }, []string{"-join", "127.0.0.1:7777", "-code", "abcdefgh"}},
		{"Net.Code", func(c *desktop.Config) { c.Net.Host, c.Net.Code = "127.0.0.1:7777", "abcdefgh" }, []string{"-host", "127.0.0.1:7777", "-code", "abcdefgh"}},
		{"Net.DropAfter", func(c *desktop.Config) { c.Net.Host, c.Net.DropAfter = "127.0.0.1:1", 10*time.Second }, []string{"-host", "127.0.0.1:1", "-net-timeout", "10s"}},
		{"Net.JoinTimeout", func(c *desktop.Config) {
			c.Net.Join, c.Net.Code, c.Net.JoinTimeout = "127.0.0.1:1", "a-code-of-16-ch", 10*time.Second
		}, []string{"-join", "127.0.0.1:1", "-code", "a-code-of-16-ch", "-join-timeout", "10s"}},
		{"Net.Rollback", func(c *desktop.Config) { c.Net.Host, c.Net.Rollback = "127.0.0.1:1", 4 }, []string{"-host", "127.0.0.1:1", "-rollback", "4"}},
		{"Net.NoRollback", func(c *desktop.Config) { c.Net.Host, c.Net.NoRollback = "127.0.0.1:1", true }, []string{"-host", "127.0.0.1:1", "-rollback", "0"}},
		{"Net.Lobby", func(c *desktop.Config) { c.Net.Lobby = "127.0.0.1:7000" }, []string{"-lobby", "127.0.0.1:7000"}},
		{"Net.Spectate", func(c *desktop.Config) { c.Net.Join, c.Net.Code, c.Net.Spectate = "127.0.0.1:7777", "abcdefgh", true }, []string{"-join", "127.0.0.1:7777", "-code", "abcdefgh", "-spectate"}},
		{"Net.PlayOn", func(c *desktop.Config) { c.Net.Host, c.Net.PlayOn = "127.0.0.1:1", true }, []string{"-host", "127.0.0.1:1", "-play-on"}},
		{"Net.LateJoin", func(c *desktop.Config) { c.Net.Host, c.Net.PlayOn, c.Net.LateJoin = "127.0.0.1:1", true, true }, []string{"-host", "127.0.0.1:1", "-play-on", "-late-join"}},
		{"Net.StartWith", func(c *desktop.Config) {
			c.Net.Host, c.Net.PlayOn, c.Net.LateJoin, c.Net.StartWith = "127.0.0.1:1", true, true, 1
		}, []string{"-host", "127.0.0.1:1", "-play-on", "-late-join", "-start-with", "1"}},
		{"SyncTest", func(c *desktop.Config) { c.SyncTest = 4 }, []string{"-synctest", "4"}},
		{"GameFlags", func(c *desktop.Config) { c.GameFlags = []tape.Setting{{Name: "speed", Value: "2.5"}} }, []string{"-speed", "2.5"}},
	}
}

// codeOnly are the Config fields no flag sets: a Config written in code
// keeps them through Parse.
var codeOnly = []string{
	"Name", "Description", "Version", "LocalFlags", "Bot", "SaveDir", "PlayerSettings", "MinPlayers", "MaxPlayers",
	"Clock", "Logger", "Loop.TimeScale", "Loop.Players", "Loop.ProfileLabels", "Loop.WorstFrames",
	"Window.Title", "Window.Width", "Window.Height", "Window.Fixed", "Window.MinWidth", "Window.MinHeight",
	"Window.Software", "Window.LogicalWidth", "Window.LogicalHeight", "Window.IntegerScale", "Window.Icon",
	"Window.HideCursor", "Window.RelativeMouse",
	"Debug.NoFullscreenKey", "Debug.NoScreenshotKey", "Output.StatsOut", "Net.ListenAll",
	"Net.MaxSpectators",
}

// A Config written in code and the same values typed as flags parse to
// the same Config, for every field a flag sets; the table covers every
// field of Config (a new one fails here until it has a case).
func TestAConfigInCodeAndTheSameFlagsParseTheSame(t *testing.T) {
	base := desktop.Config{Name: "same", Loop: engine.Config{Players: 2}, LocalFlags: []string{"cheer"}}
	covered := slices.Clone(codeOnly)
	replay := writeTapeOf(t, "same", tape.Setting{Name: "physics", Value: "chipmunk"}, tape.Setting{Name: "seed", Value: "5"},
		tape.Setting{Name: "speed", Value: "3"}, tape.Setting{Name: "tps", Value: "30"})
	for _, tc := range sameCases(replay) {
		covered = append(covered, strings.Fields(tc.field)[0])
		inCode := base
		tc.set(&inCode)
		fromCode, err := desktop.Parse(&flagged{}, inCode, nil)
		if err != nil {
			t.Errorf("%s in code: %v", tc.field, err)
			continue
		}
		fromFlags, err := desktop.Parse(&flagged{}, base, tc.args)
		if err != nil {
			t.Errorf("%s as %v: %v", tc.field, tc.args, err)
			continue
		}
		if !reflect.DeepEqual(fromCode, fromFlags) {
			t.Errorf("%s: in code parses to\n%+v\nas %v to\n%+v", tc.field, fromCode, tc.args, fromFlags)
		}
	}
	for _, f := range leafFields(reflect.TypeFor[desktop.Config](), "") {
		if !slices.Contains(covered, f) && !slices.Contains(covered, strings.Split(f, ".")[0]) {
			t.Errorf("Config.%s has no case: add it to sameCases (a flag sets it) or codeOnly", f)
		}
	}
}

// leafFields lists the paths of t's fields, into the structs of this
// module's Config (Loop, Window, Debug, Output, Sound, Net).
func leafFields(t reflect.Type, prefix string) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		path := prefix + f.Name
		if f.Type.Kind() == reflect.Struct && strings.Contains(f.Type.PkgPath(), "lockstep") && f.Type != reflect.TypeFor[backend.Engine]() {
			out = append(out, leafFields(f.Type, path+".")...)
			continue
		}
		out = append(out, path)
	}
	return out
}

// Fields no flag sets are kept as the code wrote them.
func TestParseKeepsWhatNoFlagSets(t *testing.T) {
	bot := func(uint64, *engine.Input) bool { return false }
	in := desktop.Config{Name: "kept", Description: "d", LocalFlags: []string{"cheer"}, Bot: bot, SaveDir: "/tmp/x",
		Loop:   engine.Config{TimeScale: 2, Players: 3, ProfileLabels: true},
		Window: sdl2.Options{Title: "T", Width: 300, Height: 200, Fixed: true, LogicalWidth: 10, LogicalHeight: 10},
		Debug:  desktop.Debug{NoFullscreenKey: true, NoScreenshotKey: true},
		Net:    desktop.NetOptions{ListenAll: true}}
	out, err := desktop.Parse(&flagged{}, in, nil)
	if err != nil {
		t.Fatal(err)
	}
	if out.Bot == nil {
		t.Fatal("Parse dropped Config.Bot")
	}
	out.Bot, in.Bot = nil, nil
	out.Loop.TPS, out.Loop.FPS, out.Loop.MaxSteps, out.Seed, out.Sound.Volume, out.Net.DropAfter, out.Net.JoinTimeout = 0, 0, 0, 0, 0, 0, 0
	if !reflect.DeepEqual(in, out) {
		t.Fatalf("Parse changed fields no flag sets:\n%+v\nbecame\n%+v", in, out)
	}
}

// A run from a Config written in code and one from the same values typed
// as flags record the same settings and end in the same state.
func TestAConfigInCodeAndTheSameFlagsRunTheSame(t *testing.T) {
	dir := t.TempDir()
	inCode := desktop.Config{Name: "same", Seed: 7, Physics: backend.Chipmunk, LocalFlags: []string{"cheer"},
		GameFlags: []tape.Setting{{Name: "speed", Value: "2.5"}, {Name: "cheer", Value: "true"}},
		Loop:      engine.Config{TPS: 30, Ticks: 20, Mode: engine.ModeUncapped},
		Window:    sdl2.Options{Headless: true},
		Output:    desktop.Output{Record: dir + "/code.tape", StatsJSON: dir + "/code.json", StatsOut: io.Discard}}
	var sum desktop.Summary
	var err error
	sdl.Do(func() { sum, err = desktop.Run(context.Background(), &flagged{}, inCode) })
	if err != nil {
		t.Fatal(err)
	}
	code, stderr := runWith(&flagged{}, desktop.Config{Name: "same", LocalFlags: []string{"cheer"}},
		"-seed", "7", "-physics", "chipmunk", "-speed", "2.5", "-cheer", "-tps", "30", "-ticks", "20", "-mode", "uncapped",
		"-headless", "-record", dir+"/flags.tape", "-stats-json", dir+"/flags.json")
	if code != 0 {
		t.Fatalf("the same run from flags: exit %d: %s", code, stderr)
	}
	a, err := tape.ReadFile(dir + "/code.tape")
	if err != nil {
		t.Fatal(err)
	}
	b, err := tape.ReadFile(dir + "/flags.tape")
	if err != nil {
		t.Fatal(err)
	}
	want := []tape.Setting{{Name: "physics", Value: "chipmunk"}, {Name: "seed", Value: "7"}, {Name: "speed", Value: "2.5"}, {Name: "tps", Value: "30"}}
	if !reflect.DeepEqual(a.Settings, want) || !reflect.DeepEqual(b.Settings, want) || a.Seed != b.Seed || a.TPS != b.TPS || a.Ticks != b.Ticks {
		t.Fatalf("recorded from code %+v, from flags %+v: want both to keep %v (not -cheer)", a.Header, b.Header, want)
	}
	var fromFlags desktop.Summary
	raw, err := os.ReadFile(dir + "/flags.json")
	if err == nil {
		err = json.Unmarshal(raw, &fromFlags)
	}
	if err != nil {
		t.Fatal(err)
	}
	if sum.StateHash != fromFlags.StateHash || sum.Ticks != fromFlags.Ticks || sum.Seed != fromFlags.Seed || sum.TPS != fromFlags.TPS {
		t.Fatalf("summaries differ: from code hash %s, %d ticks, seed %d, %d tps; from flags %s, %d, %d, %d",
			sum.StateHash, sum.Ticks, sum.Seed, sum.TPS, fromFlags.StateHash, fromFlags.Ticks, fromFlags.Seed, fromFlags.TPS)
	}
}
