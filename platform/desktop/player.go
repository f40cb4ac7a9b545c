package desktop

import (
	"log/slog"

	"github.com/lockstep-engine/lockstep/platform/audio"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/settings"
)

// PlayerFile is the file in the save data where Config.PlayerSettings
// keeps the player's settings.
const PlayerFile = "player.json"

// player is a run's player settings (Config.PlayerSettings): opened once
// from the Config, before the window, and then wired to the window and
// the mixer and kept up to date without it. A nil *player keeps none.
type player struct {
	store *settings.Store[settings.Player]
	// volume is -volume, which scales the player's master volume.
	volume float64
	log    *slog.Logger
}

// openPlayer opens the player's settings when c.PlayerSettings asks for
// them (nil otherwise), and lets them choose the window's fullscreen and
// size in c where the configuration (the command line) left the
// defaults. A damaged file is a warning: the run goes on with the
// defaults.
func openPlayer(c *Config) (*player, error) {
	if !c.PlayerSettings {
		return nil, nil
	}
	save, err := newSaveData(c.SaveDir, c.Name, c.Output.Replay != "", c.Logger)
	if err != nil {
		return nil, err
	}
	store, msg, err := settings.Open(save, PlayerFile, settings.DefaultPlayer(), (*settings.Player).Check)
	if err != nil {
		return nil, err
	}
	if msg != nil {
		c.Logger.Warn("player settings", "err", msg)
	}
	p := store.Get()
	w := &c.Window
	w.Fullscreen = w.Fullscreen || p.Fullscreen
	if w.Width == 0 && w.Height == 0 && p.WindowWidth > 0 && p.WindowHeight > 0 {
		w.Width, w.Height = p.WindowWidth, p.WindowHeight
	}
	return &player{store: store, volume: c.Sound.Volume, log: c.Logger}, nil
}

// settings is the store a game's Setup hands it; nil without.
func (p *player) settings() *settings.Store[settings.Player] {
	if p == nil {
		return nil
	}
	return p.store
}

// wire applies the player's volumes to the mixer m now and on every
// change, switches win's fullscreen when the setting changes, and keeps
// the setting in step when the window changes it (F11, Alt+Enter).
func (p *player) wire(m *audio.Mixer, win *sdl2.Window) {
	if p == nil {
		return
	}
	apply := func(s settings.Player) {
		m.SetVolume(audio.Master, s.Volume*p.volume)
		m.SetVolume(audio.Music, s.Music)
		m.SetVolume(audio.Effects, s.Effects)
		if win.Fullscreen() != s.Fullscreen {
			if err := win.SetFullscreen(s.Fullscreen); err != nil {
				p.log.Warn("fullscreen", "err", err)
			}
		}
	}
	apply(p.store.Get())
	p.store.OnChange(apply)
	win.OnFullscreen(func(on bool) {
		if err := p.store.Update(func(s *settings.Player) { s.Fullscreen = on }); err != nil {
			p.log.Warn("player settings", "err", err)
		}
	})
}

// saveWindow keeps win's size for the next run, when the player left it
// windowed on a display: a headless window's size says nothing about the
// player's choice.
func (p *player) saveWindow(win *sdl2.Window) {
	if p == nil || win.Headless() || win.Fullscreen() || win.Err() != nil {
		return
	}
	w, h := win.WindowSize()
	if err := p.store.Update(func(s *settings.Player) { s.WindowWidth, s.WindowHeight = w, h }); err != nil {
		p.log.Warn("player settings", "err", err)
	}
}
