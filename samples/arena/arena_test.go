package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// SDL wants the main OS thread: the main goroutine serves sdl.Do.
func TestMain(m *testing.M) {
	code := 1
	sdl.Main(func() { code = m.Run() })
	os.Exit(code)
}

// key is one key event of a script.
type key struct {
	sc   sdl.Scancode
	down bool
}

// scripted is the game with a player's keys pushed at set frames, as a
// user's keys arrive.
type scripted struct {
	*game
	script map[int][]key
	frame  int
	menus  []screen // the screen open at each frame
}

func (s *scripted) Draw(c *sdl2.Canvas, f *engine.Frame) error {
	for _, k := range s.script[s.frame] {
		typ := uint32(sdl.KEYUP)
		if k.down {
			typ = sdl.KEYDOWN
		}
		e := &struct {
			e sdl.KeyboardEvent
			_ [64]byte // PushEvent reads a whole C SDL_Event
		}{e: sdl.KeyboardEvent{Type: typ, Keysym: sdl.Keysym{Scancode: k.sc}}}
		sdl.PushEvent(&e.e)
	}
	s.menus = append(s.menus, s.ui.at)
	s.frame++
	return s.game.Draw(c, f)
}

func tap(sc sdl.Scancode) []key { return []key{{sc, true}, {sc, false}} }

func taps(sc sdl.Scancode, n int) []key {
	var out []key
	for range n {
		out = append(out, tap(sc)...)
	}
	return out
}

// The player opens Settings, moves to "dash" with six taps of Down in one
// frame (each one counted), rebinds it to K, goes back and plays: holds
// Right, dashes with K, pauses and resumes. The run is recorded, its
// settings saved; the recording replays to the same state with no saved
// settings at all.
func TestAScriptedRunThroughMenusRebindingAndAReplay(t *testing.T) {
	dir := t.TempDir()
	script := map[int][]key{
		3:  tap(sdl.SCANCODE_DOWN),   // title: Settings
		4:  tap(sdl.SCANCODE_RETURN), // open it
		6:  taps(sdl.SCANCODE_DOWN, 7),
		16: tap(sdl.SCANCODE_RETURN), // capture for dash
		17: tap(sdl.SCANCODE_K),
		18: tap(sdl.SCANCODE_ESCAPE), // back to the title
		19: tap(sdl.SCANCODE_UP),
		20: tap(sdl.SCANCODE_RETURN), // play
		22: {{sdl.SCANCODE_RIGHT, true}},
		40: tap(sdl.SCANCODE_K), // dash, bound a moment ago
		60: tap(sdl.SCANCODE_ESCAPE),
		62: tap(sdl.SCANCODE_RETURN), // resume
		70: {{sdl.SCANCODE_RIGHT, false}, {sdl.SCANCODE_UP, true}},
		90: {{sdl.SCANCODE_UP, false}},
	}
	g := &scripted{game: newGame(), script: script}
	cfg := config()
	cfg.SaveDir = filepath.Join(dir, "save")
	cfg.Window.Headless = true
	cfg.Loop = engine.Config{Mode: engine.ModeCap, FPS: 60, Frames: 110}
	cfg.Output.Record = filepath.Join(dir, "run.tape")
	if shots := os.Getenv("LOCKSTEP_SHOTS"); shots != "" {
		cfg.Output.Screenshot = filepath.Join(shots, "arena.png")
	}
	var sum desktop.Summary
	var err error
	sdl.Do(func() { sum, err = desktop.Run(context.Background(), g, cfg) })
	if err != nil {
		t.Fatal(err)
	}
	if g.menus[5] != options || g.menus[19] != title || g.menus[25] != playing || g.menus[61] != paused || g.menus[65] != playing {
		t.Fatalf("screens by frame %v: want options at 5, the title at 19, playing at 25, paused at 61, playing at 65", g.menus)
	}
	if b := g.keys.Binding(actDash, 0); b.String() != "K" {
		t.Fatalf("dash is bound to %v, want K; focus %d, note %q, bindings %v", b, g.ui.opts.Focus, g.ui.opts.Note, g.keys.Bindings())
	}
	saved, err := os.ReadFile(filepath.Join(cfg.SaveDir, desktop.PlayerFile))
	if err != nil || !strings.Contains(string(saved), `"K"`) {
		t.Fatalf("saved settings %s (%v): want dash on K", saved, err)
	}
	if sum.Ticks < 30 {
		t.Fatalf("%d ticks: the run played too little", sum.Ticks)
	}
	moved := g.view.follow.Camera().Center
	if moved[0] <= 20 {
		t.Errorf("the camera is at %v: the player did not move right", moved)
	}

	// The replay: another save directory (no settings, default bindings),
	// and no keys.
	r := config()
	r.SaveDir = filepath.Join(dir, "elsewhere")
	r.Window.Headless = true
	r.Output.Replay = cfg.Output.Record
	var rsum desktop.Summary
	sdl.Do(func() { rsum, err = desktop.Run(context.Background(), newGame(), r) })
	if err != nil {
		t.Fatal(err)
	}
	if rsum.StateHash != sum.StateHash || rsum.Ticks != sum.Ticks {
		t.Errorf("replay: %d ticks, hash %s; recorded %d ticks, hash %s", rsum.Ticks, rsum.StateHash, sum.Ticks, sum.StateHash)
	}
}
