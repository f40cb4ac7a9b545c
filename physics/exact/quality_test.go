package exact_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/exact"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

// TestStepAllocatesNothingOnceWarm steps a settling pile with joints and
// contact reports: once its memory has grown, a step allocates nothing.
func TestStepAllocatesNothingOnceWarm(t *testing.T) {
	reports := 0
	cfg := physics.Config{Gravity: down, Sleep: true, OnContact: func(physics.Contact) error { reports++; return nil }}
	w, err := exact.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := physicstest.Pile(w, 300, 3); err != nil {
		t.Fatal(err)
	}
	if err := joints(w); err != nil {
		t.Fatal(err)
	}
	var snap []physics.BodyState
	step := func() {
		if err := w.Step(tick); err != nil {
			t.Fatal(err)
		}
		snap = w.Snapshot(snap)
	}
	for range 120 {
		step()
	}
	if n := testing.AllocsPerRun(200, step); n != 0 {
		t.Errorf("a step of a warm world made %v allocations, want 0", n)
	}
	if reports == 0 {
		t.Error("no contacts were reported: the case means to count their reports too")
	}
}

// TestPyramidStandsAMinute stacks a pyramid of 20 rows (210 boxes) and
// lets it stand for 60 s: no box may drift more than 2 cm from where it
// settled after the first second, nor turn more than 0.01 rad. It logs
// the drift, which the README quotes.
func TestPyramidStandsAMinute(t *testing.T) {
	if testing.Short() {
		t.Skip("3,600 steps of 210 boxes: left to the run without -short")
	}
	w, err := exact.New(physics.Config{Gravity: down})
	if err != nil {
		t.Fatal(err)
	}
	if err := pyramid(w, 20); err != nil {
		t.Fatal(err)
	}
	var settled, now []physics.BodyState
	for i := 1; i <= 3600; i++ {
		if err := w.Step(tick); err != nil {
			t.Fatal(err)
		}
		if i == 60 {
			settled = w.Snapshot(nil)
		}
	}
	now = w.Snapshot(now)
	var drift, turn, speed float64
	for i := range now {
		drift = max(drift, now[i].Pos.Sub(settled[i].Pos).Len())
		turn = max(turn, math.Abs(now[i].Angle-settled[i].Angle))
		speed = max(speed, now[i].Vel.Len())
	}
	t.Logf("20-row pyramid over 59 s: largest drift %.3g, turn %.3g rad, speed at the end %.3g", drift, turn, speed)
	if drift > 0.02 || turn > 0.01 {
		t.Errorf("the pyramid moved: a box drifted %.4f and turned %.4f rad in 59 s, want under 0.02 and 0.01", drift, turn)
	}
	top := now[len(now)-1].Pos.Y()
	if !(top > 19) {
		t.Errorf("the pyramid's top box is at y %.3f, want it on top of 19 rows (about 19.5)", top)
	}
}

// TestFastBallDoesNotTunnel throws balls of radius 0.1 at walls 0.1
// thick at up to 300 units a second (5 units a step, 25 times the ball's
// size; the samples' balls move at 20 at most): every ball bounces back
// (restitution 0.5 × 1), none passes.
func TestFastBallDoesNotTunnel(t *testing.T) {
	for _, speed := range []float64{20, 60, 120, 300} {
		for _, wall := range []string{"box", "segment"} {
			w, err := exact.New(physics.Config{})
			if err != nil {
				t.Fatal(err)
			}
			s := physics.BoxShape(0.1, 4)
			if wall == "segment" {
				s = physics.SegmentShape(mgl64.Vec2{0, -2}, mgl64.Vec2{0, 2}, 0.05)
			}
			s.Restitution = 1
			if _, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{10, 0}, Shapes: []physics.Shape{s}}); err != nil {
				t.Fatal(err)
			}
			ball := physics.CircleShape(0.1)
			ball.Density, ball.Restitution = 1, 0.5
			id, err := w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{0.3, 0}, Vel: mgl64.Vec2{speed, 0.37}, Bullet: true, Shapes: []physics.Shape{ball}})
			if err != nil {
				t.Fatal(err)
			}
			for range 120 {
				if err := w.Step(tick); err != nil {
					t.Fatal(err)
				}
				if st, _ := w.State(id); st.Pos.X() > 10 {
					t.Fatalf("a ball at %v units/s passed a %s wall 0.1 thick: at %v", speed, wall, st.Pos)
				}
			}
			if st, _ := w.State(id); !(st.Vel.X() < 0) {
				t.Errorf("a ball at %v units/s did not bounce back from the %s wall: moving %v after 2 s", speed, wall, st.Vel)
			}
		}
	}
}
