package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// sim is a game without a window, ticked and stepped as the loop does.
type sim struct {
	t *testing.T
	*game
	n uint64
}

func newSim(t *testing.T, e backend.Engine, lives, bricks int) *sim {
	t.Helper()
	g := newGame()
	g.startLives, g.startBricks, g.seed = lives, bricks, 1
	w, err := backend.New(e, physics.Config{OnContact: g.contact})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.build(w); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return &sim{t: t, game: g}
}

// tick runs one tick with in, then steps the world.
func (s *sim) tick(in engine.Input) {
	s.t.Helper()
	tk := engine.Tick{N: s.n, DT: dt, Input: in}
	s.n++
	if err := s.Tick(&tk); err != nil {
		s.t.Fatalf("tick %d: %v", tk.N, err)
	}
	if s.ball != 0 && !s.paused {
		// Every tick with a ball in play sets its velocity: the game's
		// speed, never flatter than minClimb. (Box2D keeps float32s.)
		v := s.state(s.ball).Vel
		if l := v.Len(); math.Abs(l-s.speed()) > 1e-6*l || math.Abs(v.Y()) < minClimb*l-1e-6 {
			s.t.Fatalf("tick %d: ball velocity %v, speed %v; want speed %v climbing at least %v of it", tk.N, v, l, s.speed(), minClimb)
		}
	}
	if err := s.steps.Step(dt); err != nil {
		s.t.Fatalf("step %d: %v", tk.N, err)
	}
}

// idle runs n ticks with held but no edges.
func (s *sim) idle(n int, held engine.Input) {
	for range n {
		s.tick(held)
	}
}

func (s *sim) state(id physics.BodyID) physics.BodyState {
	s.t.Helper()
	st, err := s.world.State(id)
	if err != nil {
		s.t.Fatalf("body %d: %v", id, err)
	}
	return st
}

// place puts the ball at pos moving at vel.
func (s *sim) place(pos, vel mgl64.Vec2) {
	s.t.Helper()
	if err := s.world.Teleport(s.ball, pos, 0); err != nil {
		s.t.Fatal(err)
	}
	if err := s.world.SetVelocity(s.ball, vel, 0); err != nil {
		s.t.Fatal(err)
	}
}

func press(k engine.Key) engine.Input {
	var in engine.Input
	in.Pressed.Add(k)
	in.Down.Add(k)
	return in
}

func hold(k engine.Key) engine.Input {
	var in engine.Input
	in.Down.Add(k)
	return in
}

func click() engine.Input {
	return engine.Input{Buttons: 1 << mouse.Left, ButtonsPressed: 1 << mouse.Left}
}

// served starts a game and launches the ball.
func (s *sim) served() {
	s.t.Helper()
	s.tick(press(engine.KeySpace))
	s.tick(press(engine.KeySpace))
	if s.screen != playing || s.ball == 0 {
		s.t.Fatalf("after Space twice: screen %d, ball %d; want playing (%d) with a ball", s.screen, s.ball, playing)
	}
}

func TestSpaceEnterOrAClickStartsAGameFromTheTitleAndEveryEnd(t *testing.T) {
	for _, from := range []screen{onTitle, won, lost} {
		for name, in := range map[string]engine.Input{"space": press(engine.KeySpace), "enter": press(engine.KeyEnter), "click": click()} {
			t.Run(fmt.Sprintf("%d/%s", from, name), func(t *testing.T) {
				s := newSim(t, backend.Chipmunk, 3, numBricks)
				s.screen, s.score, s.lives, s.broken = from, 120, 0, 5
				s.bricks[0].hits = 0 // as if cracked
				s.tick(engine.Input{})
				if s.screen != from {
					t.Fatalf("no input moved the game from screen %d to %d", from, s.screen)
				}
				s.tick(in)
				if s.screen != serving || s.score != 0 || s.lives != 3 || s.broken != 0 || s.left != numBricks || s.ball != 0 {
					t.Errorf("screen %d, score %d, lives %d, broken %d, left %d, ball %d; want a fresh game: serving (%d), 0, 3, 0, %d, 0",
						s.screen, s.score, s.lives, s.broken, s.left, s.ball, serving, numBricks)
				}
				if got, want := s.bricks[0].hits, styleOf(0).hits; got != want {
					t.Errorf("top-left brick takes %d hits, want a fresh one's %d", got, want)
				}
			})
		}
	}
}

func TestALaunchSendsTheBallUpAtTheStartingSpeedTowardsThePaddlesMotion(t *testing.T) {
	for _, tc := range []struct {
		name   string
		launch engine.Input
		held   engine.Key // moves the paddle before the launch; 0: still
		side   float64    // sign of the ball's x velocity; 0: either
	}{
		{"space, still", press(engine.KeySpace), 0, 0},
		{"up, moving right", press(engine.KeyUp), engine.KeyRight, 1},
		{"click, moving left", click(), engine.KeyLeft, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, backend.Chipmunk, 3, numBricks)
			s.tick(press(engine.KeyEnter))
			in := tc.launch
			if tc.held != 0 {
				s.idle(5, hold(tc.held))
				in.Down.Add(tc.held)
			}
			s.tick(in)
			if s.screen != playing {
				t.Fatalf("screen %d, want playing", s.screen)
			}
			b := s.state(s.ball)
			if v := b.Vel.Len(); math.Abs(v-ballSpeed) > 1e-9 || b.Vel.Y() <= 0 {
				t.Errorf("ball velocity %v (speed %v), want up at %v", b.Vel, v, ballSpeed)
			}
			if tc.side != 0 && math.Signbit(b.Vel.X()) != math.Signbit(tc.side) {
				t.Errorf("ball velocity %v, want it towards x %+v", b.Vel, tc.side)
			}
		})
	}
}

func TestWhereTheBallLandsOnThePaddleAimsIt(t *testing.T) {
	for _, off := range []float64{0, 0.5, -0.9, 1.4} {
		t.Run(fmt.Sprint(off), func(t *testing.T) {
			s := newSim(t, backend.Chipmunk, 3, numBricks)
			s.served()
			p := s.state(s.paddle)
			s.place(mgl64.Vec2{p.Pos.X() + off, paddleY + 1.5}, mgl64.Vec2{0, -ballSpeed})
			for i := 0; i < 60 && s.state(s.ball).Vel.Y() < 0; i++ {
				s.tick(engine.Input{})
			}
			s.tick(engine.Input{}) // acts on the touch the last step reported
			v := s.state(s.ball).Vel
			want := clamp(off/(paddleHalfW+ballRadius), -1, 1) * maxBounce
			if got := math.Atan2(v.X(), v.Y()); math.Abs(got-want) > 0.05 {
				t.Errorf("landing %v from the middle sends the ball at %.3f rad from the vertical, want %.3f", off, got, want)
			}
		})
	}
}

func TestBreakingTheLastBrickScoresAndWins(t *testing.T) {
	s := newSim(t, backend.Chipmunk, 3, 1)
	s.served()
	var b *brick
	for i := range s.bricks {
		if s.bricks[i].id != 0 {
			b = &s.bricks[i]
		}
	}
	s.place(b.pos.Sub(mgl64.Vec2{0, 1}), mgl64.Vec2{0, ballSpeed})
	for i := 0; i < 30 && s.screen == playing; i++ {
		s.tick(engine.Input{})
	}
	if s.screen != won || s.score != styleOf(b.row).points || s.left != 0 || s.ball != 0 || b.id != 0 {
		t.Errorf("screen %d, score %d, left %d, ball %d, brick %d; want won (%d), %d, 0, 0, 0",
			s.screen, s.score, s.left, s.ball, b.id, won, styleOf(b.row).points)
	}
	if s.world.Len() != 2 {
		t.Errorf("%d bodies in the world, want the walls and the paddle", s.world.Len())
	}
}

func TestASilverBrickCracksAtTheFirstHitAndBreaksAtTheSecond(t *testing.T) {
	s := newSim(t, backend.Chipmunk, 3, numBricks)
	s.served()
	b := &s.bricks[3] // top row: silver
	// From the gap above the top row, where the ball comes back off the
	// ceiling: stop at the first hit.
	hitFromAbove := func() {
		s.place(b.pos.Add(mgl64.Vec2{0, brickH/2 + ballRadius + 0.1}), mgl64.Vec2{0, -ballSpeed})
		for hits := b.hits; b.hits == hits && s.n < 1000; {
			s.tick(engine.Input{})
		}
	}
	hitFromAbove()
	if b.hits != 1 || b.id == 0 || s.score != 0 {
		t.Fatalf("after one hit: %d hits left, id %d, score %d; want 1, standing, 0", b.hits, b.id, s.score)
	}
	hitFromAbove()
	if b.hits != 0 || b.id != 0 || s.score != styleOf(0).points || s.left != numBricks-1 {
		t.Errorf("after two hits: %d hits left, id %d, score %d, %d left; want 0, broken, %d, %d", b.hits, b.id, s.score, s.left, styleOf(0).points, numBricks-1)
	}
}

func TestLosingEveryBallLosesTheGame(t *testing.T) {
	s := newSim(t, backend.Chipmunk, 2, numBricks)
	s.tick(press(engine.KeySpace))
	for want := 1; want >= 0; want-- {
		s.tick(press(engine.KeySpace))
		if s.screen != playing {
			t.Fatalf("screen %d after a launch, want playing", s.screen)
		}
		s.place(mgl64.Vec2{0, lostBelow - 0.1}, mgl64.Vec2{0, -ballSpeed})
		s.tick(engine.Input{})
		wantScreen := serving
		if want == 0 {
			wantScreen = lost
		}
		if s.lives != want || s.ball != 0 || s.screen != wantScreen {
			t.Fatalf("lives %d, ball %d, screen %d; want %d, none, %d", s.lives, s.ball, s.screen, want, wantScreen)
		}
	}
}

func TestPauseHoldsTheWorldAndTheGameUntilEnter(t *testing.T) {
	s := newSim(t, backend.Chipmunk, 3, numBricks)
	s.served()
	s.idle(5, engine.Input{})
	s.tick(press(engine.KeyEnter))
	if !s.paused {
		t.Fatal("Enter did not pause")
	}
	before := s.world.Snapshot(nil)
	hash := s.StateHash()
	r := rand.New(rand.NewPCG(1, 2))
	for range 60 { // anything but Enter or Start changes nothing
		in := randomInput(r)
		in.Pressed.Remove(engine.KeyEnter)
		in.Pads[0].Pressed &^= 1 << gamepad.Start
		s.tick(in)
	}
	after := s.world.Snapshot(nil)
	if physics.Hash(before) != physics.Hash(after) {
		t.Errorf("the world moved while paused: %v → %v", before, after)
	}
	if s.StateHash() != hash {
		t.Errorf("the game's state changed while paused")
	}
	alt := press(engine.KeyEnter)
	alt.Down.Add(engine.KeyLeftAlt)
	s.tick(alt)
	if !s.paused {
		t.Fatal("Alt+Enter (fullscreen) resumed the game")
	}
	s.tick(press(engine.KeyEnter))
	y := s.state(s.ball).Pos.Y()
	s.tick(engine.Input{})
	if s.paused || s.state(s.ball).Pos.Y() == y {
		t.Errorf("after Enter again: paused %v, ball still at y %v", s.paused, y)
	}
}

func TestThePaddleStaysBetweenTheWalls(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   engine.Input
		want float64
	}{
		{"right key", hold(engine.KeyRight), paddleMaxX},
		{"left key", hold(engine.KeyLeft), -paddleMaxX},
		{"D key", hold(engine.KeyD), paddleMaxX},
		{"mouse far left", engine.Input{MouseX: -500}, -paddleMaxX},
		{"mouse at x 3", engine.Input{MouseX: canvasW/2 + 3*zoom}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, backend.Chipmunk, 3, numBricks)
			s.idle(120, tc.in)
			if x := s.state(s.paddle).Pos.X(); math.Abs(x-tc.want) > 1e-9 {
				t.Errorf("paddle at x %v, want %v", x, tc.want)
			}
		})
	}
}

// randomInput is a tick of a player mashing the game's keys, the mouse and
// a controller.
func randomInput(r *rand.Rand) engine.Input {
	var in engine.Input
	for _, k := range []engine.Key{engine.KeyLeft, engine.KeyRight, engine.KeySpace, engine.KeyEnter, engine.KeyUp} {
		if r.IntN(8) == 0 {
			in.Down.Add(k)
			if r.IntN(4) == 0 {
				in.Pressed.Add(k)
			}
		}
	}
	if r.IntN(30) == 0 {
		in.ButtonsPressed = 1 << mouse.Left
	}
	if r.IntN(3) == 0 {
		in.MouseX = r.Float64()*canvasW*1.2 - 0.1*canvasW
	}
	p := &in.Pads[0]
	p.Connected = true
	p.Axes[gamepad.LeftX] = int16(r.IntN(65536) - 32768)
	for _, b := range []gamepad.Button{gamepad.A, gamepad.Start, gamepad.Left, gamepad.Right} {
		if r.IntN(10) == 0 {
			p.Buttons |= 1 << b
			if r.IntN(5) == 0 {
				p.Pressed |= 1 << b
			}
		}
	}
	return in
}

func TestInvariantsHoldWhateverThePlayerDoes(t *testing.T) {
	for _, e := range backend.Built() {
		t.Run(e.String(), func(t *testing.T) {
			var broken, lostGames, serves atomic.Int64
			t.Run("seeds", func(t *testing.T) {
				for seed := range uint64(60) {
					t.Run(fmt.Sprint(seed), func(t *testing.T) {
						t.Parallel()
						s := newSim(t, e, 1+int(seed%3), 1+int(seed*7%numBricks))
						s.seed = seed
						r := rand.New(rand.NewPCG(seed, 99))
						for range 1500 {
							in := randomInput(r)
							if s.screen == serving && r.IntN(4) == 0 {
								in.Pressed.Add(engine.KeySpace)
							}
							before, was := s.screen, s.broken
							s.tick(in)
							if s.broken > was {
								broken.Add(int64(s.broken - was))
							}
							s.check()
							if before != lost && s.screen == lost {
								lostGames.Add(1)
							}
							if before == serving && s.screen == playing {
								serves.Add(1)
							}
						}
					})
				}
			})
			// The random player must have played: served, broken bricks
			// and lost games, or the invariants were checked on nothing.
			if broken.Load() < 20 || lostGames.Load() < 20 || serves.Load() < 100 {
				t.Errorf("60 random games broke %d bricks, lost %d games, served %d balls; want at least 20, 20, 100",
					broken.Load(), lostGames.Load(), serves.Load())
			}
			t.Logf("60 random games on %s broke %d bricks, lost %d games, served %d balls", e, broken.Load(), lostGames.Load(), serves.Load())
		})
	}
}

// check fails the test unless the game's invariants hold.
func (s *sim) check() {
	s.t.Helper()
	points := 0
	left := 0
	for i := range s.bricks {
		b := &s.bricks[i]
		if b.id != 0 {
			left++
		} else if b.pos != (mgl64.Vec2{}) { // built (no brick is at the origin), then broken
			points += styleOf(b.row).points
		}
	}
	if left != s.left || s.left+s.broken != s.startBricks || points != s.score {
		s.t.Fatalf("tick %d: %d bricks standing (left says %d), %d broken of %d, score %d for %d points broken",
			s.n, left, s.left, s.broken, s.startBricks, s.score, points)
	}
	if (s.ball != 0) != (s.screen == playing) || s.lives < 0 || (s.lives == 0) != (s.screen == lost) {
		s.t.Fatalf("tick %d: screen %d with ball %d and %d lives", s.n, s.screen, s.ball, s.lives)
	}
	if x := s.state(s.paddle).Pos.X(); math.Abs(x) > paddleMaxX+1e-9 {
		s.t.Fatalf("tick %d: paddle at x %v, outside ±%v", s.n, x, paddleMaxX)
	}
}

func TestStateHashSeesEveryPartOfTheGame(t *testing.T) {
	base := newSim(t, backend.Chipmunk, 3, numBricks)
	same := newSim(t, backend.Chipmunk, 3, numBricks)
	if base.StateHash() != same.StateHash() {
		t.Fatal("two new games hash differently")
	}
	for name, change := range map[string]func(g *game){
		"score":  func(g *game) { g.score++ },
		"best":   func(g *game) { g.best++ },
		"lives":  func(g *game) { g.lives-- },
		"screen": func(g *game) { g.screen = won },
		"paused": func(g *game) { g.paused = true },
		"serves": func(g *game) { g.serves++ },
		"mouse":  func(g *game) { g.lastMouse = 1 },
		"brick":  func(g *game) { g.bricks[7].hits-- },
		"touch":  func(g *game) { g.touched[0], g.nTouched = 3, 1 },
	} {
		s := newSim(t, backend.Chipmunk, 3, numBricks)
		change(s.game)
		if s.StateHash() == base.StateHash() {
			t.Errorf("a change of %s does not change the hash", name)
		}
	}
}

func TestFlagsOutsideTheirRangeAreRefusedNamingTheFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // in the error; "" parses
	}{
		{[]string{"-lives", "1", "-bricks", "1"}, ""},
		{[]string{"-lives", "9", "-bricks", "60"}, ""},
		{[]string{"-lives", "0"}, "-lives: want 1 to 9"},
		{[]string{"-lives", "10"}, "-lives: want 1 to 9"},
		{[]string{"-bricks", "0"}, "-bricks: want 1 to 60"},
		{[]string{"-bricks", "61"}, "-bricks: want 1 to 60"},
	} {
		_, err := desktop.Parse(newGame(), config(), tc.args)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v: %v, want it accepted", tc.args, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%v: error %v, want one saying %q", tc.args, err, tc.want)
		}
	}
}

func padInput(f func(p *gamepad.State)) engine.Input {
	var in engine.Input
	in.Pads[1].Connected = true // any slot plays
	f(&in.Pads[1])
	return in
}

func TestAControllerStartsSteersLaunchesAndPauses(t *testing.T) {
	s := newSim(t, backend.Chipmunk, 3, numBricks)
	s.tick(padInput(func(p *gamepad.State) { p.Pressed, p.Buttons = 1<<gamepad.A, 1<<gamepad.A }))
	if s.screen != serving {
		t.Fatalf("A on the title: screen %d, want serving", s.screen)
	}
	for _, tc := range []struct {
		name string
		in   engine.Input
		v    float64 // the paddle's velocity it sets
	}{
		{"D-pad right", padInput(func(p *gamepad.State) { p.Buttons = 1 << gamepad.Right }), paddleSpeed},
		{"D-pad left", padInput(func(p *gamepad.State) { p.Buttons = 1 << gamepad.Left }), -paddleSpeed},
		{"stick full left", padInput(func(p *gamepad.State) { p.Axes[gamepad.LeftX] = -32768 }), -paddleSpeed},
		{"stick half right", padInput(func(p *gamepad.State) {
			p.Axes[gamepad.LeftX] = gamepad.StickDeadZone + (32767-gamepad.StickDeadZone)/2
		}), paddleSpeed / 2},
		{"stick in its dead zone", padInput(func(p *gamepad.State) { p.Axes[gamepad.LeftX] = gamepad.StickDeadZone - 1 }), 0},
	} {
		s.tick(tc.in)
		if v := s.state(s.paddle).Vel.X(); math.Abs(v-tc.v) > 1e-3 {
			t.Errorf("%s: paddle velocity %v, want %v", tc.name, v, tc.v)
		}
	}
	s.tick(padInput(func(p *gamepad.State) { p.Pressed, p.Buttons = 1<<gamepad.A, 1<<gamepad.A }))
	if s.screen != playing {
		t.Fatalf("A while serving: screen %d, want playing", s.screen)
	}
	start := padInput(func(p *gamepad.State) { p.Pressed, p.Buttons = 1<<gamepad.Start, 1<<gamepad.Start })
	s.tick(start)
	if !s.paused {
		t.Fatal("Start did not pause")
	}
	s.tick(start)
	if s.paused {
		t.Fatal("Start again did not resume")
	}
	s.tick(press(engine.KeyPause))
	if !s.paused {
		t.Fatal("the Pause key did not pause")
	}
}
