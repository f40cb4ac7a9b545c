package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestEveryConfigurationOfAScenesEndsOnOneHash(t *testing.T) {
	var out, errs bytes.Buffer
	code := run([]string{"-scenes", "tumble,interp", "-ticks", "40"}, &out, &errs)
	if code != 0 {
		t.Fatalf("determinism exited %d\nstdout:\n%s\nstderr:\n%s", code, &out, &errs)
	}
	for _, want := range []string{"ok   tumble", "ok   interp", "stalls", "cap 144", "max-steps 1"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, &out)
		}
	}
}

func TestUnknownSceneIsABadCommandLine(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"-scenes", "nosuchscene"}, &out, &errs); code == 0 {
		t.Fatalf("determinism accepted an unknown scene:\n%s%s", &out, &errs)
	}
	if !strings.Contains(out.String()+errs.String(), "nosuchscene") {
		t.Fatalf("the error does not name the scene:\n%s%s", &out, &errs)
	}
}
