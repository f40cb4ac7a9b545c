package main

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// screen is where the game is: which screen shows and what input does.
type screen uint8

const (
	onTitle screen = iota // the title: a click or a key starts a game
	serving               // the ball waits on the paddle for a launch
	playing               // the ball is in play
	won                   // every brick is broken
	lost                  // the last ball is lost
)

// game is Breakout. Its state changes only in Tick, from the tick's input
// and the world's contacts; Update and Draw only read it.
type game struct {
	startLives, startBricks int // -lives, -bricks

	seed   uint64
	engine backend.Engine // the physics engine the world is on
	world  physics.World
	steps  stepper
	win    *sdl2.Window
	art    *art

	paddle physics.BodyID
	ball   physics.BodyID // 0 while no ball is in play
	bricks [numBricks]brick
	left   int // bricks not broken yet

	screen screen
	paused bool
	score  int
	best   int // the best score of this session
	saved  int // the best score saved by this or an earlier run: shown, never simulated
	save   *desktop.SaveData
	lives  int // balls left, the one in play or on the paddle included
	broken int // bricks broken this game: the ball speeds up with them
	serves int // balls launched this game

	mouse     bool    // the mouse steers: it moved since a key last did
	lastMouse float64 // the pointer's x at the tick before, canvas units

	// touched are the bodies the ball began touching in the last step, as
	// the world reported them, for the next tick to act on (the world
	// cannot remove bodies while it reports contacts).
	touched  [8]physics.BodyID
	nTouched int

	sparks sparks // flying fragments of broken bricks: looks only
	sfx    sounds // played from Tick, on the ticks' timeline

	num [20]byte // Draw formats numbers here, so they do not allocate

	// What Update last did to the window: the pointer hides while a ball
	// is in play, and controllers rumble when a brick breaks or a ball is
	// lost. It is how the game feels, not its state.
	cursorHidden bool
	felt         struct{ lives, broken int }
	log          *slog.Logger
}

func newGame() *game { return &game{} }

// Start builds the world on the engine the command line chose and paints
// the art: it runs once, when the window is open.
func (g *game) Start(s *desktop.Setup) error {
	g.seed, g.engine, g.win, g.log, g.save = s.Seed, s.Physics, s.Window, s.Log, s.Save
	g.loadBest()
	w, err := s.NewWorld(physics.Config{OnContact: g.contact})
	if err != nil {
		return err
	}
	if g.sfx, err = newSounds(s.Audio); err != nil {
		return err
	}
	if err := g.build(w); err != nil {
		return err
	}
	g.art, err = paintArt(s.Window.Canvas())
	return err
}

// build fills w, a world made with g.contact as its OnContact, with the
// walls, the paddle and the wall of bricks, and shows the title.
func (g *game) build(w physics.World) error {
	g.world = w
	g.steps = stepper{g: g}
	if err := addWalls(w); err != nil {
		return err
	}
	var err error
	if g.paddle, err = addPaddle(w); err != nil {
		return err
	}
	if err := g.buildBricks(); err != nil {
		return err
	}
	g.lives, g.screen = g.startLives, onTitle
	return nil
}

// World is the world the loop steps after every tick, unless paused.
func (g *game) World() physics.Stepper {
	if g.world == nil {
		return nil
	}
	return &g.steps
}

// Close keeps a new best score and frees the world; the run calls it at
// its end.
func (g *game) Close() error {
	g.keepBest() // the player may leave in the middle of a record game
	if g.world == nil {
		return nil
	}
	return g.world.Close()
}

// stepper is the world as the loop sees it: a pause holds the world still
// by not stepping it, so the ball keeps its velocity for the resume.
type stepper struct{ g *game }

func (s *stepper) Step(dt time.Duration) error {
	if s.g.paused {
		return nil
	}
	return s.g.world.Step(dt)
}

func (s *stepper) Snapshot(dst []physics.BodyState) []physics.BodyState {
	return s.g.world.Snapshot(dst)
}

// contact is the world's Config.OnContact: it notes what the ball began
// touching for the next tick. More than fit in one step (a ball touches
// at most a few bodies at once) are dropped.
func (g *game) contact(c physics.Contact) error {
	if !c.Began || g.ball == 0 || (c.A != g.ball && c.B != g.ball) {
		return nil
	}
	other := c.A
	if other == g.ball {
		other = c.B
	}
	if g.nTouched < len(g.touched) {
		g.touched[g.nTouched] = other
		g.nTouched++
	}
	return nil
}

// buildBricks puts up a fresh wall of -bricks bricks, removing what is
// left of the last one.
func (g *game) buildBricks() error {
	for i := range g.bricks {
		if b := &g.bricks[i]; b.id != 0 {
			if err := g.world.RemoveBody(b.id); err != nil {
				return fmt.Errorf("remove a brick: %w", err)
			}
		}
		g.bricks[i] = brick{}
	}
	order := brickOrder()
	for i := range g.startBricks {
		r, c := order[i][0], order[i][1]
		b := &g.bricks[r*brickCols+c]
		b.pos, b.row, b.hits = brickPos(r, c), r, styleOf(r).hits
		id, err := addBrick(g.world, b.pos)
		if err != nil {
			return err
		}
		b.id = id
	}
	g.left = g.startBricks
	return nil
}
