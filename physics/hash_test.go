package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func sampleStates() []BodyState {
	return []BodyState{
		{ID: 1, Pos: mgl64.Vec2{1.5, -2}, Angle: 0.25, Vel: mgl64.Vec2{3, 4}, AngVel: -1},
		{ID: 7, Pos: mgl64.Vec2{0, 1e300}, Angle: -math.Pi, Vel: mgl64.Vec2{5e-324, 0}, AngVel: 0},
	}
}

func TestHashIsEqualForEqualBits(t *testing.T) {
	a, b := sampleStates(), sampleStates()
	if Hash(a) != Hash(b) {
		t.Fatal("equal snapshots hashed differently")
	}
	b[0].Teleported = true
	if Hash(a) != Hash(b) {
		t.Fatal("Teleported, which is not state, changed the hash")
	}
	if Hash(nil) != Hash([]BodyState{}) {
		t.Fatal("nil and empty hashed differently")
	}
}

func TestHashChangesWithAnyBit(t *testing.T) {
	base := Hash(sampleStates())
	// Every bit of every hashed field of every body is flipped once, in a
	// fresh copy.
	type field struct {
		name string
		flip func(s *BodyState, bit uint)
		bits uint
	}
	flipF := func(f *float64, bit uint) { *f = math.Float64frombits(math.Float64bits(*f) ^ 1<<bit) }
	all := []field{
		{"ID", func(s *BodyState, bit uint) { s.ID ^= 1 << bit }, 32},
		{"Pos.X", func(s *BodyState, bit uint) { flipF(&s.Pos[0], bit) }, 64},
		{"Pos.Y", func(s *BodyState, bit uint) { flipF(&s.Pos[1], bit) }, 64},
		{"Angle", func(s *BodyState, bit uint) { flipF(&s.Angle, bit) }, 64},
		{"Vel.X", func(s *BodyState, bit uint) { flipF(&s.Vel[0], bit) }, 64},
		{"Vel.Y", func(s *BodyState, bit uint) { flipF(&s.Vel[1], bit) }, 64},
		{"AngVel", func(s *BodyState, bit uint) { flipF(&s.AngVel, bit) }, 64},
	}
	for body := range sampleStates() {
		for _, f := range all {
			for bit := range f.bits {
				s := sampleStates()
				f.flip(&s[body], bit)
				if Hash(s) == base {
					t.Errorf("flipping bit %d of body %d's %s left the hash unchanged", bit, body, f.name)
				}
			}
		}
	}
	if Hash(sampleStates()[:1]) == base {
		t.Error("dropping a body left the hash unchanged")
	}
	swapped := sampleStates()
	swapped[0], swapped[1] = swapped[1], swapped[0]
	if Hash(swapped) == base {
		t.Error("reordering bodies left the hash unchanged")
	}
}

func TestHashAllocatesNothing(t *testing.T) {
	s := make([]BodyState, 1000)
	if n := testing.AllocsPerRun(100, func() { Hash(s) }); n != 0 {
		t.Fatalf("Hash allocated %v times a call, want 0", n)
	}
}

func TestDigestStringIsSixteenHexDigits(t *testing.T) {
	if got := Digest(0xab).String(); got != "00000000000000ab" {
		t.Fatalf("got %q", got)
	}
}
