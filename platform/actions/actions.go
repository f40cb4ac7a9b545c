// Package actions lets a game name what the player does (move, fire,
// confirm, back) and lets the player choose the controls for it.
//
// A game lists its actions with default bindings (keys, mouse buttons,
// controller buttons and axes), hands the Map to its window
// (sdl2.Window.SetEventWrapper), and reads actions where it read keys:
// fire.Pressed(&t.Input). The Map sits between the window's events and the
// loop: each action is a key of its own in engine.Input (Action.Key, at the
// top of the key range where no keyboard has keys), going down when any of
// its bindings does. So what a tick sees, what a recording stores and what
// netplay sends are the actions as the player's bindings made them; a
// replay, or a peer, needs none of the player's bindings, and a player
// rebinding mid-run changes nothing already recorded. The physical keys
// stay in Input too (menus and text fields read them), and are recorded
// as well; a game's Tick should read actions only.
//
// Rebinding: Capture, then Captured in a later frame returns the next
// control the player pressed (swallowed: the game does not see it), and
// Rebind moves it to an action, swapping with the action that had it and
// saying so. Bindings save as text (Bindings, SetBindings) for the
// player's settings.
package actions

import (
	"errors"
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// MaxActions is how many actions a Map holds.
const MaxActions = 32

// Slots is how many bindings an action has.
const Slots = 3

// firstKey is Action(0)'s key: the top MaxActions keys of engine.KeySet,
// past every scancode SDL has.
const firstKey = engine.NumKeys - MaxActions

// Action is one of a Map's actions, by its place in the list given to New.
type Action uint8

// Key returns the key that stands for the action in engine.Input.
func (a Action) Key() engine.Key { return firstKey + engine.Key(a) }

// Down reports whether the action is held in in.
func (a Action) Down(in *engine.Input) bool { return in.Down.Has(a.Key()) }

// Pressed reports whether the action went down since the tick (or frame)
// before.
func (a Action) Pressed(in *engine.Input) bool { return in.Pressed.Has(a.Key()) }

// Released reports whether the action went up since the tick (or frame)
// before.
func (a Action) Released(in *engine.Input) bool { return in.Released.Has(a.Key()) }

// Def names an action and its default bindings (at most Slots).
type Def struct {
	Name     string
	Defaults []Binding
}

// Map is a game's actions and the player's bindings for them. It is an
// host.EventSink in front of the loop's: see Wrap. Use it from the main
// goroutine only.
type Map struct {
	defs  []Def
	binds [][Slots]Binding
	on    []bool // each action as last reported

	next     host.EventSink
	keys     engine.KeySet
	buttons  mouse.ButtonSet
	pads     [gamepad.Max]gamepad.ButtonSet
	axes     [gamepad.Max][gamepad.NumAxes]int8 // each axis past half its travel: -1, 0, +1
	capture  bool
	captured Binding
	got      bool
}

// New makes a Map of defs, each action bound to its defaults.
func New(defs []Def) (*Map, error) {
	if len(defs) == 0 || len(defs) > MaxActions {
		return nil, fmt.Errorf("actions: %d actions: want 1 to %d", len(defs), MaxActions)
	}
	m := &Map{defs: defs, binds: make([][Slots]Binding, len(defs)), on: make([]bool, len(defs))}
	seen := map[string]bool{}
	for i, d := range defs {
		if d.Name == "" || seen[d.Name] {
			return nil, fmt.Errorf("actions: action %d is named %q: want a name, and each once", i, d.Name)
		}
		seen[d.Name] = true
		if len(d.Defaults) > Slots {
			return nil, fmt.Errorf("actions: %s has %d default bindings: at most %d", d.Name, len(d.Defaults), Slots)
		}
		copy(m.binds[i][:], d.Defaults)
	}
	return m, nil
}

// Len returns how many actions the map has.
func (m *Map) Len() int { return len(m.defs) }

// Name returns action a's name.
func (m *Map) Name(a Action) string { return m.defs[a].Name }

// Action returns the action named name.
func (m *Map) Action(name string) (Action, bool) {
	for i, d := range m.defs {
		if d.Name == name {
			return Action(i), true
		}
	}
	return 0, false
}

// Binding returns action a's binding in slot (0 to Slots-1); the zero
// Binding when the slot is empty.
func (m *Map) Binding(a Action, slot int) Binding { return m.binds[a][slot] }

// Reset binds every action to its defaults again.
func (m *Map) Reset() {
	for i, d := range m.defs {
		m.binds[i] = [Slots]Binding{}
		copy(m.binds[i][:], d.Defaults)
	}
}

// Conflict is what Rebind did to another action that had the binding.
type Conflict struct {
	Action Action  // the action that had it
	Slot   int     // in this slot
	Now    Binding // and has now: the binding the rebound slot had (maybe none)
}

// Rebind binds b to action a in slot. When another action (or another
// slot of a) had b, that slot takes the binding a's slot had, so no
// binding is lost and none is on two actions, and Rebind reports it.
func (m *Map) Rebind(a Action, slot int, b Binding) (Conflict, bool, error) {
	if int(a) >= len(m.defs) || slot < 0 || slot >= Slots {
		return Conflict{}, false, fmt.Errorf("actions: Rebind action %d slot %d: want an action below %d and a slot below %d", a, slot, len(m.defs), Slots)
	}
	old := m.binds[a][slot]
	m.binds[a][slot] = b
	if b.Source == None {
		return Conflict{}, false, nil
	}
	for i := range m.binds {
		for s := range Slots {
			if (Action(i) != a || s != slot) && m.binds[i][s] == b {
				m.binds[i][s] = old
				return Conflict{Action: Action(i), Slot: s, Now: old}, true, nil
			}
		}
	}
	return Conflict{}, false, nil
}

// Capture makes the next control the player presses (a key, a mouse or
// controller button, an axis pushed most of the way) the answer of
// Captured instead of input to the game.
func (m *Map) Capture() { m.capture, m.got = true, false }

// Capturing reports whether Capture waits for a control.
func (m *Map) Capturing() bool { return m.capture }

// CancelCapture stops waiting for a control.
func (m *Map) CancelCapture() { m.capture = false }

// Captured returns the control pressed since Capture, once; false while
// none was.
func (m *Map) Captured() (Binding, bool) {
	if !m.got {
		return Binding{}, false
	}
	m.got = false
	return m.captured, true
}

// Bindings returns every action's bindings as text (Binding.String), by
// action name: for the player's settings.
func (m *Map) Bindings() map[string][]string {
	out := make(map[string][]string, len(m.defs))
	for i, d := range m.defs {
		var names []string
		for _, b := range m.binds[i] {
			names = append(names, b.String())
		}
		out[d.Name] = names
	}
	return out
}

// SetBindings binds the actions named in saved as it says (as Bindings
// wrote it); actions it does not name keep theirs. Names of no action and
// controls of no name are errors, and change nothing.
func (m *Map) SetBindings(saved map[string][]string) error {
	binds := make([][Slots]Binding, len(m.binds))
	copy(binds, m.binds)
	var errs []error
	for name, list := range saved {
		a, ok := m.Action(name)
		if !ok {
			errs = append(errs, fmt.Errorf("actions: no action is named %q", name))
			continue
		}
		if len(list) > Slots {
			errs = append(errs, fmt.Errorf("actions: %s has %d bindings: at most %d", name, len(list), Slots))
			continue
		}
		binds[a] = [Slots]Binding{}
		for s, text := range list {
			b, err := ParseBinding(text)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", name, err))
			}
			binds[a][s] = b
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	m.binds = binds
	return nil
}
