package desktop_test

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// asGame names the environment variable that makes the test binary a
// game process for process-level tests: it runs desktop.Main with pulse
// and the command line it was given, and exits with its status.
const asGame = "LOCKSTEP_DESKTOP_TEST_GAME"

// The window wants the main OS thread: the main goroutine serves sdl.Do
// calls while tests run on others.
func TestMain(m *testing.M) {
	if os.Getenv(asGame) == "1" {
		desktop.Main(&pulse{}, desktop.Config{Name: "pulse"})
	}
	code := 1
	sdl.Main(func() { code = m.Run() })
	os.Exit(code)
}

// pulseRunning is the frame after which pulse says "running" on stdout,
// about a second into a vsync run.
const pulseRunning = 60

// pulse is the game of process-level tests: a box that moves each tick,
// drawn each frame. It says on stdout what a test waits for: "running"
// once it has been running a while, "hidden" once its window is.
type pulse struct {
	x, prevX         float64
	said, saidHidden bool
}

func (p *pulse) Update(f *engine.Frame) error {
	if !p.saidHidden && f.Window.Hidden {
		p.saidHidden = true
		fmt.Println("hidden")
	}
	return nil
}

func (*pulse) name() string { return "pulse" }

func (p *pulse) Tick(*engine.Tick) error {
	p.prevX, p.x = p.x, p.x+0.01
	return nil
}

func (p *pulse) Draw(c *sdl2.Canvas, f *engine.Frame) error {
	c.Clear(color.RGBA{R: 20, G: 20, B: 30, A: 255})
	c.SetTransform(sdl2.Camera{Zoom: 50}.Transform(c.Size()))
	c.Box(mgl64.Vec2{p.prevX + (p.x-p.prevX)*f.Alpha, 0}, mgl64.Vec2{1, 1}, 0, color.RGBA{R: 230, G: 110, B: 80, A: 255})
	if !p.said && f.N >= pulseRunning {
		p.said = true
		fmt.Println("running")
	}
	return nil
}

func (p *pulse) StateHash() uint64 { return math.Float64bits(p.x) }
