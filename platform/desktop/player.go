package desktop

import (
	"github.com/lockstep-engine/lockstep/platform/audio"
	"github.com/lockstep-engine/lockstep/platform/settings"
)

// PlayerFile is the file in the save data where Config.PlayerSettings
// keeps the player's settings.
const PlayerFile = "player.json"

// loadPlayer opens the player's settings when Config.PlayerSettings asks
// for them, and lets them choose the window's fullscreen and size where
// the configuration (the command line) left the defaults. A damaged file
// is a warning: the run goes on with the defaults.
func (r *run) loadPlayer() error {
	if !r.cfg.PlayerSettings {
		return nil
	}
	save, err := newSaveData(r.cfg.SaveDir, r.name, r.cfg.Output.Replay != "", r.log)
	if err != nil {
		return err
	}
	store, msg, err := settings.Open(save, PlayerFile, settings.DefaultPlayer(), (*settings.Player).Check)
	if err != nil {
		return err
	}
	if msg != nil {
		r.log.Warn("player settings", "err", msg)
	}
	r.player = store
	p := store.Get()
	w := &r.cfg.Window
	w.Fullscreen = w.Fullscreen || p.Fullscreen
	if w.Width == 0 && w.Height == 0 && p.WindowWidth > 0 && p.WindowHeight > 0 {
		w.Width, w.Height = p.WindowWidth, p.WindowHeight
	}
	return nil
}

// wirePlayer applies the player's volumes to the mixer now and on every
// change, switches fullscreen when the setting changes, and keeps the
// setting in step when the window changes it (F11, Alt+Enter).
func (r *run) wirePlayer() {
	if r.player == nil {
		return
	}
	m := r.sound.mixer.Mixer()
	flagVolume := r.cfg.Sound.Volume // -volume scales the player's choice
	apply := func(p settings.Player) {
		m.SetVolume(audio.Master, p.Volume*flagVolume)
		m.SetVolume(audio.Music, p.Music)
		m.SetVolume(audio.Effects, p.Effects)
		if r.win.Fullscreen() != p.Fullscreen {
			if err := r.win.SetFullscreen(p.Fullscreen); err != nil {
				r.log.Warn("fullscreen", "err", err)
			}
		}
	}
	apply(r.player.Get())
	r.player.OnChange(apply)
	r.win.OnFullscreen(func(on bool) {
		if err := r.player.Update(func(p *settings.Player) { p.Fullscreen = on }); err != nil {
			r.log.Warn("player settings", "err", err)
		}
	})
}

// savePlayerWindow keeps the window's size for the next run, when the
// player left it windowed on a display: a headless window's size says
// nothing about the player's choice.
func (r *run) savePlayerWindow() {
	if r.player == nil || r.win.Headless() || r.win.Fullscreen() || r.win.Err() != nil {
		return
	}
	w, h := r.win.WindowSize()
	if err := r.player.Update(func(p *settings.Player) { p.WindowWidth, p.WindowHeight = w, h }); err != nil {
		r.log.Warn("player settings", "err", err)
	}
}
