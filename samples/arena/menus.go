package main

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/platform/actions"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/settings"
	"github.com/lockstep-engine/lockstep/platform/ui"
)

// screen is which menu is open, if any.
type screen uint8

const (
	playing screen = iota
	title
	paused
	options
	confirmQuit
)

// screens are the menus and what they edit: a copy of the player's
// settings, written back on each change.
type screens struct {
	at, back     screen // the open one, and where Back from options goes
	title, pause ui.Menu
	opts         ui.Menu
	quit         ui.MessageBox
	player       *settings.Store[settings.Player]
	keys         *actions.Map
	model        settings.Player
	replay       bool
	log          func(msg string, args ...any)
}

func (s *screens) load(setup *desktop.Setup, keys *actions.Map, face *sdl2.Face) error {
	s.player, s.keys, s.replay, s.log = setup.Player, keys, setup.Replaying, setup.Log.Warn
	s.model = s.player.Get()
	st := ui.DefaultStyle(face)
	place := func(m *ui.Menu, name string, items ...ui.Item) {
		*m = ui.Menu{Title: name, Items: items, Style: st, X: 150, Y: 40, Width: 200}
	}
	place(&s.title, "ARENA", ui.Button("Play"), ui.Button("Settings"), ui.Button("Quit"))
	place(&s.pause, "Paused", ui.Button("Resume"), ui.Button("Settings"), ui.Button("Quit"))
	items := []ui.Item{ui.Toggle("Fullscreen", &s.model.Fullscreen), ui.Slider("Volume", &s.model.Volume, 0, 1, 0.1),
		ui.Slider("Music", &s.model.Music, 0, 1, 0.1)}
	for a := range actions.Action(keys.Len()) {
		items = append(items, ui.KeyRow(keys.Name(a), keys, a, 0))
	}
	place(&s.opts, "Settings", append(items, ui.Button("Default controls"), ui.Button("Back"))...)
	s.opts.Y = 12
	s.quit = ui.MessageBox{Text: "Quit the game? The gems you have are lost.", Buttons: []string{"Quit", "Stay"}, Style: st}
	s.at = title
	if s.replay {
		s.at = playing // a replay plays the recorded ticks, no menus
	}
	return nil
}

// Update runs the open menu, or opens the pause menu, and holds the loop
// while a menu is open. It returns engine.ErrQuit to quit.
func (g *game) Update(f *engine.Frame) error {
	s := &g.ui
	if s.replay {
		return nil
	}
	if err := s.update(f); err != nil {
		return err
	}
	f.Loop.SetPaused(s.at != playing || g.won())
	return nil
}

// update runs the open screen: playing opens the pause menu on Escape or
// a pad's Start. It returns engine.ErrQuit to quit.
func (s *screens) update(f *engine.Frame) error {
	in := &f.Input
	switch s.at {
	case playing:
		if in.Pressed.Has(engine.KeyEscape) || in.Pads[0].Pressed.Has(gamepad.Start) {
			s.at = paused
		}
	case title:
		return s.updateTitle(f)
	case paused:
		s.updatePause(f)
	case options:
		s.updateOptions(f)
	case confirmQuit:
		switch s.quit.Update(f) {
		case 0:
			return engine.ErrQuit
		case 1:
			s.at = paused
		}
	}
	return nil
}

// updateTitle runs the title menu: play, options or quit
// (engine.ErrQuit).
func (s *screens) updateTitle(f *engine.Frame) error {
	switch r := s.title.Update(f); {
	case r.Kind == ui.Activated && r.Item == 0:
		s.at = playing
	case r.Kind == ui.Activated && r.Item == 1:
		s.at, s.back, s.model = options, title, s.player.Get()
	case r.Kind == ui.Activated && r.Item == 2, r.Kind == ui.Back:
		return engine.ErrQuit
	}
	return nil
}

// updatePause runs the pause menu: resume, options or the quit question.
func (s *screens) updatePause(f *engine.Frame) {
	switch r := s.pause.Update(f); {
	case r.Kind == ui.Activated && r.Item == 0, r.Kind == ui.Back:
		s.at = playing
	case r.Kind == ui.Activated && r.Item == 1:
		s.at, s.back, s.model = options, paused, s.player.Get()
	case r.Kind == ui.Activated && r.Item == 2:
		s.at, s.quit.Focus = confirmQuit, 1
	}
}

// updateOptions runs the settings menu and saves each change.
func (s *screens) updateOptions(f *engine.Frame) {
	r := s.opts.Update(f)
	n := len(s.opts.Items)
	switch {
	case r.Kind == ui.Back || r.Kind == ui.Activated && r.Item == n-1:
		s.at = s.back
		return
	case r.Kind == ui.Activated && r.Item == n-2:
		s.keys.Reset()
	case r.Kind != ui.Changed:
		return
	}
	s.model.Bindings = s.keys.Bindings()
	if err := s.player.Set(s.model); err != nil {
		s.log("settings not saved", "err", err)
	}
	s.model = s.player.Get()
}
