// Package ui draws menus and settings screens and moves through them with
// keys, game controllers and the mouse: lists of buttons, toggles,
// sliders, choices and key-capture rows, and message boxes.
//
// A menu is the player's, never the simulation's: call Update from the
// game's Update (once a frame, with the frame's input) and Draw from its
// Draw, never from Tick. Every press reaches it (the engine counts presses
// between frames), so a menu drawn at 8 frames a second moves four rows
// for four presses. Updating and drawing a menu allocate nothing.
package ui

import (
	"image/color"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/lockstep-engine/lockstep/platform/actions"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// Kind says what an Update did.
type Kind uint8

// The kinds of result.
const (
	Nothing   Kind = iota // nothing the game needs to know
	Activated             // a Button was chosen
	Changed               // a Toggle, Slider, Choice or KeyRow changed
	Back                  // the player asked to leave (Escape, controller B, right click)
)

// Result is what Update did: Kind, and the item it concerns (its index in
// Items; -1 for Back and Nothing).
type Result struct {
	Kind Kind
	Item int
}

// Style is how menus look. The zero Style is unusable: start from
// DefaultStyle with a face.
type Style struct {
	Face                     *sdl2.Face // labels and values
	Text, Focus, Dim, Accent color.RGBA
	Panel                    color.RGBA // behind a message box
	RowGap                   float64    // space between rows, in canvas units
}

// DefaultStyle is light text on the game's background, the focused row
// in yellow, in face.
func DefaultStyle(face *sdl2.Face) Style {
	return Style{Face: face, Text: color.RGBA{220, 220, 220, 255}, Focus: color.RGBA{255, 220, 60, 255},
		Dim: color.RGBA{130, 130, 130, 255}, Accent: color.RGBA{90, 160, 255, 255},
		Panel: color.RGBA{20, 24, 36, 240}, RowGap: 6}
}

// Menu is a list of items, one of them focused, drawn as rows in a
// column. Its fields are the game's to set; the zero Focus is the first
// item.
type Menu struct {
	Title string
	Items []Item
	Focus int
	Style Style
	// X, Y and Width place the menu in canvas units: the title's top-left
	// corner and the width of its rows.
	X, Y, Width float64

	// Note is a line under the rows (a conflict Rebind reported, a hint);
	// "": none.
	Note string

	num          []byte  // value text, reused every frame
	rowTop, rowH float64 // where the first row starts and each row's height, from the last Draw
	lastX, lastY float64 // the pointer at the last Update
	dragging     bool    // a slider follows the pointer
	capturing    int     // the KeyRow waiting for a control, plus one; 0: none
}

// nav is the frame's navigation, from keys, controllers and the mouse.
type nav struct {
	up, down, left, right, ok, back bool
}

// navOf reads navigation from in: arrows or WASD, Return, Space or Escape;
// any controller's d-pad, A and B; the left stick moves as the d-pad
// does (as a press when it crosses half its travel, which Pad edges do
// not carry: a menu uses the d-pad).
func navOf(in *engine.Input) nav {
	k := func(keys ...engine.Key) bool {
		for _, key := range keys {
			if in.Pressed.Has(key) {
				return true
			}
		}
		return false
	}
	n := nav{
		up:    k(engine.KeyUp, engine.KeyW),
		down:  k(engine.KeyDown, engine.KeyS),
		left:  k(engine.KeyLeft, engine.KeyA),
		right: k(engine.KeyRight, engine.KeyD),
		ok:    k(engine.KeyEnter, engine.KeySpace, engine.KeyKeypadEnter),
		back:  k(engine.KeyEscape, engine.KeyBackspace),
	}
	for i := range in.Pads {
		p := &in.Pads[i]
		n.up = n.up || p.Pressed.Has(gamepad.Up)
		n.down = n.down || p.Pressed.Has(gamepad.Down)
		n.left = n.left || p.Pressed.Has(gamepad.Left)
		n.right = n.right || p.Pressed.Has(gamepad.Right)
		n.ok = n.ok || p.Pressed.Has(gamepad.A) || p.Pressed.Has(gamepad.Start)
		n.back = n.back || p.Pressed.Has(gamepad.B)
	}
	n.back = n.back || in.ButtonsPressed.Has(mouse.Right)
	return n
}

// Update moves the focus and changes items from the frame's input: Up and
// Down move, Left and Right change a slider or choice, Return (A) activates
// or toggles, Escape (B) is Back; the pointer focuses the row it is over
// and a click activates it (a slider takes the click's place along it).
// While a KeyRow captures, the menu waits for it.
func (m *Menu) Update(f *engine.Frame) Result {
	if len(m.Items) == 0 {
		return Result{Kind: Nothing, Item: -1}
	}
	m.Focus = min(max(m.Focus, 0), len(m.Items)-1)
	if r, waiting := m.capture(); waiting {
		return r
	}
	in := &f.Input
	n := navOf(in)
	if r, ok := m.pointer(in); ok {
		return r
	}
	switch {
	case n.back:
		return Result{Kind: Back, Item: -1}
	case n.up:
		m.Focus = (m.Focus + len(m.Items) - 1) % len(m.Items)
	case n.down:
		m.Focus = (m.Focus + 1) % len(m.Items)
	case n.left, n.right:
		d := 1
		if n.left {
			d = -1
		}
		if m.Items[m.Focus].step(d) {
			return Result{Kind: Changed, Item: m.Focus}
		}
	case n.ok:
		return m.activate(m.Focus)
	}
	return Result{Kind: Nothing, Item: -1}
}

// activate does what choosing item i does.
func (m *Menu) activate(i int) Result {
	it := m.Items[i]
	switch it.Kind {
	case ButtonItem:
		return Result{Kind: Activated, Item: i}
	case KeyItem:
		m.Note = ""
		it.Keys.Capture()
		m.capturing = i + 1
		return Result{Kind: Nothing, Item: -1}
	}
	if it.step(1) {
		return Result{Kind: Changed, Item: i}
	}
	return Result{Kind: Nothing, Item: -1}
}

// pointer focuses the row under the pointer and acts on a click.
func (m *Menu) pointer(in *engine.Input) (Result, bool) {
	if m.rowH <= 0 {
		return Result{}, false
	}
	x, y := in.Mouse()
	i := int((y - m.rowTop) / m.rowH)
	over := x >= m.X && x < m.X+m.Width && y >= m.rowTop && i >= 0 && i < len(m.Items)
	if !in.Buttons.Has(mouse.Left) {
		m.dragging = false
	}
	moved := x != m.lastX || y != m.lastY
	m.lastX, m.lastY = x, y
	if over && moved && !m.dragging {
		m.Focus = i
	}
	it := &m.Items[m.Focus]
	if m.dragging && it.Kind == SliderItem {
		return Result{Kind: Changed, Item: m.Focus}, it.slideTo((x - m.X - m.Width/2) / (m.Width / 2))
	}
	if !over || !in.ButtonsPressed.Has(mouse.Left) {
		return Result{}, false
	}
	m.Focus = i
	if m.Items[i].Kind == SliderItem {
		m.dragging = true
		return Result{Kind: Changed, Item: i}, m.Items[i].slideTo((x - m.X - m.Width/2) / (m.Width / 2))
	}
	return m.activate(i), true
}

// capture finishes a KeyRow's capture when the control arrived; while
// one waits, the menu does nothing else.
func (m *Menu) capture() (Result, bool) {
	if m.capturing <= 0 || m.capturing > len(m.Items) {
		m.capturing = 0
		return Result{}, false
	}
	i := m.capturing - 1
	it := &m.Items[i]
	b, ok := it.Keys.Captured()
	if !ok {
		if it.Keys.Capturing() {
			return Result{Kind: Nothing, Item: -1}, true
		}
		m.capturing = 0 // cancelled elsewhere
		return Result{}, false
	}
	m.capturing = 0
	if b.Source == actions.Key && b.Key == engine.KeyEscape {
		return Result{Kind: Nothing, Item: -1}, true // left as it was
	}
	c, clash, err := it.Keys.Rebind(it.Action, it.Slot, b)
	switch {
	case err != nil:
		m.Note = err.Error()
	case clash:
		m.Note = it.Keys.Name(c.Action) + " had " + b.String() + ": now " + nonEmpty(c.Now.String())
	}
	return Result{Kind: Changed, Item: i}, true
}

func nonEmpty(s string) string {
	if s == "" {
		return "nothing"
	}
	return s
}

// Draw draws the title, the rows (label at the left, value at the right,
// the focused one highlighted) and the note, and remembers where the rows
// are for the pointer.
func (m *Menu) Draw(c *sdl2.Canvas) {
	st := &m.Style
	if st.Face == nil {
		return
	}
	lh := st.Face.LineHeight()
	y := m.Y
	if m.Title != "" {
		c.DrawText(st.Face, m.X, y, m.Title, st.Accent)
		y += lh * 1.5
	}
	m.rowTop, m.rowH = y, lh+st.RowGap
	for i := range m.Items {
		it := &m.Items[i]
		col := st.Text
		if i == m.Focus {
			col = st.Focus
			c.FillRect(m.X-8, y-st.RowGap/2, 4, m.rowH, st.Focus)
		}
		c.DrawText(st.Face, m.X, y, it.Label, col)
		m.drawValue(c, it, y, col)
		y += m.rowH
	}
	if m.Note != "" {
		c.DrawText(st.Face, m.X, y+st.RowGap, m.Note, st.Dim)
	}
}

// drawValue draws an item's value at the right of its row.
func (m *Menu) drawValue(c *sdl2.Canvas, it *Item, y float64, col color.RGBA) {
	st := &m.Style
	right := m.X + m.Width
	m.num = m.num[:0]
	switch it.Kind {
	case ToggleItem:
		if *it.On {
			m.num = append(m.num, "On"...)
		} else {
			m.num = append(m.num, "Off"...)
		}
	case ChoiceItem:
		if n := len(it.Options); n > 0 {
			m.num = append(m.num, it.Options[min(max(*it.Index, 0), n-1)]...)
		}
	case KeyItem:
		switch {
		case it.Keys.Capturing() && m.capturing > 0 && it == &m.Items[m.capturing-1]:
			m.num = append(m.num, "press a key..."...)
		default:
			m.num = it.Keys.Binding(it.Action, it.Slot).Append(m.num)
			if len(m.num) == 0 {
				m.num = append(m.num, "nothing"...)
			}
		}
	case SliderItem:
		w := m.Width / 2
		frac := (*it.Value - it.Min) / (it.Max - it.Min)
		h := st.Face.LineHeight() / 3
		c.FillRect(right-w, y+h, w, h, st.Dim)
		c.FillRect(right-w, y+h, w*frac, h, col)
		return
	default:
		return
	}
	c.DrawTextBytes(st.Face, right-st.Face.WidthBytes(m.num), y, m.num, col)
}
