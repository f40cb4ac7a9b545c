package main

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"strconv"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// latencyChild, set to a script seed, makes this test binary a peer of
// BenchmarkProcessLatency instead of running tests: the scripted game
// below plays a session with the desktop flags on its command line and
// prints its presses and frames on stdout as it ends.
const latencyChild = "LOCKSTEP_LATENCY_PEER"

// latencyGame is the benchmark's scripted game: each player's marker
// moves one unit a tick right while Right is held and left while Left
// is. A change of direction is therefore visible in the first frame that
// draws a tick played with it, which is what the benchmark looks for.
type latencyGame struct {
	x       [maxPlayers]int64
	rec     *latencyRecord
	slot    int
	players int // the session's players, from 2 to maxPlayers
}

// latencyRecord is what one peer process saw: the script's key changes
// and, for every frame drawn, when and with which positions.
type latencyRecord struct {
	script  *rand.Rand
	now     time.Time // the frame's start, after its events were polled
	next    time.Time // the script's next key change; zero before the session
	right   bool      // the key the script holds: Right, else Left
	presses []latencyPress
	frames  []latencyFrame
}

// latencyPress is one key change of the script: when, and to which
// direction (+1 right, -1 left).
type latencyPress struct {
	at  time.Time
	dir int
}

// latencyFrame is one drawn frame: when its Draw ended (the present
// follows at once: headless, nothing waits for a display) and each
// player's marker.
type latencyFrame struct {
	at time.Time
	x  [maxPlayers]int64
}

// The script holds one direction for a stretch drawn from 400 to 600 ms,
// long enough for every configuration's latency to show a change before
// the next.
const (
	scriptMin  = 400 * time.Millisecond
	scriptSpan = 200 * time.Millisecond
)

// bot plays this machine's player (desktop.Config.Bot): the key the
// script holds at the frame's start, as a keyboard polled then would
// give. The script starts at the first tick of the session.
func (r *latencyRecord) bot(_ uint64, in *engine.Input) bool {
	if r.next.IsZero() {
		r.right = true
		r.next = r.now.Add(r.stretch())
	}
	for !r.now.Before(r.next) {
		r.right = !r.right
		dir := -1
		if r.right {
			dir = 1
		}
		r.presses = append(r.presses, latencyPress{at: r.next, dir: dir})
		r.next = r.next.Add(r.stretch())
	}
	*in = engine.Input{}
	if r.right {
		in.Down.Add(engine.KeyRight)
	} else {
		in.Down.Add(engine.KeyLeft)
	}
	return true
}

func (r *latencyRecord) stretch() time.Duration {
	return scriptMin + time.Duration(r.script.Int64N(int64(scriptSpan)))
}

// Start notes this peer's slot and the session's players.
func (g *latencyGame) Start(s *desktop.Setup) error {
	g.slot, g.players = s.Slot, s.Players
	return nil
}

// Update notes when the frame started, for the script.
func (g *latencyGame) Update(*engine.Frame) error {
	g.rec.now = time.Now()
	return nil
}

// Tick moves each marker by its player's held direction.
func (g *latencyGame) Tick(t *engine.Tick) error {
	for i := range min(len(t.Players), len(g.x)) {
		if t.Players[i].Down.Has(engine.KeyRight) {
			g.x[i]++
		}
		if t.Players[i].Down.Has(engine.KeyLeft) {
			g.x[i]--
		}
	}
	return nil
}

// Draw draws the players' markers and notes the frame.
func (g *latencyGame) Draw(c *sdl2.Canvas, _ *engine.Frame) error {
	c.Clear(background)
	w, h := c.Size()
	c.SetTransform(sdl2.Camera{Zoom: float64(min(w, h)) / 20}.Transform(w, h))
	for i, x := range g.x[:max(g.players, 2)] {
		c.Circle(mgl64.Vec2{float64(x%600) / 60, float64(4*i - 6)}, 0.5, colors[i])
	}
	g.rec.frames = append(g.rec.frames, latencyFrame{at: time.Now(), x: g.x})
	return nil
}

// StateHash covers the markers.
func (g *latencyGame) StateHash() uint64 {
	h := uint64(0xcbf29ce484222325)
	for _, x := range g.x {
		h = (h ^ uint64(x)) * 0x100000001b3
	}
	return h
}

// Fork returns the predicted copy, which draws into the same record.
func (g *latencyGame) Fork() (engine.Predictor, error) {
	return &latencyGame{rec: g.rec, slot: g.slot, players: g.players}, nil
}

// CopyFrom copies the markers.
func (g *latencyGame) CopyFrom(src engine.Predictor) error {
	s, ok := src.(*latencyGame)
	if !ok {
		return fmt.Errorf("latency game: copy from %T", src)
	}
	g.x = s.x
	return nil
}

// latencyPeer runs the scripted game with args and prints what it saw:
// a line "slot N", then "press UNIXNANO DIR" and "frame UNIXNANO X0 X1
// X2 X3" lines (a marker beyond the session's players stays at 0). It returns the exit status.
func latencyPeer(seed string, args []string) int {
	s, err := strconv.ParseUint(seed, 10, 64)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s=%q: want a seed: %v\n", latencyChild, seed, err)
		return 2
	}
	rec := &latencyRecord{script: rand.New(rand.NewPCG(s, 7)), frames: make([]latencyFrame, 0, 1<<15)}
	g := &latencyGame{rec: rec}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	cfg, err := desktop.Parse(g, desktop.Config{Name: "latency", Loop: engine.Config{Players: 2}, MinPlayers: 2, MaxPlayers: maxPlayers, Bot: rec.bot, Logger: log}, args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "latency peer: %v\n", err)
		return 2
	}
	if _, err := desktop.Run(context.Background(), g, cfg); err != nil {
		fmt.Fprintf(os.Stderr, "latency peer: %v\n", err)
		return 1
	}
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(out, "slot %d\n", g.slot)
	for _, p := range rec.presses {
		fmt.Fprintf(out, "press %d %d\n", p.at.UnixNano(), p.dir)
	}
	for _, f := range rec.frames {
		fmt.Fprintf(out, "frame %d %d %d %d %d\n", f.at.UnixNano(), f.x[0], f.x[1], f.x[2], f.x[3])
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(os.Stderr, "latency peer: %v\n", err)
		return 1
	}
	return 0
}
