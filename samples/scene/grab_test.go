package scene

import (
	"testing"

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
