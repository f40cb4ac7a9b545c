package main

import (
	"fmt"
	"math"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/lockstep-engine/lockstep/physics"
)

const (
	// maxBounce is the steepest the paddle sends the ball back, from the
	// vertical, when it lands on the paddle's very end: where it lands
	// is how a player aims.
	maxBounce = 60 * math.Pi / 180
	// minClimb is the least share of its speed the ball keeps vertically,
	// so that it never bounces between the side walls for ever.
	minClimb = 0.3
)

// Tick advances the game by one step from the tick's input and what the
// ball touched in the step before, then sets the paddle moving for the
// step that follows (every step: a paddle left moving would go through
// the walls).
func (g *game) Tick(t *engine.Tick) error {
	in := &t.Input
	if err := g.act(in); err != nil {
		return err
	}
	if g.paused {
		g.sparks.hold()
		return nil // the stepper holds the world still too
	}
	g.sparks.tick(t.DT)
	return g.steer(in, t.DT)
}

// act does what the screen does with the input.
func (g *game) act(in *engine.Input) error {
	switch g.screen {
	case onTitle, won, lost:
		g.nTouched = 0
		if startPressed(in) {
			return g.newGame()
		}
		return nil
	}
	if err := g.resolveTouches(); err != nil || g.screen == won {
		return err
	}
	if pausePressed(in) {
		g.paused = !g.paused
		g.sfx.pause(g.paused)
	}
	switch {
	case g.paused:
		return nil
	case g.screen == serving && launchPressed(in):
		return g.launch()
	case g.screen == playing:
		return g.keepBall()
	}
	return nil
}

// The controls: keys (physical places, as on a US layout), the mouse, and
// any game controller: its A button or Start, D-pad and left stick.
func startPressed(in *engine.Input) bool {
	return in.Pressed.Has(engine.KeySpace) || in.Pressed.Has(engine.KeyEnter) || in.ButtonsPressed.Has(mouse.Left) ||
		padPressed(in, gamepad.A) || padPressed(in, gamepad.Start)
}

func launchPressed(in *engine.Input) bool {
	return in.Pressed.Has(engine.KeySpace) || in.Pressed.Has(engine.KeyUp) || in.Pressed.Has(engine.KeyW) ||
		in.ButtonsPressed.Has(mouse.Left) || padPressed(in, gamepad.A)
}

// pausePressed is Enter (but not Alt+Enter, which toggles fullscreen),
// the Pause key or a controller's Start. (P is every desktop game's
// hotkey that freezes the loop itself.)
func pausePressed(in *engine.Input) bool {
	alt := in.Down.Has(engine.KeyLeftAlt) || in.Down.Has(engine.KeyRightAlt)
	return (in.Pressed.Has(engine.KeyEnter) && !alt) || in.Pressed.Has(engine.KeyPause) || padPressed(in, gamepad.Start)
}

// padPressed reports whether any controller pressed b.
func padPressed(in *engine.Input, b gamepad.Button) bool {
	for i := range in.Pads {
		if in.Pads[i].Pressed.Has(b) {
			return true
		}
	}
	return false
}

// steerDir is where the player pushes the paddle, from -1 (left, full
// speed) to 1: the held keys, else a controller's D-pad or left stick,
// which past its dead zone steers in proportion.
func steerDir(in *engine.Input) float64 {
	d := 0.0
	if in.Down.Has(engine.KeyLeft) || in.Down.Has(engine.KeyA) {
		d--
	}
	if in.Down.Has(engine.KeyRight) || in.Down.Has(engine.KeyD) {
		d++
	}
	for i := range in.Pads {
		if d != 0 {
			break
		}
		p := &in.Pads[i]
		switch {
		case p.Buttons.Has(gamepad.Left) && !p.Buttons.Has(gamepad.Right):
			d = -1
		case p.Buttons.Has(gamepad.Right) && !p.Buttons.Has(gamepad.Left):
			d = 1
		default:
			d = p.Axis(gamepad.LeftX)
		}
	}
	return d
}

// newGame starts a game: a fresh wall, full lives, the ball on the paddle.
func (g *game) newGame() error {
	if err := g.removeBall(); err != nil {
		return err
	}
	if err := g.buildBricks(); err != nil {
		return err
	}
	g.score, g.lives, g.broken, g.serves = 0, g.startLives, 0, 0
	g.screen, g.paused = serving, false
	g.sfx.pause(false)
	return nil
}

// steer sets the paddle's velocity for the next step: the keys move it at
// paddleSpeed; the mouse, once it moves, takes it to the pointer as fast
// as mouseSpeed allows. It never leaves the walls.
func (g *game) steer(in *engine.Input, dt time.Duration) error {
	p, err := g.world.State(g.paddle)
	if err != nil {
		return fmt.Errorf("paddle: %w", err)
	}
	if in.MouseX != g.lastMouse {
		g.mouse, g.lastMouse = true, in.MouseX
	}
	sec := dt.Seconds()
	var v float64
	if d := steerDir(in); d != 0 {
		g.mouse = false
		v = d * paddleSpeed
	} else if g.mouse {
		target := clamp((in.MouseX-canvasW/2)/zoom, -paddleMaxX, paddleMaxX)
		v = clamp((target-p.Pos.X())/sec, -mouseSpeed, mouseSpeed)
	}
	x := p.Pos.X()
	v = clamp(v, (-paddleMaxX-x)/sec, (paddleMaxX-x)/sec)
	return g.world.SetVelocity(g.paddle, mgl64.Vec2{v, 0}, 0)
}

// launch sends the ball up from the paddle: towards where the paddle is
// moving, or, from a still paddle, a little to a side the seed and the
// serve pick.
func (g *game) launch() error {
	p, err := g.world.State(g.paddle)
	if err != nil {
		return fmt.Errorf("paddle: %w", err)
	}
	var a float64
	switch vx := p.Vel.X(); {
	case vx > 0:
		a = 0.35
	case vx < 0:
		a = -0.35
	default:
		r := mix64(g.seed ^ uint64(g.serves)*0x9e3779b97f4a7c15)
		a = 0.15 + 0.3*float64(r>>11)/(1<<53)
		if r&1 == 0 {
			a = -a
		}
	}
	s, c := math.Sincos(a)
	g.ball, err = addBall(g.world, servePos(p.Pos.X()), mgl64.Vec2{s, c}.Mul(g.speed()))
	if err != nil {
		return err
	}
	g.serves++
	g.screen = playing
	return nil
}

// servePos is where the ball waits on a paddle at x.
func servePos(x float64) mgl64.Vec2 {
	return mgl64.Vec2{x, paddleY + paddleHalfH + ballRadius + 0.02}
}

// speed is the ball's speed now: faster with every brick broken.
func (g *game) speed() float64 {
	return min(ballSpeed+ballSpeedUp*float64(g.broken), ballMaxSpeed)
}

// resolveTouches acts on what the ball touched in the last step: the
// paddle aims it, bricks crack or break.
func (g *game) resolveTouches() error {
	n := g.nTouched
	g.nTouched = 0
	for _, id := range g.touched[:n] {
		if id == g.paddle {
			if err := g.bounceOffPaddle(); err != nil {
				return err
			}
			continue
		}
		brick := false
		for i := range g.bricks {
			if b := &g.bricks[i]; b.id == id {
				if err := g.hit(b); err != nil {
					return err
				}
				brick = true
				break
			}
		}
		if !brick && g.ball != 0 {
			g.sfx.play(g.sfx.wall, g.ballX(), 1)
		}
	}
	return nil
}

// bounceOffPaddle aims a ball that landed on the paddle: straight up from
// its middle, up to maxBounce to the side from its ends.
func (g *game) bounceOffPaddle() error {
	b, err := g.world.State(g.ball)
	if err != nil {
		return fmt.Errorf("ball: %w", err)
	}
	p, err := g.world.State(g.paddle)
	if err != nil {
		return fmt.Errorf("paddle: %w", err)
	}
	if b.Pos.Y() < p.Pos.Y() {
		return nil // it hit the paddle's side, on its way out
	}
	off := clamp((b.Pos.X()-p.Pos.X())/(paddleHalfW+ballRadius), -1, 1)
	g.sfx.play(g.sfx.paddle, b.Pos.X(), 1+0.15*math.Abs(off))
	s, c := math.Sincos(off * maxBounce)
	return g.world.SetVelocity(g.ball, mgl64.Vec2{s, c}.Mul(g.speed()), 0)
}

// hit cracks a brick that takes another hit, or breaks it: points, sparks,
// and the game won with the last one.
func (g *game) hit(b *brick) error {
	if b.hits--; b.hits > 0 {
		g.sfx.play(g.sfx.crack, b.pos.X(), 1)
		return nil
	}
	if err := g.world.RemoveBody(b.id); err != nil {
		return fmt.Errorf("remove a brick: %w", err)
	}
	b.id = 0
	st := styleOf(b.row)
	g.score += st.points
	g.best = max(g.best, g.score)
	g.broken++
	g.left--
	g.sparks.burst(b.pos, st.tint)
	if g.left == 0 {
		g.screen = won
		g.sfx.play(g.sfx.win, 0, 1)
		return g.removeBall()
	}
	// Higher rows ring higher: a fifth apart from the bottom to the top.
	g.sfx.play(g.sfx.brick, b.pos.X(), 1+0.1*float64(brickRows-1-b.row))
	return nil
}

// keepBall loses a ball that left the field and keeps one in play at the
// game's speed, climbing or falling at no less than minClimb of it.
func (g *game) keepBall() error {
	b, err := g.world.State(g.ball)
	if err != nil {
		return fmt.Errorf("ball: %w", err)
	}
	x, y := b.Pos.X(), b.Pos.Y()
	if y < lostBelow || y > fieldTop+1 || math.Abs(x) > fieldHalfW+1 {
		// Below the paddle, or (squeezed by the paddle into a wall)
		// out of the field: gone either way.
		return g.loseBall()
	}
	v := b.Vel
	l := v.Len()
	if l == 0 {
		v, l = mgl64.Vec2{0, -1}, 1
	}
	v = v.Mul(1 / l)
	if math.Abs(v.Y()) < minClimb {
		sy, sx := math.Copysign(minClimb, v.Y()), math.Copysign(math.Sqrt(1-minClimb*minClimb), v.X())
		v = mgl64.Vec2{sx, sy}
	}
	return g.world.SetVelocity(g.ball, v.Mul(g.speed()), 0)
}

// loseBall takes the ball out of play: the next one waits on the paddle,
// or the game is lost.
func (g *game) loseBall() error {
	if err := g.removeBall(); err != nil {
		return err
	}
	g.lives--
	if g.lives > 0 {
		g.screen = serving
		g.sfx.play(g.sfx.lostBall, 0, 1)
	} else {
		g.screen = lost
		g.sfx.play(g.sfx.gameOver, 0, 1)
	}
	return nil
}

// ballX is the ball's x, for a sound's pan (0 when it cannot be read).
func (g *game) ballX() float64 {
	b, err := g.world.State(g.ball)
	if err != nil {
		return 0
	}
	return b.Pos.X()
}

// removeBall takes the ball, if any, out of the world.
func (g *game) removeBall() error {
	if g.ball == 0 {
		return nil
	}
	if err := g.world.RemoveBody(g.ball); err != nil {
		return fmt.Errorf("remove the ball: %w", err)
	}
	g.ball = 0
	return nil
}

func clamp(v, lo, hi float64) float64 { return max(lo, min(v, hi)) }

// mix64 is SplitMix64's finaliser: a well-spread 64-bit value from any
// input, for randomness that depends only on the seed and the serve.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

var _ physics.Stepper = (*stepper)(nil)
