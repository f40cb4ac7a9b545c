package ui

import (
	"os"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/lockstep-engine/lockstep/platform/actions"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
	"golang.org/x/image/font/gofont/goregular"
)

// SDL wants the main OS thread: the main goroutine serves sdl.Do.
func TestMain(m *testing.M) {
	code := 1
	sdl.Main(func() { code = m.Run() })
	os.Exit(code)
}

// screen is a headless window and a face on it, for menus to draw on.
func screen(t *testing.T) (*sdl2.Window, *sdl2.Face) {
	t.Helper()
	var w *sdl2.Window
	var face *sdl2.Face
	var err error
	sdl.Do(func() {
		if w, err = sdl2.Open(sdl2.Options{Headless: true, Width: 320, Height: 240}); err != nil {
			return
		}
		var f *sdl2.Font
		if f, err = sdl2.ParseFont(goregular.TTF); err == nil {
			face, err = w.Canvas().Face(f, 16)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sdl.Do(func() { w.Close() }) })
	return w, face
}

func press(keys ...engine.Key) *engine.Frame {
	f := &engine.Frame{}
	for _, k := range keys {
		f.Input.Pressed.Add(k)
	}
	return f
}

func padPress(b gamepad.Button) *engine.Frame {
	f := &engine.Frame{}
	f.Input.Pads[1].Connected = true
	f.Input.Pads[1].Pressed = 1 << b
	return f
}

type settingsModel struct {
	full   bool
	volume float64
	diff   int
}

func newMenu(m *settingsModel, face *sdl2.Face) *Menu {
	return &Menu{Title: "Settings", X: 20, Y: 10, Width: 260, Style: DefaultStyle(face), Items: []Item{
		Toggle("Fullscreen", &m.full),
		Slider("Volume", &m.volume, 0, 1, 0.25),
		Choice("Difficulty", []string{"easy", "normal", "hard"}, &m.diff),
		Button("Back"),
	}}
}

func TestAMenuMovesWithKeysAndPadsAndChangesItsItems(t *testing.T) {
	_, face := screen(t)
	model := &settingsModel{volume: 0.5}
	m := newMenu(model, face)
	steps := []struct {
		name  string
		frame *engine.Frame
		kind  Kind
		focus int
	}{
		{"Return toggles", press(engine.KeyEnter), Changed, 0},
		{"Down moves", press(engine.KeyDown), Nothing, 1},
		{"Right raises the slider", press(engine.KeyRight), Changed, 1},
		{"d-pad down", padPress(gamepad.Down), Nothing, 2},
		{"Left wraps the choice", press(engine.KeyLeft), Changed, 2},
		{"S moves down", press(engine.KeyS), Nothing, 3},
		{"A chooses the button", padPress(gamepad.A), Activated, 3},
		{"Down wraps to the top", press(engine.KeyDown), Nothing, 0},
		{"Escape is Back", press(engine.KeyEscape), Back, 0},
		{"B is Back", padPress(gamepad.B), Back, 0},
	}
	for _, s := range steps {
		r := m.Update(s.frame)
		if r.Kind != s.kind || m.Focus != s.focus {
			t.Errorf("%s: %+v, focus %d; want kind %d, focus %d", s.name, r, m.Focus, s.kind, s.focus)
		}
	}
	if !model.full || model.volume != 0.75 || model.diff != 2 {
		t.Errorf("the model is %+v; want fullscreen, volume 0.75, hard", *model)
	}
}

func TestAMenuFollowsThePointer(t *testing.T) {
	w, face := screen(t)
	model := &settingsModel{volume: 0.5}
	m := newMenu(model, face)
	var rowH, top float64
	sdl.Do(func() {
		m.Draw(w.Canvas())
		rowH, top = m.rowH, m.rowTop
	})
	at := func(x, y float64, click bool) *engine.Frame {
		f := &engine.Frame{}
		f.Input.MouseX, f.Input.MouseY = x, y
		if click {
			f.Input.ButtonsPressed = 1 << mouse.Left
			f.Input.Buttons = 1 << mouse.Left
		}
		return f
	}
	if r := m.Update(at(40, top+2.5*rowH, false)); r.Kind != Nothing || m.Focus != 2 {
		t.Errorf("hovering the third row: %+v, focus %d", r, m.Focus)
	}
	if r := m.Update(at(40, top+3.5*rowH, true)); r.Kind != Activated || r.Item != 3 {
		t.Errorf("clicking the button: %+v", r)
	}
	// The slider spans the right half of the row: a click at its end is 1.
	if r := m.Update(at(m.X+m.Width-1, top+1.5*rowH, true)); r.Kind != Changed || model.volume < 0.99 {
		t.Errorf("clicking the slider's end: %+v, volume %v", r, model.volume)
	}
	if r := m.Update(at(400, 400, false)); r.Kind != Nothing || m.Focus != 1 {
		t.Errorf("the pointer outside: %+v, focus %d", r, m.Focus)
	}
}

func TestAKeyRowCapturesAndReportsTheConflict(t *testing.T) {
	_, face := screen(t)
	keys, err := actions.New([]actions.Def{
		{Name: "fire", Defaults: []actions.Binding{actions.KeyBinding(engine.KeySpace)}},
		{Name: "jump", Defaults: []actions.Binding{actions.KeyBinding(engine.KeyJ)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	m := &Menu{Style: DefaultStyle(face), Width: 200, Items: []Item{KeyRow("Fire", keys, 0, 0), KeyRow("Jump", keys, 1, 0)}}
	m.Update(press(engine.KeyEnter))
	if !keys.Capturing() {
		t.Fatal("Return on a key row did not start a capture")
	}
	if r := m.Update(press(engine.KeyDown)); r.Kind != Nothing || m.Focus != 0 {
		t.Fatalf("while capturing the menu moved: %+v focus %d", r, m.Focus)
	}
	sink := &nullSink{}
	keys.Wrap(sink).Key(engine.KeyJ, true) // the player presses J
	r := m.Update(&engine.Frame{})
	if r.Kind != Changed || r.Item != 0 {
		t.Fatalf("after the capture: %+v", r)
	}
	if keys.Binding(0, 0) != actions.KeyBinding(engine.KeyJ) || keys.Binding(1, 0) != actions.KeyBinding(engine.KeySpace) {
		t.Errorf("fire %v, jump %v: want J and Space (swapped)", keys.Binding(0, 0), keys.Binding(1, 0))
	}
	if m.Note != "jump had J: now Space" {
		t.Errorf("note %q", m.Note)
	}
	m.Update(press(engine.KeyEnter))
	keys.Wrap(sink).Key(engine.KeyEscape, true)
	m.Update(&engine.Frame{})
	if keys.Binding(0, 0) != actions.KeyBinding(engine.KeyJ) {
		t.Error("Escape during a capture changed the binding")
	}
}

func TestAMessageBoxChooses(t *testing.T) {
	w, face := screen(t)
	b := &MessageBox{Text: "Quit to the title? Your run is lost.", Buttons: []string{"Yes", "No"}, Style: DefaultStyle(face)}
	sdl.Do(func() { b.Draw(w.Canvas()) })
	for _, s := range []struct {
		name  string
		frame *engine.Frame
		want  int
	}{
		{"nothing", &engine.Frame{}, -1},
		{"right", press(engine.KeyRight), -1},
		{"return chooses No", press(engine.KeyEnter), 1},
		{"escape is the last", press(engine.KeyEscape), 1},
		{"left then A", press(engine.KeyLeft), -1},
		{"A chooses Yes", padPress(gamepad.A), 0},
	} {
		if got := b.Update(s.frame); got != s.want {
			t.Errorf("%s: %d, want %d", s.name, got, s.want)
		}
	}
}

func TestMenusAllocateNothingOnceWarm(t *testing.T) {
	w, face := screen(t)
	model := &settingsModel{volume: 0.5}
	m := newMenu(model, face)
	keys, err := actions.New([]actions.Def{{Name: "fire", Defaults: []actions.Binding{actions.PadBinding(gamepad.A), actions.AxisBinding(gamepad.LeftX, 1)}}})
	if err != nil {
		t.Fatal(err)
	}
	m.Items = append(m.Items, KeyRow("Fire", keys, 0, 0), KeyRow("Fire", keys, 0, 1), KeyRow("Fire", keys, 0, 2))
	box := &MessageBox{Text: "Are you sure?", Buttons: []string{"Yes", "No"}, Style: DefaultStyle(face)}
	var allocs float64
	sdl.Do(func() {
		c := w.Canvas()
		frames := []*engine.Frame{press(engine.KeyDown), press(engine.KeyRight), padPress(gamepad.Up), {}}
		i := 0
		frame := func() {
			m.Update(frames[i%len(frames)])
			box.Update(frames[i%len(frames)])
			i++
			c.Clear(DefaultStyle(face).Panel)
			m.Draw(c)
			box.Draw(c)
			w.Present()
		}
		frame()
		allocs = testing.AllocsPerRun(50, frame)
		if dir := os.Getenv("LOCKSTEP_SHOTS"); dir != "" {
			m.Draw(c)
			w.Screenshot(dir + "/menu.png")
		}
	})
	if allocs != 0 {
		t.Errorf("a menu frame allocated %v times, want 0", allocs)
	}
}

type nullSink struct{}

func (nullSink) Key(engine.Key, bool)                {}
func (nullSink) Button(mouse.Button, bool)           {}
func (nullSink) Pointer(float64, float64)            {}
func (nullSink) Scroll(int32, int32)                 {}
func (nullSink) Text([]byte)                         {}
func (nullSink) PadConnected(int, bool)              {}
func (nullSink) PadButton(int, gamepad.Button, bool) {}
func (nullSink) PadAxis(int, gamepad.Axis, int16)    {}
func (nullSink) Window(engine.WindowState)           {}
func (nullSink) Quit()                               {}
