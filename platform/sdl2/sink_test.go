package sdl2

import "github.com/lockstep-engine/lockstep/engine"

// sink records what PollEvents reports, as the loop's collector would for
// one frame: held keys and buttons, this poll's edges, pointer, wheel,
// text, window and quit. It allocates nothing.
type sink struct {
	in     engine.Input
	text   [64]byte
	n      int
	window engine.WindowState
	quit   bool
}

func (s *sink) Key(k engine.Key, down bool) {
	if s.in.Down.Has(k) == down {
		return
	}
	if down {
		s.in.Down.Add(k)
		s.in.Pressed.Add(k)
	} else {
		s.in.Down.Remove(k)
		s.in.Released.Add(k)
	}
}

func (s *sink) Button(b engine.MouseButton, down bool) {
	bit := engine.ButtonSet(1) << b
	if down {
		s.in.Buttons |= bit
		s.in.ButtonsPressed |= bit
	} else {
		s.in.Buttons &^= bit
		s.in.ButtonsReleased |= bit
	}
}

func (s *sink) Pointer(x, y float64) { s.in.MouseX, s.in.MouseY = x, y }
func (s *sink) Scroll(dx, dy int32)  { s.in.WheelX += dx; s.in.WheelY += dy }
func (s *sink) Text(b []byte)        { s.n += copy(s.text[s.n:], b) }
func (s *sink) Quit()                { s.quit = true }
func (s *sink) Window(w engine.WindowState) {
	w.Resized = s.window.Resized || w.Width != s.window.Width || w.Height != s.window.Height
	s.window = w
}
func (s *sink) typed() string { return string(s.text[:s.n]) }
