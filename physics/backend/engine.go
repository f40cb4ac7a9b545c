// Package backend picks a physics engine by name: the one line a scene,
// sample or tool changes to move between engines. Chipmunk (the pure-Go
// github.com/jakecoffman/cp/v2) is in every build. Box2D 2.4 is in builds
// made with the build tag box2d and cgo, which need Box2D 2.4's development
// package: libbox2d-dev on Debian and Ubuntu, Box2D-devel on Fedora.
// Homebrew and Arch ship Box2D 3.x, whose API is a different one, so on
// those systems only Chipmunk and Exact are available. Exact
// (physics/exact, our own, pure Go) is in every build and computes the
// same bits on every CPU and system, so its recordings and sessions cross
// processor kinds, and its worlds save and restore exactly.
//
// An Engine works with flag.TextVar:
//
//	engine := backend.Chipmunk
//	flag.TextVar(&engine, "physics", backend.Chipmunk, "physics engine: "+backend.Usage())
package backend

import (
	"fmt"
	"strings"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/chipmunk"
	"github.com/lockstep-engine/lockstep/physics/exact"
)

// Engine names a physics engine. The zero Engine is Chipmunk.
type Engine uint8

const (
	// Chipmunk is Chipmunk2D's Go port, github.com/jakecoffman/cp/v2:
	// always built, pure Go.
	Chipmunk Engine = iota
	// Box2D is Box2D 2.4 through cgo: faster, and allocation-free per
	// step, but only in builds with the box2d tag.
	Box2D
	// Exact is physics/exact, our own engine in pure Go: always built, the
	// same results on every CPU (amd64 with or without FMA, arm64) and
	// system, allocation-free per step, and restorable bit for bit.
	Exact
)

// count is how many engines there are.
const count = 3

func openExact(cfg physics.Config) (physics.World, error) {
	w, err := exact.New(cfg)
	if err != nil {
		return nil, err
	}
	return w, nil
}

func openChipmunk(cfg physics.Config) (physics.World, error) {
	w, err := chipmunk.New(cfg)
	if err != nil {
		return nil, err
	}
	return w, nil
}

// Engines returns every engine this package knows, built or not (see
// Available).
func Engines() []Engine {
	all := make([]Engine, count)
	for i := range all {
		all[i] = Engine(i)
	}
	return all
}

// Built returns the engines this build can open.
func Built() []Engine {
	var built []Engine
	for _, e := range Engines() {
		if e.Available() == nil {
			built = append(built, e)
		}
	}
	return built
}

// Available returns nil if this build can open e, or an error saying how to
// get a build that can.
func (e Engine) Available() error {
	switch {
	case e >= count:
		return fmt.Errorf("physics engine %v is unknown: use one of %s", e, Usage())
	case e == Box2D && !box2dBuilt:
		return errNoBox2D()
	}
	return nil
}

func errNoBox2D() error {
	return fmt.Errorf("physics engine %q is not in this build: %s", "box2d", noBox2DHint)
}

// String returns the engine's name, as Parse reads it.
func (e Engine) String() string {
	switch e {
	case Chipmunk:
		return "chipmunk"
	case Box2D:
		return "box2d"
	case Exact:
		return "exact"
	}
	return fmt.Sprintf("Engine(%d)", uint8(e))
}

// MarshalText returns the engine's name.
func (e Engine) MarshalText() ([]byte, error) {
	if e >= count {
		return nil, fmt.Errorf("backend: marshal %v: unknown engine", e)
	}
	return []byte(e.String()), nil
}

// UnmarshalText sets e to the engine named by text (see Parse). An engine
// that is known but not built is accepted here and refused by New, so that
// a recording made with it can still be read and named.
func (e *Engine) UnmarshalText(text []byte) error {
	p, err := Parse(string(text))
	if err != nil {
		return err
	}
	*e = p
	return nil
}

// Parse returns the engine named name: "chipmunk", "box2d" or "exact".
func Parse(name string) (Engine, error) {
	for _, e := range Engines() {
		if e.String() == name {
			return e, nil
		}
	}
	return 0, fmt.Errorf("physics engine %q is unknown: use one of %s", name, Usage())
}

// Usage lists the engines' names as a flag's help text wants them, marking
// those not in this build.
func Usage() string {
	names := make([]string, count)
	for i, e := range Engines() {
		names[i] = e.String()
		if e.Available() != nil {
			names[i] += " (not built)"
		}
	}
	return strings.Join(names, ", ")
}

// New returns an empty world simulated by engine e and configured by cfg,
// or an error if this build does not have e or cfg is invalid. Close the
// world when done with it: Box2D's lives outside Go's heap.
func New(e Engine, cfg physics.Config) (physics.World, error) {
	if err := e.Available(); err != nil {
		return nil, err
	}
	switch e {
	case Box2D:
		return openBox2D(cfg)
	case Exact:
		return openExact(cfg)
	}
	return openChipmunk(cfg)
}
