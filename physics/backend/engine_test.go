package backend

import (
	"errors"
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
)

func TestEngineNamesRoundTripThroughText(t *testing.T) {
	for _, e := range Engines() {
		text, err := e.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Engine
		if err := back.UnmarshalText(text); err != nil || back != e {
			t.Errorf("%v: marshalled as %q, read back as %v, %v", e, text, back, err)
		}
	}
	if got := []string{Chipmunk.String(), Box2D.String(), Exact.String()}; !slices.Equal(got, []string{"chipmunk", "box2d", "exact"}) {
		t.Errorf("names %q, want chipmunk, box2d and exact", got)
	}
}

func TestUnknownEnginesAreRefusedNamingTheKnownOnes(t *testing.T) {
	for _, name := range []string{"", "Box2D", "bullet", "chipmunk "} {
		if _, err := Parse(name); err == nil || !strings.Contains(err.Error(), "chipmunk") || !strings.Contains(err.Error(), "box2d") {
			t.Errorf("Parse(%q): %v; want an error listing chipmunk and box2d", name, err)
		}
	}
	if _, err := New(Engine(9), physics.Config{}); err == nil || !strings.Contains(err.Error(), "unknown") {
		t.Errorf("New(Engine(9)): %v; want unknown engine", err)
	}
	if _, err := Engine(9).MarshalText(); err == nil {
		t.Error("Engine(9) marshalled")
	}
}

func TestPhysicsFlagReadsAnEngine(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want Engine
		ok   bool
	}{
		{nil, Chipmunk, true},
		{[]string{"-physics", "box2d"}, Box2D, true},
		{[]string{"-physics=chipmunk"}, Chipmunk, true},
		{[]string{"-physics", "exact"}, Exact, true},
		{[]string{"-physics", "havok"}, Chipmunk, false},
	} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(new(strings.Builder))
		var e Engine
		fs.TextVar(&e, "physics", Chipmunk, Usage())
		err := fs.Parse(tc.args)
		if (err == nil) != tc.ok || (tc.ok && e != tc.want) {
			t.Errorf("%q: engine %v, error %v; want %v, ok %v", tc.args, e, err, tc.want, tc.ok)
		}
	}
}

func TestChipmunkAndExactAreAlwaysBuilt(t *testing.T) {
	for _, e := range []Engine{Chipmunk, Exact} {
		if !slices.Contains(Built(), e) {
			t.Fatalf("Built() = %v, want %v in it", Built(), e)
		}
		w, err := New(e, physics.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestNewRefusesABadConfigInEveryEngine(t *testing.T) {
	for _, e := range Built() {
		if _, err := New(e, physics.Config{Damping: 2}); !errors.Is(err, physics.ErrInvalid) {
			t.Errorf("%v with damping 2: %v; want ErrInvalid", e, err)
		}
	}
}
