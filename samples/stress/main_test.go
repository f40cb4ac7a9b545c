package main

import (
	"math"
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/chipmunk"
	"github.com/lockstep-engine/lockstep/samples/scene"
)

// Whatever -bodies says, the balls Build adds are half a meter in the
// units of the world WorldConfig asks for, in the samples' default world.
func TestWorldConfigMakesTheBallsHalfAMeterAcross(t *testing.T) {
	for _, n := range []int{0, 1, 50, 2000, 4000, 20000} {
		s := &stress{bodies: n}
		cfg := s.WorldConfig()
		if err := cfg.Validate(); err != nil {
			t.Fatalf("-bodies %d: %v", n, err)
		}
		def := scene.DefaultWorldConfig()
		if cfg.Gravity != def.Gravity || cfg.Iterations != def.Iterations || cfg.Damping != def.Damping || cfg.Sleep != def.Sleep {
			t.Errorf("-bodies %d: config %+v strays from the default %+v", n, cfg, def)
		}
		w, err := chipmunk.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Build(w, 1); err != nil {
			t.Fatalf("-bodies %d: %v", n, err)
		}
		shapes, err := w.Shapes(s.first, nil)
		if err != nil || len(shapes) != 1 || shapes[0].Kind != physics.Circle {
			t.Fatalf("-bodies %d: the first ball's shapes are %v, %v", n, shapes, err)
		}
		if m := shapes[0].Radius / cfg.UnitsPerMeter; math.Abs(m-metersRadius) > 1e-12 {
			t.Errorf("-bodies %d: a ball of radius %v is %v m at %v units a meter, want %v", n, shapes[0].Radius, m, cfg.UnitsPerMeter, metersRadius)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
