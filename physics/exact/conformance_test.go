package exact_test

import (
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/exact"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

func open(cfg physics.Config) (physics.World, error) {
	w, err := exact.New(cfg)
	if err != nil {
		return nil, err // not a typed nil in an interface
	}
	return w, nil
}

func TestConformance(t *testing.T) { physicstest.Run(t, open) }

func BenchmarkWorld(b *testing.B) { physicstest.Bench(b, open) }

func BenchmarkCopy(b *testing.B) { physicstest.BenchCopy(b, open) }
