package main

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// plan is what a pilot does, besides keeping the ball in play.
type plan struct {
	start sdl.Scancode // the key that starts the game from the title; 0: a click
	// steerFirst holds this key for a while before the first serve (0:
	// the mouse aims every serve), and launchKey launches the ball (0: a
	// click).
	steerFirst, launchKey sdl.Scancode
	// pauseAt pauses the game after that many ticks of play, for pauseFor
	// ticks; 0: never.
	pauseAt, pauseFor uint64
	miss              bool   // keep the paddle away from the ball: lose
	quitAfter         uint64 // ticks after the game ends before Esc; 0: never
}

// pilot plays the game through SDL's event queue as a player's hands
// would: Update pushes key, button and motion events, which the next frame
// polls like any others. The game (and a recording) sees only those
// events; the pilot reads the game's state only to decide what to press.
type pilot struct {
	*game
	plan plan

	ticks     uint64 // ticks run
	served    int    // serves the pilot launched
	steered   bool   // the keys moved the paddle before the first serve
	aimed     bool   // the paddle is where this serve wants it
	playTicks uint64 // ticks run while playing
	heldUntil uint64 // tick to release a held key at
	held      sdl.Scancode
	endedAt   uint64 // tick the game ended at; 0 while it goes on
	waitUntil uint64 // tick before which the pilot does nothing
	settled   uint64 // the first frame that shows what the pilot last did
	mouseX    int32  // last pushed pointer x, window coordinates
	up        []sdl.Event

	drawn []physics.BodyState // the bodies of the last frame drawn
}

// Draw keeps what the frame draws, for tests to find the bodies in the
// last frame's picture once the world is closed.
func (p *pilot) Draw(c *sdl2.Canvas, f *engine.Frame) error {
	p.drawn = append(p.drawn[:0], f.Bodies...)
	return p.game.Draw(c, f)
}

// body is body id as the last frame drew it.
func (p *pilot) body(t *testing.T, id physics.BodyID) physics.BodyState {
	t.Helper()
	b, ok := find(p.drawn, id)
	if !ok {
		t.Fatalf("body %d is not in the last frame drawn", id)
	}
	return b
}

func (p *pilot) Tick(t *engine.Tick) error {
	p.ticks = t.N + 1
	if p.screen == playing && !p.paused {
		p.playTicks++
	}
	return p.game.Tick(t)
}

// Update decides once a frame what to press, from the last tick's state.
func (p *pilot) Update(f *engine.Frame) error {
	for _, e := range p.up { // a tap's release, a frame after its press
		sdl.PushEvent(e)
	}
	p.up = p.up[:0]
	if p.held != 0 && p.ticks >= p.heldUntil {
		p.key(p.held, false)
		p.held = 0
		p.waitUntil = p.ticks + 10
	}
	// An event pushed in one frame's Update is polled by the next frame,
	// whose Update runs before that frame's ticks: only the frame after
	// shows what it did.
	if f.N < p.settled || p.ticks < p.waitUntil || p.held != 0 {
		return p.game.Update(f)
	}
	p.settled = f.N + 2
	switch p.screen {
	case onTitle:
		if p.ticks >= 20 {
			p.tap(p.plan.start)
			p.waitUntil = p.ticks + 5
		}
	case serving:
		p.serve(f)
	case playing:
		p.play(f)
	case won, lost:
		if p.endedAt == 0 {
			p.endedAt = p.ticks
		}
		if p.plan.quitAfter > 0 && p.ticks >= p.endedAt+p.plan.quitAfter {
			p.tap(sdl.SCANCODE_ESCAPE)
			p.waitUntil = p.ticks + 1000
		}
	}
	return p.game.Update(f)
}

// serve moves the paddle, with the keys the first time if the plan says
// so and otherwise with the mouse to aim, and launches the ball.
func (p *pilot) serve(*engine.Frame) {
	switch {
	case p.served == 0 && p.plan.steerFirst != 0 && !p.steered:
		p.key(p.plan.steerFirst, true)
		p.held, p.heldUntil = p.plan.steerFirst, p.ticks+25
		p.steered, p.aimed = true, true
		return
	case !p.aimed:
		// Under the lowest brick, a little off centre: a still paddle
		// serves at an angle the seed picks, and the ball comes back.
		p.moveTo(p.target().X() + 0.6)
		p.aimed = true
		p.waitUntil = p.ticks + 30
		return
	}
	p.tap(p.plan.launchKey)
	p.served++
	p.aimed = false
	p.waitUntil = p.ticks + 10
}

// play keeps the paddle under the ball, aimed at a brick (or away from the
// ball, to lose), and pauses once if the plan says so.
func (p *pilot) play(f *engine.Frame) {
	if p.plan.pauseAt > 0 && p.playTicks >= p.plan.pauseAt && !p.paused {
		p.tap(sdl.SCANCODE_RETURN)
		p.plan.pauseAt = 0
		p.waitUntil = p.ticks + p.plan.pauseFor
		return
	}
	if p.paused {
		p.tap(sdl.SCANCODE_RETURN)
		p.waitUntil = p.ticks + 5
		return
	}
	b, ok := find(f.Current, p.ball)
	if !ok {
		return
	}
	land := landing(b.Pos, b.Vel)
	if p.plan.miss {
		if land > 0 {
			p.moveTo(land - 7)
		} else {
			p.moveTo(land + 7)
		}
		return
	}
	// Send the ball from where it lands towards the target brick: the
	// paddle's offset under the ball sets the angle (bounceOffPaddle).
	tgt := p.target()
	landY := paddleY + paddleHalfH + ballRadius
	theta := clamp(math.Atan2(tgt.X()-land, tgt.Y()-landY), -0.9*maxBounce, 0.9*maxBounce)
	p.moveTo(land - theta/maxBounce*(paddleHalfW+ballRadius)*0.9)
}

// landing predicts where a ball at pos moving at vel comes down to the
// paddle, bouncing off the side walls; a rising ball is followed.
func landing(pos, vel mgl64.Vec2) float64 {
	x := pos.X()
	if vel.Y() < 0 {
		x += vel.X() * (pos.Y() - (paddleY + paddleHalfH + ballRadius)) / -vel.Y()
	}
	// Fold x back into the field, as the walls reflect the ball.
	l := fieldHalfW - ballRadius
	x = math.Mod(x+l, 4*l)
	if x < 0 {
		x += 4 * l
	}
	if x > 2*l {
		x = 4*l - x
	}
	return x - l
}

// target is the brick to aim at: the lowest standing one, nearest the
// middle, which nothing shields from below.
func (p *pilot) target() mgl64.Vec2 {
	best, found := mgl64.Vec2{}, false
	for i := range p.bricks {
		b := &p.bricks[i]
		if b.id == 0 {
			continue
		}
		if !found || b.pos.Y() < best.Y() || (b.pos.Y() == best.Y() && math.Abs(b.pos.X()) < math.Abs(best.X())) {
			best, found = b.pos, true
		}
	}
	return best
}

// moveTo puts the pointer over world x, at the paddle's height.
func (p *pilot) moveTo(x float64) {
	ww, wh := p.win.WindowSize()
	wx := int32(math.Round((canvasW/2 + x*zoom) * float64(ww) / canvasW))
	if wx == p.mouseX {
		return
	}
	p.mouseX = wx
	wy := int32((canvasH/2 - paddleY*zoom) * float64(wh) / canvasH)
	sdl.PushEvent(padded(sdl.MouseMotionEvent{Type: sdl.MOUSEMOTION, X: wx, Y: wy}))
}

// tap presses and releases a key (0: the left mouse button).
func (p *pilot) tap(k sdl.Scancode) {
	if k == 0 {
		ww, wh := p.win.WindowSize()
		x, y := p.mouseX, int32(wh/2)
		if x == 0 {
			x = int32(ww / 2)
		}
		sdl.PushEvent(padded(sdl.MouseButtonEvent{Type: sdl.MOUSEBUTTONDOWN, Button: sdl.BUTTON_LEFT, State: sdl.PRESSED, X: x, Y: y}))
		p.up = append(p.up, padded(sdl.MouseButtonEvent{Type: sdl.MOUSEBUTTONUP, Button: sdl.BUTTON_LEFT, State: sdl.RELEASED, X: x, Y: y}))
		return
	}
	p.key(k, true)
	p.up = append(p.up, keyEvent(k, false))
}

// key presses or releases a key.
func (p *pilot) key(k sdl.Scancode, down bool) { sdl.PushEvent(keyEvent(k, down)) }

func keyEvent(k sdl.Scancode, down bool) sdl.Event {
	e := sdl.KeyboardEvent{Type: sdl.KEYUP, State: sdl.RELEASED, Keysym: sdl.Keysym{Scancode: k}}
	if down {
		e.Type, e.State = sdl.KEYDOWN, sdl.PRESSED
	}
	return padded(e)
}

// padded allocates e with room to spare: sdl.PushEvent copies a whole C
// SDL_Event (56 bytes) from the pointer, more than most Go event structs
// hold, which -race's pointer checks would refuse.
func padded[T any](e T) *T {
	p := &struct {
		e T
		_ [64]byte
	}{e: e}
	return &p.e
}
