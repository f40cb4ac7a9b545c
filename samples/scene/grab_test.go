package scene

import (
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// The pointer is mapped through the window size that came with the tick's
// input, not the window the run happens to have: a recording replayed in
// another window (or none) grabs what the recorded run grabbed.
func TestGrabMapsThePointerThroughTheInputsWindow(t *testing.T) {
	for _, tc := range []struct {
		name          string
		x, y          float64
		width, height int32
		wantHold      bool
	}{
		// The ball sits at world (2, 1): 100 px right of and 50 px above
		// the centre of whatever window, at 50 px per unit.
		{"1280x720 over the ball", 740, 310, 1280, 720, true},
		{"800x600 over the ball", 500, 250, 800, 600, true},
		{"the 1280x720 pixel in an 800x600 window", 740, 310, 800, 600, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := backend.New(backend.Chipmunk, physics.Config{Iterations: 10})
			if err != nil {
				t.Fatal(err)
			}
			ball := physics.CircleShape(0.5)
			if _, err := w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{2, 1}, Mass: 1, Shapes: []physics.Shape{ball}}); err != nil {
				t.Fatal(err)
			}
			view := View{Camera: sdl2.Camera{Zoom: 50}}
			var g Grab
			tk := engine.Tick{Input: engine.Input{MouseX: tc.x, MouseY: tc.y,
				WindowWidth: tc.width, WindowHeight: tc.height}}
			tk.Input.Buttons |= 1 << mouse.Left
			tk.Input.ButtonsPressed |= 1 << mouse.Left
			if err := g.Tick(w, &tk, &view); err != nil {
				t.Fatal(err)
			}
			if g.holding != tc.wantHold {
				t.Fatalf("holding = %v, want %v", g.holding, tc.wantHold)
			}
		})
	}
}

// A body held under a still pointer stays there: the grab holds it by the
// point that was clicked, in the body's coordinates, not by a world point
// read as a body-local one (which dragged it towards the world's origin).
func TestGrabbedBodyStaysUnderAStillPointer(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pos   mgl64.Vec2
		angle float64
		click mgl64.Vec2 // world point clicked, on the body
	}{
		{"centre of a box far from the origin", mgl64.Vec2{6, 3}, 0, mgl64.Vec2{6, 3}},
		{"corner of a turned box", mgl64.Vec2{-5, 2}, 0.7, mgl64.Vec2{-5.3, 2.2}},
	} {
		for _, e := range backend.Built() {
			t.Run(tc.name+"/"+e.String(), func(t *testing.T) {
				if d := holdStill(t, e, tc.pos, tc.angle, tc.click); d > 0.1 {
					t.Errorf("after 90 ticks the clicked point is %.3f units from the still pointer: want within 0.1", d)
				}
			})
		}
	}
}

// holdStill grabs a box at pos and angle by the world point click on
// engine e, holds the pointer there for 90 ticks, and returns how far the
// clicked point of the body then is from the pointer.
func holdStill(t *testing.T, e backend.Engine, pos mgl64.Vec2, angle float64, click mgl64.Vec2) float64 {
	t.Helper()
	w, err := backend.New(e, physics.Config{Gravity: mgl64.Vec2{0, -9.8}, Iterations: 10})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	id, err := w.AddBody(physics.BodyDef{Pos: pos, Angle: angle, Mass: 1,
		Shapes: []physics.Shape{physics.BoxShape(1.2, 1.2)}})
	if err != nil {
		t.Fatal(err)
	}
	const zoom, width, height = 50, 1280, 720
	view := View{Camera: sdl2.Camera{Zoom: zoom}}
	px, py := width/2+click.X()*zoom, height/2-click.Y()*zoom // where click is drawn
	local := mgl64.Rotate2D(-angle).Mul2x1(click.Sub(pos))
	var g Grab
	for n := range 90 {
		tk := engine.Tick{N: uint64(n), Input: engine.Input{MouseX: px, MouseY: py, WindowWidth: width, WindowHeight: height}}
		tk.Input.Buttons |= 1 << mouse.Left
		if n == 0 {
			tk.Input.ButtonsPressed |= 1 << mouse.Left
		}
		if err := g.Tick(w, &tk, &view); err != nil {
			t.Fatal(err)
		}
		if err := w.Step(time.Second / 60); err != nil {
			t.Fatal(err)
		}
	}
	if !g.holding {
		t.Fatal("the click did not grab the body")
	}
	st, err := w.State(id)
	if err != nil {
		t.Fatal(err)
	}
	return st.Pos.Add(mgl64.Rotate2D(st.Angle).Mul2x1(local)).Sub(click).Len()
}
