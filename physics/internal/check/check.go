// Package check holds the argument ranges every physics backend shares, so
// that a call one engine refuses the other refuses too, with the same
// message: numbers must be finite and within what Box2D's single precision
// holds at the world's Config.UnitsPerMeter, and sizes, masses and moments
// large enough that their inverses stay finite. Chipmunk computes in double
// precision and would take more, but only to step into NaN later (a
// velocity of 1e308 diverged 107 steps after it was set), so it refuses the
// same.
//
// It is internal: games meet these rules through the backends' errors,
// which wrap physics.ErrInvalid.
package check

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// Limit bounds every number, in meters (see Range): Box2D computes in
// single precision and asserts (aborting the process) on infinities, and
// the square of anything much beyond 1e19 is one. 1e15 leaves room for
// the products it forms from coordinates, lengths and masses.
const Limit = 1e15

// MinPositive is the smallest mass, moment, radius or size accepted, in
// meters: below it single precision loses the value or its inverse
// overflows.
const MinPositive = 1e-15

// Dim is how a quantity scales with the length unit.
type Dim int

const (
	// Plain quantities do not scale: angles, masses, friction, density,
	// stiffness, damping.
	Plain Dim = iota
	// Length quantities scale with it: lengths, and velocities, forces
	// and impulses, which are per length.
	Length
	// Inertia scales with its square: moments of inertia, mass × length².
	Inertia
)

// Range is the world's scale, physics.Config.UnitsPerMeter (1 when 0):
// the bounds above are in meters and are checked in world units.
type Range struct {
	PerMeter float64 // world units in a meter; never 0
}

// RangeOf returns the range of a world made with c.
func RangeOf(c *physics.Config) Range {
	if c.UnitsPerMeter == 0 {
		return Range{1}
	}
	return Range{c.UnitsPerMeter}
}

// Of returns x, a quantity of dimension d in meters, in world units.
func (r Range) Of(d Dim, x float64) float64 {
	for range d {
		x *= r.PerMeter
	}
	return x
}

// Finite refuses x when it is NaN or infinite, naming it.
func Finite(name string, x float64) error {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Errorf("%s is %v: %w; pass a finite number", name, x, physics.ErrInvalid)
	}
	return nil
}

// FiniteVec refuses v when a coordinate is NaN or infinite, naming it.
func FiniteVec(name string, v mgl64.Vec2) error {
	if err := Finite(name, v[0]); err != nil {
		return fmt.Errorf("%s is %v: %w; pass finite numbers", name, v, physics.ErrInvalid)
	}
	if err := Finite(name, v[1]); err != nil {
		return fmt.Errorf("%s is %v: %w; pass finite numbers", name, v, physics.ErrInvalid)
	}
	return nil
}

// Num refuses a plain number (an angle, an angular velocity) that is NaN,
// infinite or beyond ±Limit, naming it.
func Num(name string, x float64) error {
	if err := Finite(name, x); err != nil {
		return err
	}
	if !(x >= -Limit && x <= Limit) {
		return fmt.Errorf("%s is %g: %w; pass a number within ±%g (Box2D computes in single precision, and both engines keep its range)", name, x, physics.ErrInvalid, float64(Limit))
	}
	return nil
}

// Vec refuses a vector (a point, a velocity, a force or an impulse) with a
// coordinate that is NaN, infinite or beyond ±Limit meters in world units,
// naming it.
func (r Range) Vec(name string, v mgl64.Vec2) error {
	if err := FiniteVec(name, v); err != nil {
		return err
	}
	if l := r.Of(Length, Limit); !(v[0] >= -l && v[0] <= l && v[1] >= -l && v[1] <= l) {
		return fmt.Errorf("%s is (%g, %g): %w; pass numbers within ±%.4g (Box2D computes in single precision, and both engines keep its range)", name, v[0], v[1], physics.ErrInvalid, l)
	}
	return nil
}

// Positive refuses a quantity of dimension d outside [MinPositive, Limit]
// meters in world units.
func (r Range) Positive(name string, x float64, d Dim) error {
	if lo, hi := r.Of(d, MinPositive), r.Of(d, Limit); !(x >= lo && x <= hi) {
		return fmt.Errorf("%s is %g: %w; it must be within [%.4g, %.4g]", name, x, physics.ErrInvalid, lo, hi)
	}
	return nil
}

// NonNegative refuses a quantity of dimension d outside [0, Limit] meters
// in world units.
func (r Range) NonNegative(name string, x float64, d Dim) error {
	if hi := r.Of(d, Limit); !(x >= 0 && x <= hi) {
		return fmt.Errorf("%s is %g: %w; it must be within [0, %.4g]", name, x, physics.ErrInvalid, hi)
	}
	return nil
}

// Later is what a refusal with physics.ErrBusy tells the game to do
// instead: the world is in the middle of Step, reporting contacts.
const Later = "note what to change in OnContact (the IDs, say) and do it in your game's next Tick, or wherever you call Step once it has returned"
