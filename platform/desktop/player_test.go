package desktop_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/audio"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/settings"
	"github.com/veandco/go-sdl2/sdl"
)

// chooser reads the player's settings at start, then in its third frame
// turns the music down and presses F11, as a player does.
type chooser struct {
	setup       *desktop.Setup
	startVolume float64
	full        bool
	frames      int
	err         error
}

func (c *chooser) Start(s *desktop.Setup) error {
	c.setup = s
	if s.Player != nil {
		c.startVolume = s.Audio.Volume(audio.Master)
		c.full = s.Window.Fullscreen()
	}
	return nil
}

func (*chooser) Tick(*engine.Tick) error { return nil }

func (c *chooser) Draw(*sdl2.Canvas, *engine.Frame) error {
	if c.frames == 2 && c.setup.Player != nil {
		c.err = c.setup.Player.Update(func(p *settings.Player) { p.Music = 0.25 })
		pushKey(sdl.SCANCODE_F11) // out of fullscreen, by the runner's hotkey
	}
	c.frames++
	return nil
}

func TestThePlayersSettingsAreAppliedAndKeptInStep(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, desktop.PlayerFile)
	if err := os.WriteFile(file, []byte(`{"volume": 0.5, "music": 1, "effects": 1, "fullscreen": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	g := &chooser{}
	cfg := desktop.Config{Window: sdl2.Options{Headless: true}, SaveDir: dir, PlayerSettings: true,
		Loop: engine.Config{Mode: engine.ModeUncapped, Frames: 6}}
	var err error
	sdl.Do(func() { _, err = desktop.Run(context.Background(), g, cfg) })
	if err != nil || g.err != nil {
		t.Fatal(err, g.err)
	}
	if g.startVolume != 0.5 || !g.full {
		t.Errorf("at start: master volume %v, fullscreen %v; want the saved 0.5 and true", g.startVolume, g.full)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	saved := string(b)
	if !strings.Contains(saved, `"music": 0.25`) || !strings.Contains(saved, `"fullscreen": false`) {
		t.Errorf("saved %s: want music 0.25 and fullscreen false (F11)", saved)
	}
}

func TestADamagedPlayerFileIsKeptAndTheDefaultsUsed(t *testing.T) {
	dir := t.TempDir()
	bad := []byte(`{"volume": 0.5,`)
	if err := os.WriteFile(filepath.Join(dir, desktop.PlayerFile), bad, 0o644); err != nil {
		t.Fatal(err)
	}
	g := &chooser{}
	cfg := desktop.Config{Window: sdl2.Options{Headless: true}, SaveDir: dir, PlayerSettings: true,
		Loop: engine.Config{Mode: engine.ModeUncapped, Frames: 1}}
	var err error
	sdl.Do(func() { _, err = desktop.Run(context.Background(), g, cfg) })
	if err != nil {
		t.Fatal(err)
	}
	kept, _ := os.ReadFile(filepath.Join(dir, desktop.PlayerFile+".damaged"))
	if string(kept) != string(bad) || g.startVolume != 1 || g.full {
		t.Errorf("kept %q, volume %v, fullscreen %v; want the damaged file kept and the defaults (1, false)", kept, g.startVolume, g.full)
	}
}
