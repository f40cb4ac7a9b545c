// Package settings keeps what a player chooses (volumes, fullscreen,
// window size, control bindings, a game's own options) between runs, as
// one JSON file of a type the game defines.
//
// Open loads the file at start; Set saves it whenever a value changes,
// whole or not at all, through the game's save data (desktop.SaveData, or
// any Files). A damaged file (not JSON, or refused by the game's check) is
// kept beside it as NAME.damaged and the defaults are used, with a message
// saying so; the player's next change writes a good file again. Settings
// are the player's alone: they are never in recordings, and nothing a tick
// computes may depend on them (that is what flags are for).
package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
)

// Files is where settings are read and saved: desktop.SaveData is one.
type Files interface {
	Load(name string) ([]byte, error)
	Save(name string, data []byte) error
}

// MaxSize is the largest settings file Open reads: a settings file is a
// few kilobytes, so a larger one is damaged.
const MaxSize = 1 << 20

// Player is what a runner applies itself (volume, fullscreen, window
// size), and what most games let a player choose besides, for a game to
// embed in its settings type or to keep alone
// (desktop.Config.PlayerSettings). Start from DefaultPlayer: the zero
// Player is silent.
type Player struct {
	// Volume is the master volume, 0 (silent) to 1.
	Volume float64 `json:"volume"`
	// Music and Effects are the game's own volumes, 0 to 1.
	Music   float64 `json:"music"`
	Effects float64 `json:"effects"`
	// Fullscreen is desktop fullscreen; false: windowed.
	Fullscreen bool `json:"fullscreen"`
	// WindowWidth and WindowHeight are the windowed size in screen
	// coordinates; 0: the game's.
	WindowWidth  int `json:"window_width,omitempty"`
	WindowHeight int `json:"window_height,omitempty"`
	// Bindings are the player's controls by action (actions.Map.Bindings);
	// nil: the game's defaults.
	Bindings map[string][]string `json:"bindings,omitempty"`
}

// DefaultPlayer is every volume full, windowed at the game's size, the
// game's controls.
func DefaultPlayer() Player { return Player{Volume: 1, Music: 1, Effects: 1} }

// Check refuses values out of range.
func (p *Player) Check() error {
	for _, v := range []struct {
		name string
		v    float64
	}{{"volume", p.Volume}, {"music", p.Music}, {"effects", p.Effects}} {
		if !(v.v >= 0 && v.v <= 1) {
			return fmt.Errorf("%s %v: want 0 to 1", v.name, v.v)
		}
	}
	if p.WindowWidth < 0 || p.WindowHeight < 0 || p.WindowWidth > 16384 || p.WindowHeight > 16384 {
		return fmt.Errorf("window size %d×%d: want 0 to 16384 each", p.WindowWidth, p.WindowHeight)
	}
	return nil
}

// Store holds settings of type T: the loaded or default value, saved on
// each change. Use it from one goroutine.
type Store[T any] struct {
	files    Files
	name     string
	check    func(*T) error
	value    T
	saved    []byte // the JSON last loaded or saved
	onChange []func(T)
}

// Open loads the settings file name from files, or starts from defaults
// when there is none. check (nil: none) refuses values out of range. A
// damaged file is kept as name+".damaged" and the defaults are used: the
// returned message says so, to show the player; it is nil otherwise. An
// error is returned only when files fails to read (for a reason other
// than a missing file) or the damaged copy cannot be kept.
func Open[T any](files Files, name string, defaults T, check func(*T) error) (s *Store[T], message, err error) {
	s = &Store[T]{files: files, name: name, check: check, value: defaults}
	data, err := files.Load(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return s, nil, nil
	case err != nil:
		return s, nil, fmt.Errorf("settings: %w", err)
	}
	v, why := s.decode(data, defaults)
	if why == nil {
		s.value, s.saved = v, data
		return s, nil, nil
	}
	if err := files.Save(name+".damaged", data); err != nil {
		return s, nil, fmt.Errorf("settings: %s is damaged (%v), and keeping a copy failed: %w", name, why, err)
	}
	return s, fmt.Errorf("settings: %s is damaged (%w): kept as %s.damaged; the defaults are used until a setting changes", name, why, name), nil
}

// decode reads data over a copy of defaults, so fields the file lacks
// keep theirs.
func (s *Store[T]) decode(data []byte, defaults T) (T, error) {
	v := defaults
	if len(data) > MaxSize {
		return v, fmt.Errorf("%d bytes, more than %d", len(data), MaxSize)
	}
	d := json.NewDecoder(bytes.NewReader(data))
	if err := d.Decode(&v); err != nil {
		return defaults, err
	}
	if d.More() {
		return defaults, errors.New("more after the settings")
	}
	if s.check != nil {
		if err := s.check(&v); err != nil {
			return defaults, err
		}
	}
	return v, nil
}

// Get returns the settings.
func (s *Store[T]) Get() T { return s.value }

// Set checks v, and when it differs from what is saved, saves it and tells
// the OnChange functions. A refused v changes nothing; a failed save keeps
// v in force (the player's choice holds for this run) and returns why.
func (s *Store[T]) Set(v T) error {
	if s.check != nil {
		if err := s.check(&v); err != nil {
			return fmt.Errorf("settings: %w", err)
		}
	}
	data, err := json.MarshalIndent(v, "", "\t")
	if err != nil {
		return fmt.Errorf("settings: encode %s: %w", s.name, err)
	}
	s.value = v
	if bytes.Equal(data, s.saved) {
		return nil
	}
	for _, f := range s.onChange {
		f(v)
	}
	if err := s.files.Save(s.name, data); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	s.saved = data
	return nil
}

// Update is Set of Get changed by edit.
func (s *Store[T]) Update(edit func(*T)) error {
	v := s.Get()
	edit(&v)
	return s.Set(v)
}

// OnChange calls f with the new settings after every change Set makes.
func (s *Store[T]) OnChange(f func(T)) { s.onChange = append(s.onChange, f) }
