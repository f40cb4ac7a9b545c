package host_test

import (
	"context"
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// counter moves a point at a constant speed in fixed ticks and reports
// where it would be drawn.
type counter struct {
	x, prevX float64
	drawn    float64
}

func (c *counter) Tick(t *engine.Tick) error {
	c.prevX = c.x
	c.x += 2 * t.DT.Seconds() // 2 units per second, whatever the frame rate
	return nil
}

func (c *counter) Draw(f *engine.Frame) error {
	c.drawn = c.prevX + (c.x-c.prevX)*f.Alpha
	return nil
}

func ExampleRun() {
	g := &counter{}
	// No platform: nothing is drawn or polled, which suits a server or a
	// test. A game passes its window as Wiring.Platform.
	sum, err := host.Run(context.Background(), engine.Config{
		TPS:   50,
		Mode:  engine.ModeUncapped,
		Ticks: 10, // a fifth of a simulated second, exactly
	}, engine.Parts{Tick: g.Tick, Draw: g.Draw}, host.Wiring{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d ticks, x = %.2f\n", sum.Ticks, g.x)
	// Output: 10 ticks, x = 0.40
}

// The loop's idle-time hook, between presenting a frame and the next
// deadline.
func ExampleIdleGC() {
	gc := host.NewIdleGC(host.IdleGCConfig{})
	defer gc.Stop()

	deadline := time.Now().Add(10 * time.Millisecond) // the next frame's
	const renderMargin = time.Millisecond
	gc.Collect(time.Until(deadline) - renderMargin)
}
