package output_test

import (
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// A run checks its files before it starts, writes its summary through a
// temporary file and commits it at the end; an older summary stays as it
// was until then, and for good if the run fails.
func ExampleCreate() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "run.json")

	err = output.Distinct(
		output.Named{Flag: "-stats-json", Path: path},
		output.Named{Flag: "-replay", Path: filepath.Join(dir, "..", filepath.Base(dir), "run.json"), Input: true})
	fmt.Println(err != nil)

	f, err := output.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	if err := json.NewEncoder(f).Encode(map[string]int{"ticks": 600}); err != nil {
		f.Abort()
		log.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		log.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	fmt.Print(string(b))
	// Output:
	// true
	// {"ticks":600}
}
