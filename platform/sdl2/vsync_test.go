package sdl2

import (
	"flag"
	"os"
	"slices"
	"testing"
	"time"
)

var measureVSync = flag.Bool("vsync", false, "measure present intervals with vsync on and off (slow; a report, not an assertion)")

// TestMeasureVSync logs how presents are paced on each renderer with vsync
// off and on: offscreen always, X11 as well when DISPLAY is set. Timing is
// never asserted (CI machines vary); run with -vsync -v to read it.
func TestMeasureVSync(t *testing.T) {
	if !*measureVSync {
		t.Skip("a measurement: run with -vsync -v")
	}
	displays := []bool{true}
	if os.Getenv("DISPLAY") != "" {
		displays = append(displays, false)
	}
	for _, headless := range displays {
		for _, software := range []bool{false, true} {
			for _, how := range []string{"off", "on by SetVSync"} {
				opts := Options{Width: 640, Height: 360, Headless: headless, Software: software}
				var w *Window
				var err error
				onMain(func() { w, err = Open(opts) })
				if err != nil {
					t.Fatalf("Open(%+v): %v", opts, err)
				}
				var gaps []time.Duration
				onMain(func() {
					if how == "on by SetVSync" {
						err = w.SetVSync(true)
					}
					gaps = presentIntervals(w, 120)
				})
				if err != nil {
					t.Errorf("SetVSync(true): %v", err)
				}
				slices.Sort(gaps)
				p50, p90 := gaps[len(gaps)/2], gaps[len(gaps)*9/10]
				t.Logf("%-9s %-8s vsync %-14s: p50 %8v  p90 %8v  (%6.0f fps)  refresh period %v",
					w.Driver(), w.Renderer(), how, p50.Round(time.Microsecond), p90.Round(time.Microsecond),
					float64(time.Second)/float64(p50), w.RefreshPeriod())
				onMain(func() { w.Close() })
			}
		}
	}
}

// presentIntervals clears and presents n+1 frames and returns the n
// intervals between the presents' returns.
func presentIntervals(w *Window, n int) []time.Duration {
	gaps := make([]time.Duration, 0, n)
	c := w.Canvas()
	c.Clear(blue)
	w.Present()
	last := time.Now()
	for range n {
		c.Clear(blue)
		w.Present()
		now := time.Now()
		gaps = append(gaps, now.Sub(last))
		last = now
	}
	return gaps
}
