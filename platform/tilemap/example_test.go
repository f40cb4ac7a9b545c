package tilemap_test

import (
	"fmt"
	"os"

	"github.com/lockstep-engine/lockstep/platform/tilemap"
)

// A map saved by Tiled, its solid layer covered with as few boxes as its
// rows allow: the room's walls and the block in it.
func ExampleDecode() {
	f, err := os.Open("testdata/arena.json")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	m, err := tilemap.Decode(f, tilemap.Limits{})
	if err != nil {
		panic(err)
	}
	for i, l := range m.Layers {
		fmt.Printf("%s solid %v: %d boxes\n", l.Name, l.Solid, len(m.Boxes(i)))
	}
	lo, hi := m.WorldRect(m.Boxes(0)[0], 1)
	fmt.Println("top wall from", lo, "to", hi)
	// Output:
	// walls solid true: 5 boxes
	// decor solid false: 2 boxes
	// top wall from [0 5] to [8 6]
}
