package scene

import (
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/chipmunk"
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
			w, err := chipmunk.New(physics.Config{Iterations: 10})
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
			tk.Input.Buttons |= 1 << engine.MouseLeft
			tk.Input.ButtonsPressed |= 1 << engine.MouseLeft
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
		t.Run(tc.name, func(t *testing.T) {
			w, err := chipmunk.New(physics.Config{Gravity: mgl64.Vec2{0, -9.8}, Iterations: 10})
			if err != nil {
				t.Fatal(err)
			}
			id, err := w.AddBody(physics.BodyDef{Pos: tc.pos, Angle: tc.angle, Mass: 1,
				Shapes: []physics.Shape{physics.BoxShape(1.2, 1.2)}})
			if err != nil {
				t.Fatal(err)
			}
			cam := sdl2.Camera{Zoom: 50}
			view := View{Camera: cam}
			const width, height = 1280, 720
			// The pixel the clicked world point is drawn at.
			px := width/2 + tc.click.X()*50
			py := height/2 - tc.click.Y()*50
			var g Grab
			st0, _ := w.State(id)
			local := mgl64.Rotate2D(-st0.Angle).Mul2x1(tc.click.Sub(st0.Pos))
			for n := range 90 {
				tk := engine.Tick{N: uint64(n), Input: engine.Input{MouseX: px, MouseY: py, WindowWidth: width, WindowHeight: height}}
				tk.Input.Buttons |= 1 << engine.MouseLeft
				if n == 0 {
					tk.Input.ButtonsPressed |= 1 << engine.MouseLeft
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
			st, _ := w.State(id)
			held := st.Pos.Add(mgl64.Rotate2D(st.Angle).Mul2x1(local))
			if d := held.Sub(tc.click).Len(); d > 0.1 {
				t.Errorf("after 90 ticks the clicked point is %.3f units from the still pointer (at %v, want %v): want within 0.1", d, held, tc.click)
			}
		})
	}
}
