package main

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Following cfg from desktop.Main, each step of the run takes the Config
// (or the part it needs) once: the run's files are each entered once, in
// the run's order, after the command line's.
func TestTheRunsStepsTakeTheConfigOnceEach(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	var out, errs bytes.Buffer
	if code := run(nil, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	var path []string
	for _, l := range strings.Split(out.String(), "\n") {
		if p, ok := strings.CutPrefix(l, "path: "); ok {
			path = strings.Split(p, " → ")
		}
	}
	steps := []string{"run.go", "outputs.go", "player.go", "netstart.go", "sound.go", "tape.go", "runner.go", "synctest.go"}
	at := -1
	for _, s := range steps {
		i := slices.Index(path, s)
		if i <= at || slices.Index(path[i+1:], s) >= 0 {
			t.Errorf("%s: not entered once after the step before it in %v", s, path)
		}
		at = i
	}
	if path[0] != "flags.go" || slices.Index(path, "run.go") < slices.Index(path, "check.go") {
		t.Errorf("the command line is not parsed and checked before the run: %v", path)
	}
}
