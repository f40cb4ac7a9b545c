package ui

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// MessageBox is text in a panel with a row of buttons ("Quit to the
// title?" Yes / No), drawn over the game, centred on the canvas. Left and
// Right (or the pointer) move between the buttons; Return, A or a click
// chooses; Escape or B chooses the last button.
type MessageBox struct {
	Text    string
	Buttons []string // at least one; the last is what Back chooses
	Focus   int
	Style   Style
	Width   float64 // the panel's width in canvas units; 0: half the canvas

	block   sdl2.TextBlock
	buttons [8]struct{ x, y, w, h float64 } // where the buttons were drawn
}

// Update reads the frame's input and returns the chosen button's index,
// or -1 while none is.
func (b *MessageBox) Update(f *engine.Frame) int {
	n := min(len(b.Buttons), len(b.buttons))
	if n == 0 {
		return -1
	}
	b.Focus = min(max(b.Focus, 0), n-1)
	in := &f.Input
	x, y := in.Mouse()
	for i := range n {
		r := &b.buttons[i]
		if x >= r.x && x < r.x+r.w && y >= r.y && y < r.y+r.h {
			b.Focus = i
			if in.ButtonsPressed.Has(mouse.Left) {
				return i
			}
		}
	}
	nv := navOf(in)
	switch {
	case nv.back:
		return n - 1
	case nv.ok:
		return b.Focus
	case nv.left || nv.up:
		b.Focus = (b.Focus + n - 1) % n
	case nv.right || nv.down:
		b.Focus = (b.Focus + 1) % n
	}
	return -1
}

// Draw draws the panel, the text wrapped to it, and the buttons.
func (b *MessageBox) Draw(c *sdl2.Canvas) {
	st := &b.Style
	if st.Face == nil {
		return
	}
	cw, ch := c.Size()
	w := b.Width
	if w <= 0 {
		w = float64(cw) / 2
	}
	pad := st.Face.LineHeight()
	b.block.Face, b.block.Text, b.block.Width, b.block.Align = st.Face, b.Text, w-2*pad, sdl2.AlignCenter
	_, th := b.block.Measure()
	lh := st.Face.LineHeight()
	h := th + 3*pad + lh
	x, y := (float64(cw)-w)/2, (float64(ch)-h)/2
	c.FillRect(x, y, w, h, st.Panel)
	c.DrawTextBlock(&b.block, x+pad, y+pad, st.Text)
	n := min(len(b.Buttons), len(b.buttons))
	slot := (w - 2*pad) / float64(max(n, 1))
	by := y + pad + th + pad
	for i := range n {
		label := b.Buttons[i]
		lw := st.Face.Width(label)
		bx := x + pad + slot*float64(i) + (slot-lw)/2
		col := st.Text
		if i == b.Focus {
			col = st.Focus
			c.FillRect(bx-4, by+lh, lw+8, 2, st.Focus)
		}
		c.DrawText(st.Face, bx, by, label, col)
		b.buttons[i] = struct{ x, y, w, h float64 }{bx - 4, by, lw + 8, lh}
	}
}
