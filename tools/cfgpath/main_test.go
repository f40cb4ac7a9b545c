package main

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Following cfg from desktop.Main, each step of the run takes the Config
// (or the part it needs) once: from run.go on, no file is entered twice,
// and the command line is parsed and checked before.
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
	steps := slices.Index(path, "run.go")
	if steps < 0 {
		t.Fatalf("the run (run.go) is never entered: %v", path)
	}
	seen := map[string]bool{}
	for _, f := range path[steps:] {
		if seen[f] {
			t.Errorf("%s is entered twice in the run's steps %v", f, path[steps:])
		}
		seen[f] = true
	}
	if check := slices.Index(path, "check.go"); path[0] != "flags.go" || check < 0 || check > steps {
		t.Errorf("the command line is not parsed and checked before the run: %v", path)
	}
}
