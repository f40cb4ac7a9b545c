package sdl2

import (
	"testing"

	"github.com/veandco/go-sdl2/sdl"
)

func BenchmarkPollEvents(b *testing.B) {
	w := openHeadless(b, Options{})
	var in sink
	b.Run("none", func(b *testing.B) {
		onMain(func() {
			for b.Loop() {
				w.PollEvents(&in)
			}
		})
	})
	evs := hundredEvents(w.id)
	// Pushing is part of each iteration; subtract "push100" for the poll.
	b.Run("push100", func(b *testing.B) {
		onMain(func() {
			for b.Loop() {
				push(evs...)
				sdl.FlushEvents(sdl.FIRSTEVENT, sdl.LASTEVENT)
			}
		})
	})
	b.Run("push100+poll", func(b *testing.B) {
		onMain(func() {
			for b.Loop() {
				push(evs...)
				w.PollEvents(&in)
			}
		})
	})
}

func BenchmarkCircles10k(b *testing.B) {
	for _, r := range []struct {
		name     string
		software bool
	}{{"gpu", false}, {"software", true}} {
		b.Run(r.name, func(b *testing.B) {
			w := openHeadless(b, Options{Width: 1280, Height: 720, Software: r.software})
			c := w.Canvas()
			b.Run("build", func(b *testing.B) {
				onMain(func() {
					for b.Loop() {
						manyCircles(c, 10000)
						c.verts, c.idx = c.verts[:0], c.idx[:0]
					}
				})
			})
			b.Run("build+draw+present", func(b *testing.B) {
				onMain(func() {
					for b.Loop() {
						manyCircles(c, 10000)
						if err := w.Present(); err != nil {
							b.Error(err)
						}
					}
				})
			})
			b.Run("present-empty", func(b *testing.B) {
				onMain(func() {
					for b.Loop() {
						c.Clear(blue)
						if err := w.Present(); err != nil {
							b.Error(err)
						}
					}
				})
			})
		})
	}
}

func BenchmarkHUD(b *testing.B) {
	w := openHeadless(b, Options{Width: 1280, Height: 720})
	c := w.Canvas()
	times := frameTimes()
	onMain(func() {
		for b.Loop() {
			c.DrawHUD(testHUD(times))
			if err := c.Flush(); err != nil {
				b.Error(err)
			}
		}
	})
}
