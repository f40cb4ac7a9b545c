package main

import (
	"fmt"
	"image/color"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// The playing field in world units, y up, origin at the centre of the
// screen. The canvas is canvasW×canvasH units at zoom canvas units a world
// unit, so the screen shows x in ±12 and y in ±6.75.
const (
	canvasW, canvasH = 960, 540
	zoom             = 40.0

	fieldHalfW = 11.5 // inner faces of the side walls
	fieldTop   = 5.0  // inner face of the ceiling
	wallThick  = 0.5
	barBottom  = fieldTop + 0.4 // the score bar covers the screen above

	paddleY     = -5.6 // centre
	paddleHalfW = 1.3
	paddleHalfH = 0.2
	// paddleMaxX keeps the paddle between the walls.
	paddleMaxX = fieldHalfW - paddleHalfW
	// paddleSpeed is how fast the keys move the paddle, and mouseSpeed
	// the most the mouse may: fast enough to follow any hand, slow enough
	// that a step never moves the paddle through the ball.
	paddleSpeed = 16.0
	mouseSpeed  = 40.0

	ballRadius = 0.22
	// The ball's speed, in world units a second: it starts at ballSpeed
	// and gains ballSpeedUp with every brick broken, up to ballMaxSpeed.
	ballSpeed    = 10.0
	ballSpeedUp  = 0.1
	ballMaxSpeed = 15.0
	// lostBelow is where a ball has left the field for good.
	lostBelow = -7.2

	brickW, brickH = 2.0, 0.6
	brickPitchX    = 2.2
	brickPitchY    = 0.7
	brickCols      = 10
	brickRows      = 6
	topRowY        = 4.0 // centre of the top row
	numBricks      = brickCols * brickRows

	maxLives = 9
)

// rowStyle is how the bricks of one row look and score.
type rowStyle struct {
	tint   color.RGBA // over the white brick sprite
	points int        // for breaking one
	hits   int        // it takes to break one
}

// styleOf returns the style of row r, 0 at the top.
func styleOf(r int) rowStyle {
	return [brickRows]rowStyle{
		{color.RGBA{R: 205, G: 212, B: 225, A: 255}, 60, 2}, // silver: two hits
		{color.RGBA{R: 235, G: 72, B: 72, A: 255}, 50, 1},
		{color.RGBA{R: 245, G: 150, B: 55, A: 255}, 40, 1},
		{color.RGBA{R: 240, G: 214, B: 70, A: 255}, 30, 1},
		{color.RGBA{R: 85, G: 205, B: 110, A: 255}, 20, 1},
		{color.RGBA{R: 75, G: 150, B: 240, A: 255}, 10, 1},
	}[r]
}

// brick is one brick of the wall.
type brick struct {
	id   physics.BodyID // 0 once broken
	pos  mgl64.Vec2
	row  int
	hits int // hits left
}

// brickOrder lists the wall's places, row and column, in the order
// -bricks fills them: the bottom row first, each row from the middle out,
// so that a game of one brick has it low and central.
func brickOrder() [numBricks][2]int {
	cols := [brickCols]int{4, 5, 3, 6, 2, 7, 1, 8, 0, 9}
	var order [numBricks][2]int
	i := 0
	for r := brickRows - 1; r >= 0; r-- {
		for _, c := range cols {
			order[i] = [2]int{r, c}
			i++
		}
	}
	return order
}

// brickPos returns the centre of the brick at row r, column c.
func brickPos(r, c int) mgl64.Vec2 {
	return mgl64.Vec2{(float64(c) - float64(brickCols-1)/2) * brickPitchX, topRowY - float64(r)*brickPitchY}
}

// surface makes every shape of the game bounce back at full speed without
// friction: the ball keeps its speed, which Tick pins anyway.
func surface(s physics.Shape) physics.Shape {
	s.Restitution, s.Friction = 1, 0
	return s
}

// addWalls adds the static body of the two side walls and the ceiling.
// The walls reach below the screen, so a ball leaves only by the bottom.
func addWalls(w physics.World) error {
	sideH := (barBottom - lostBelow) / 2
	sideY := (barBottom + lostBelow) / 2
	box := func(center, half mgl64.Vec2) physics.Shape {
		return surface(physics.Shape{Kind: physics.Box, Offset: center, Half: half})
	}
	_, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{
		box(mgl64.Vec2{-fieldHalfW - wallThick/2, sideY}, mgl64.Vec2{wallThick / 2, sideH}),
		box(mgl64.Vec2{fieldHalfW + wallThick/2, sideY}, mgl64.Vec2{wallThick / 2, sideH}),
		box(mgl64.Vec2{0, fieldTop + wallThick/2}, mgl64.Vec2{fieldHalfW + wallThick, wallThick / 2}),
	}})
	if err != nil {
		return fmt.Errorf("add the walls: %w", err)
	}
	return nil
}

// addPaddle adds the paddle: kinematic, so it moves only as Tick says and
// pushes the ball as if infinitely heavy.
func addPaddle(w physics.World) (physics.BodyID, error) {
	id, err := w.AddBody(physics.BodyDef{Kind: physics.Kinematic, Pos: mgl64.Vec2{0, paddleY},
		Shapes: []physics.Shape{surface(physics.BoxShape(2*paddleHalfW, 2*paddleHalfH))}})
	if err != nil {
		return 0, fmt.Errorf("add the paddle: %w", err)
	}
	return id, nil
}

// addBall adds a ball at pos moving at vel.
func addBall(w physics.World, pos, vel mgl64.Vec2) (physics.BodyID, error) {
	ball := surface(physics.CircleShape(ballRadius))
	ball.Density = 1
	id, err := w.AddBody(physics.BodyDef{Pos: pos, Vel: vel, FixedRotation: true, Bullet: true,
		Shapes: []physics.Shape{ball}})
	if err != nil {
		return 0, fmt.Errorf("add the ball: %w", err)
	}
	return id, nil
}

// addBrick adds a static brick at pos.
func addBrick(w physics.World, pos mgl64.Vec2) (physics.BodyID, error) {
	id, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Pos: pos,
		Shapes: []physics.Shape{surface(physics.BoxShape(brickW, brickH))}})
	if err != nil {
		return 0, fmt.Errorf("add a brick at %v: %w", pos, err)
	}
	return id, nil
}
