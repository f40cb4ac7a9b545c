//go:build box2d && cgo

package box2d

import (
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

// open makes a world for the conformance suite, returning a nil
// physics.World (not a nil *World) on error.
func open(cfg physics.Config) (physics.World, error) {
	w, err := New(cfg)
	if err != nil {
		return nil, err
	}
	return w, nil
}

func TestConformance(t *testing.T) { physicstest.Run(t, open) }

// The suite's scenes again with each unit half a meter: they describe
// metre-sized things, so Box2D sees them at half the size. Cases that set
// UnitsPerMeter themselves keep theirs.
func TestConformanceAtTwoUnitsPerMeter(t *testing.T) {
	physicstest.Run(t, func(cfg physics.Config) (physics.World, error) {
		if cfg.UnitsPerMeter == 0 {
			cfg.UnitsPerMeter = 2
		}
		return open(cfg)
	})
}

func BenchmarkCopy(b *testing.B) { physicstest.BenchCopy(b, open) }
