package ui

import "github.com/lockstep-engine/lockstep/platform/actions"

// ItemKind is what kind of row an Item is.
type ItemKind uint8

// The kinds of row.
const (
	ButtonItem ItemKind = iota // chosen with Return, A or a click: Activated
	ToggleItem                 // On flips
	SliderItem                 // Value moves by Step between Min and Max
	ChoiceItem                 // Index steps through Options
	KeyItem                    // captures a control for an action's binding
)

// Item is one row of a menu. Make it with Button, Toggle, Slider, Choice
// or KeyRow; the value it edits stays the game's (a pointer into its
// settings), so a menu holds no copy to fall out of step.
type Item struct {
	Kind  ItemKind
	Label string

	On *bool // ToggleItem's value

	Value          *float64 // SliderItem's value
	Min, Max, Step float64

	Options []string // ChoiceItem's options
	Index   *int     // and which is chosen

	Keys   *actions.Map // KeyItem's map
	Action actions.Action
	Slot   int
}

// Button is a row that is chosen.
func Button(label string) Item { return Item{Kind: ButtonItem, Label: label} }

// Toggle is a row that flips *on.
func Toggle(label string, on *bool) Item { return Item{Kind: ToggleItem, Label: label, On: on} }

// Slider is a row that moves *v by step between lo and hi.
func Slider(label string, v *float64, lo, hi, step float64) Item {
	return Item{Kind: SliderItem, Label: label, Value: v, Min: lo, Max: hi, Step: step}
}

// Choice is a row that steps *index through options, wrapping around.
func Choice(label string, options []string, index *int) Item {
	return Item{Kind: ChoiceItem, Label: label, Options: options, Index: index}
}

// KeyRow is a row that shows action a's binding in slot of m and, chosen,
// captures the next control the player presses for it (Escape leaves it
// as it was); a conflict with another action swaps their bindings and the
// menu's Note says so.
func KeyRow(label string, m *actions.Map, a actions.Action, slot int) Item {
	return Item{Kind: KeyItem, Label: label, Keys: m, Action: a, Slot: slot}
}

// step changes the item's value by d steps (-1 or +1) and reports whether
// it changed.
func (it *Item) step(d int) bool {
	switch it.Kind {
	case ToggleItem:
		*it.On = !*it.On
		return true
	case SliderItem:
		return it.setValue(*it.Value + float64(d)*it.Step)
	case ChoiceItem:
		if n := len(it.Options); n > 0 {
			*it.Index = ((*it.Index+d)%n + n) % n
			return true
		}
	}
	return false
}

// slideTo puts a slider at frac of its travel (0 to 1, clamped).
func (it *Item) slideTo(frac float64) bool {
	frac = min(max(frac, 0), 1)
	return it.setValue(it.Min + frac*(it.Max-it.Min))
}

// setValue sets a slider's value, clamped, and reports whether it changed.
func (it *Item) setValue(v float64) bool {
	v = min(max(v, it.Min), it.Max)
	if v == *it.Value {
		return false
	}
	*it.Value = v
	return true
}
