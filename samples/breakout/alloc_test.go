package main

import (
	"runtime"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// mallocs counts the heap allocations f makes.
func mallocs(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs
}

func TestTicksOfPlayAllocateNextToNothing(t *testing.T) {
	// Chipmunk (cp) allocates for every colliding pair and contact in its
	// steps, which this game cannot help; Box2D allocates nothing, and the
	// exact engine nothing once its memory has grown to the most contacts
	// seen, which leaves the game's own tick: launching, aiming, breaking
	// bricks.
	limit := map[backend.Engine]float64{backend.Chipmunk: 2, backend.Box2D: 0.01, backend.Exact: 0.01}
	for _, e := range backend.Built() {
		t.Run(e.String(), func(t *testing.T) {
			s := newSim(t, e, 3, numBricks)
			s.served()
			s.idle(10, engine.Input{})
			const ticks = 3000
			var in engine.Input
			playing := 0
			n := mallocs(func() {
				for i := range ticks {
					// Follow the ball with the pointer, a little off, and
					// serve again when it is lost.
					in.Pressed = engine.KeySet{}
					if s.ball != 0 {
						b, _ := s.world.State(s.ball)
						in.MouseX = canvasW/2 + b.Pos.X()*zoom + float64(i%7-3)
					} else {
						in.Pressed.Add(engine.KeySpace)
					}
					s.tick(in)
					if s.ball != 0 {
						playing++
					}
				}
			})
			if playing < ticks/2 || s.serves+s.broken < 5 {
				t.Fatalf("the ball was in play %d of %d ticks, %d serves and %d bricks: want most of them, and 5 or more", playing, ticks, s.serves, s.broken)
			}
			t.Logf("%d allocations in %d ticks, the ball in play in %d, %d bricks broken", n, ticks, playing, s.broken)
			if per := float64(n) / ticks; per > limit[e] {
				t.Errorf("%d allocations in %d ticks (%.3f a tick, %d bricks broken), want at most %v a tick", n, ticks, per, s.broken, limit[e])
			}
		})
	}
}

// drawCounter counts what Draw allocates once the first frames are done.
type drawCounter struct {
	*pilot
	frames, allocs uint64
	screens        map[screen]bool
}

func (d *drawCounter) Draw(c *sdl2.Canvas, f *engine.Frame) error {
	var err error
	n := mallocs(func() { err = d.pilot.Draw(c, f) })
	if f.N >= 30 { // the faces rasterise the arrows of the title's help once
		d.frames++
		d.allocs += n
		d.screens[d.screen] = true
	}
	return err
}

func TestDrawingAllocatesNothingOnceWarm(t *testing.T) {
	d := &drawCounter{pilot: &pilot{game: newGame(), plan: plan{start: sdl.SCANCODE_SPACE, launchKey: sdl.SCANCODE_SPACE,
		pauseAt: 60, pauseFor: 30}}, screens: map[screen]bool{}}
	// The fast clock advances at every reading, and the loop reads it at
	// every phase switch, so a frame's length grows with its phases: at
	// dt/16 a frame grew long enough, once flush and the prediction's
	// phases were added, that the title (left at tick 20 at the soonest)
	// was gone before frame 30, where counting starts. dt/32 keeps it on
	// screen past frame 30.
	if _, err := execute(t, d, host.NewFastClock(dt/32), "-headless", "-mode", "uncapped", "-ticks", "400"); err != nil {
		t.Fatal(err)
	}
	if !d.screens[onTitle] || !d.screens[serving] || !d.screens[playing] {
		t.Errorf("frames drawn on screens %v, want the title, a serve and play", d.screens)
	}
	if d.allocs != 0 {
		t.Errorf("%d allocations in %d frames drawn, want none", d.allocs, d.frames)
	}
}
