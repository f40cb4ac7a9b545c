// Package samplebin finds the sample scenes of the repository and builds
// their commands, for tools that run scenes as a user would: as processes,
// with the shared command line.
package samplebin

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Dir returns the directory of the sample scenes: samples/ under Root.
func Dir() (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "samples"), nil
}

// Root returns the module's root directory, found by walking up from the
// working directory to go.mod.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory: run from inside the lockstep module or give -samples")
		}
		dir = parent
	}
}

// Discover lists the scenes under samples: every directory with a main.go,
// except the shared runner.
func Discover(samples string) ([]string, error) {
	mains, err := filepath.Glob(filepath.Join(samples, "*", "main.go"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, m := range mains {
		name := filepath.Base(filepath.Dir(m))
		if name != "scene" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	if len(names) == 0 {
		return nil, fmt.Errorf("no scenes in %s (looked for %s)", samples, filepath.Join(samples, "*", "main.go"))
	}
	return names, nil
}

// validName is what a scene's name may look like: one directory below
// samples, never a path.
var validName = regexp.MustCompile(`^[a-z0-9_-]+$`)

// Known reports whether name is one of the scenes Discover lists under
// samples. Names that come from outside, such as a recording's header,
// must pass it before they are built: Build would otherwise build and run
// whatever main package a crafted name points at.
func Known(samples, name string) (bool, error) {
	names, err := Discover(samples)
	if err != nil {
		return false, err
	}
	_, found := slices.BinarySearch(names, name)
	return found, nil
}

// Build builds samples/name into dir with the build tags given and
// returns the binary's path. It refuses a name that is not a plain
// directory name of lower-case letters, digits, '_' and '-'.
func Build(samples, name, dir string, tags ...string) (string, error) {
	if !validName.MatchString(name) {
		return "", fmt.Errorf("build %q: not a scene name (want lower-case letters, digits, '_' and '-')", name)
	}
	bin := filepath.Join(dir, name)
	cmd := exec.Command("go", "build", "-tags", strings.Join(tags, ","), "-o", bin, "./"+name)
	cmd.Dir = samples
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("build %s: %v\n%s", name, err, strings.TrimSpace(string(out)))
	}
	return bin, nil
}
