package main

import (
	"image/color"
	"math"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

const (
	sparksPerBrick = 12
	maxSparks      = 8 * sparksPerBrick // a few bricks' worth at once
	sparkLife      = 40                 // ticks
	sparkGravity   = 18.0               // world units a second squared, down
)

// spark is a fragment of a broken brick flying off. Sparks are looks only:
// nothing in the game reads them, so the state hash leaves them out, but
// they move in Tick like everything else so that a replay shows them.
type spark struct {
	pos, prev, vel mgl64.Vec2
	life           int // ticks left; 0: unused
	tint           color.RGBA
}

// sparks is a fixed pool: a new burst takes the oldest places.
type sparks struct {
	s    [maxSparks]spark
	next int
}

// burst throws sparksPerBrick sparks from a brick at pos, fanned out over
// a circle at speeds that differ by place, the same for every brick.
func (p *sparks) burst(pos mgl64.Vec2, tint color.RGBA) {
	for i := range sparksPerBrick {
		a := 2 * math.Pi * (float64(i) + 0.5) / sparksPerBrick
		sn, cs := math.Sincos(a)
		speed := 3 + 2.5*float64(i%3)
		off := mgl64.Vec2{cs * brickW / 3, sn * brickH / 3}
		p.s[p.next] = spark{pos: pos.Add(off), prev: pos.Add(off), vel: mgl64.Vec2{cs * speed, sn*speed + 2}, life: sparkLife, tint: tint}
		p.next = (p.next + 1) % maxSparks
	}
}

// tick moves every live spark one step.
func (p *sparks) tick(dt time.Duration) {
	sec := dt.Seconds()
	for i := range p.s {
		s := &p.s[i]
		if s.life == 0 {
			continue
		}
		s.life--
		s.prev = s.pos
		s.vel[1] -= sparkGravity * sec
		s.pos = s.pos.Add(s.vel.Mul(sec))
	}
}

// hold keeps every spark where it is, drawn still while the game is
// paused (Draw blends from prev to pos).
func (p *sparks) hold() {
	for i := range p.s {
		p.s[i].prev = p.s[i].pos
	}
}
