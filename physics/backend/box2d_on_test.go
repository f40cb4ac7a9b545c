//go:build box2d && cgo

package backend

import (
	"slices"
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/box2d"
)

func TestBox2DWithTheTagOpensABox2DWorld(t *testing.T) {
	w, err := New(Box2D, physics.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, ok := w.(*box2d.World); !ok {
		t.Errorf("New(Box2D) made a %T", w)
	}
	if !slices.Equal(Built(), []Engine{Chipmunk, Box2D, Exact}) || Usage() != "chipmunk, box2d, exact" {
		t.Errorf("Built() = %v, Usage() = %q; want all three engines", Built(), Usage())
	}
}
