package main

import (
	"bytes"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/platform/actions"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/tilemap"
)

// The actions, in the order of actionDefs.
const (
	actUp actions.Action = iota
	actDown
	actLeft
	actRight
	actDash
)

var actionDefs = []actions.Def{
	{Name: "up", Defaults: []actions.Binding{actions.KeyBinding(engine.KeyUp), actions.KeyBinding(engine.KeyW), actions.AxisBinding(gamepad.LeftY, -1)}},
	{Name: "down", Defaults: []actions.Binding{actions.KeyBinding(engine.KeyDown), actions.KeyBinding(engine.KeyS), actions.AxisBinding(gamepad.LeftY, 1)}},
	{Name: "left", Defaults: []actions.Binding{actions.KeyBinding(engine.KeyLeft), actions.KeyBinding(engine.KeyA), actions.AxisBinding(gamepad.LeftX, -1)}},
	{Name: "right", Defaults: []actions.Binding{actions.KeyBinding(engine.KeyRight), actions.KeyBinding(engine.KeyD), actions.AxisBinding(gamepad.LeftX, 1)}},
	{Name: "dash", Defaults: []actions.Binding{actions.KeyBinding(engine.KeySpace), actions.PadBinding(gamepad.A)}},
}

const (
	tile      = 1.0 // world units a tile
	speed     = 6.0 // world units a second
	dashSpeed = 14.0
	numGems   = 12
	reach     = 0.7 // how close the player must come to a gem
)

// game is the simulation (world, player, gems, score: changed only in
// Tick) and the player's side (menus, camera, minimap: changed in Update
// and Draw).
type game struct {
	world  physics.World
	player physics.BodyID
	tiles  *tilemap.Map
	gems   [numGems]mgl64.Vec2
	got    uint32 // a bit per gem collected
	score  int
	dash   int // ticks of dash left

	keys *actions.Map
	ui   screens
	view view
}

func newGame() *game {
	keys, err := actions.New(actionDefs)
	if err != nil {
		panic(err) // the definitions above are fixed
	}
	return &game{keys: keys}
}

// Start builds the world from the map and the gems from the seed, puts the
// actions between the window and the loop, and loads the player's
// bindings and the menus.
func (g *game) Start(s *desktop.Setup) error {
	m, err := tilemap.Decode(bytes.NewReader(arenaMap), tilemap.Limits{})
	if err != nil {
		return err
	}
	g.tiles = m
	if g.world, err = s.NewWorld(physics.Config{}); err != nil {
		return err
	}
	if _, err := m.AddSolid(g.world, 1, tile, physics.Shape{Friction: 0.2}); err != nil {
		return err
	}
	g.player, err = g.world.AddBody(physics.BodyDef{Pos: mgl64.Vec2{20, 15}, FixedRotation: true,
		Shapes: []physics.Shape{{Kind: physics.Circle, Radius: 0.4, Density: 1}}})
	if err != nil {
		return err
	}
	g.placeGems(s.Seed)
	s.Window.SetEventWrapper(g.keys)
	if p := s.Player.Get(); p.Bindings != nil {
		if err := g.keys.SetBindings(p.Bindings); err != nil {
			s.Log.Warn("saved controls ignored", "err", err)
		}
	}
	if err := g.view.load(s.Window, m); err != nil {
		return err
	}
	return g.ui.load(s, g.keys, g.view.face)
}

// placeGems scatters the gems over free floor, from the seed.
func (g *game) placeGems(seed uint64) {
	x := seed*0x9e3779b97f4a7c15 + 1
	for i := 0; i < numGems; {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		cx, cy := int(x%uint64(g.tiles.Width)), int((x>>20)%uint64(g.tiles.Height))
		if g.tiles.At(1, cx, cy).GID != 0 {
			continue
		}
		g.gems[i] = mgl64.Vec2{float64(cx) + 0.5, float64(g.tiles.Height-cy) - 0.5}
		i++
	}
}

// World is the physics world the loop steps after each tick.
func (g *game) World() physics.Stepper { return g.world }

// Tick moves the player by the actions and collects the gems it reaches.
func (g *game) Tick(t *engine.Tick) error {
	in := &t.Input
	dir := mgl64.Vec2{}
	for _, a := range []struct {
		act actions.Action
		d   mgl64.Vec2
	}{{actUp, mgl64.Vec2{0, 1}}, {actDown, mgl64.Vec2{0, -1}}, {actLeft, mgl64.Vec2{-1, 0}}, {actRight, mgl64.Vec2{1, 0}}} {
		if a.act.Down(in) {
			dir = dir.Add(a.d)
		}
	}
	if actDash.Pressed(in) && g.dash == 0 {
		g.dash = 12
	}
	v := speed
	if g.dash > 0 {
		g.dash--
		v = dashSpeed
	}
	if l := dir.Len(); l > 0 {
		dir = dir.Mul(v / l)
	}
	if err := g.world.SetVelocity(g.player, dir, 0); err != nil {
		return fmt.Errorf("move the player: %w", err)
	}
	st, err := g.world.State(g.player)
	if err != nil {
		return err
	}
	for i, gem := range g.gems {
		if g.got&(1<<i) == 0 && st.Pos.Sub(gem).Len() < reach {
			g.got |= 1 << i
			g.score++
		}
	}
	return nil
}

// StateHash covers what lives outside the world: the gems and the dash.
func (g *game) StateHash() uint64 {
	return uint64(g.got) | uint64(g.score)<<32 | uint64(g.dash)<<48
}

// Close frees the world.
func (g *game) Close() error { return g.world.Close() }

// won reports whether every gem is collected.
func (g *game) won() bool { return g.score == numGems }

// playerAt returns the player's drawn position among the frame's bodies.
func playerAt(bodies []physics.BodyState, id physics.BodyID) mgl64.Vec2 {
	for i := range bodies {
		if bodies[i].ID == id {
			return bodies[i].Pos
		}
	}
	return mgl64.Vec2{math.NaN(), math.NaN()}
}
