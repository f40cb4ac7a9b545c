package physicstest_test

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/physics/chipmunk"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

// A backend's conformance test is one line: physicstest.Run(t, open),
// where open makes an empty world of the backend. The pile the suite and
// the benchmarks step is there for any backend too.
func ExamplePile() {
	w, err := chipmunk.New(physicstest.PileConfig())
	if err != nil {
		panic(err)
	}
	defer w.Close()
	if err := physicstest.Pile(w, 100, 1); err != nil {
		panic(err)
	}
	fmt.Println(w.Len() >= 100)
	// Output: true
}
