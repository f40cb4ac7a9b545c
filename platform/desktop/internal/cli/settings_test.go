package cli

import (
	"errors"
	"flag"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

// game has two flags of its own: -speed, which changes the ticks, and
// -bot, which a test names local.
type game struct {
	speed, bot int
}

func (g *game) Flags(fs *flag.FlagSet) {
	fs.IntVar(&g.speed, "speed", 1, "speed")
	fs.IntVar(&g.bot, "bot", 0, "bot")
}

func (g *game) Validate() error {
	if g.speed < 1 {
		return errors.New("-speed: want 1 or more")
	}
	return nil
}

// run is a configuration with a shared flag kept (-seed) and one not
// (-mode), bound as platform/desktop's table binds them.
type run struct {
	seed  int
	mode  string
	given []tape.Setting
	fs    *flag.FlagSet
	g     *GameFlags
}

func newRun(t *testing.T) *run {
	t.Helper()
	r := &run{seed: 1, fs: flag.NewFlagSet("run", flag.ContinueOnError)}
	r.fs.IntVar(&r.seed, "seed", 1, "seed")
	r.fs.StringVar(&r.mode, "mode", "vsync", "mode")
	r.g = NewGameFlags(&game{}, r.fs)
	return r
}

func (r *run) settings() *Settings {
	return &Settings{Game: r.g, Local: []string{"bot"}, Given: &r.given, Shared: []Shared{
		{Name: "seed", Get: func() string { return strconv.Itoa(r.seed) },
			Set: func(v string) (err error) { r.seed, err = strconv.Atoi(v); return err }},
		{Name: "mode"},
	}}
}

func TestARecordingKeepsTheKeptSharedFlagsAndTheGamesButTheLocalOnes(t *testing.T) {
	r := newRun(t)
	if err := r.g.SetAll([]tape.Setting{{Name: "speed", Value: "3"}, {Name: "bot", Value: "9"}}, "GameFlags"); err != nil {
		t.Fatal(err)
	}
	got := r.settings().Recorded()
	want := []tape.Setting{{Name: "seed", Value: "1"}, {Name: "speed", Value: "3"}}
	if !slices.Equal(got, want) {
		t.Errorf("recorded %v, want %v", got, want)
	}
	given, game := r.g.Given()
	if !given["speed"] || !given["bot"] || given["seed"] || len(game) != 2 {
		t.Errorf("given %v, the game's %v: want -speed and -bot, the game's both", given, game)
	}
}

func TestAdoptTakesWhatARecordingKeepsAndRefusesTheRest(t *testing.T) {
	from := Source{Prefix: "-replay x", Who: "the recording", Fix: "replay it with the program that made it"}
	for _, tc := range []struct {
		name string
		ss   []tape.Setting
		want string // in the error; "" adopts
	}{
		{"kept", []tape.Setting{{Name: "seed", Value: "7"}, {Name: "speed", Value: "4"}}, ""},
		{"twice", []tape.Setting{{Name: "seed", Value: "7"}, {Name: "seed", Value: "8"}}, "sets -seed twice"},
		{"a shared flag not kept", []tape.Setting{{Name: "mode", Value: "cap"}}, "-mode cap, which recordings cannot set"},
		{"a local flag", []tape.Setting{{Name: "bot", Value: "2"}}, "-bot 2, which recordings cannot set"},
		{"unknown", []tape.Setting{{Name: "gravity", Value: "1"}}, "-gravity 1, which this program does not have: replay it with"},
		{"a bad value", []tape.Setting{{Name: "speed", Value: "fast"}}, "the recording's -speed fast"},
	} {
		r := newRun(t)
		err := r.settings().Adopt(tc.ss, nil, from)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v, want adopted", tc.name, err)
		case tc.want == "" && (r.seed != 7 || !slices.Equal(r.given, []tape.Setting{{Name: "speed", Value: "4"}})):
			t.Errorf("%s: seed %d, game flags given %v: want 7 and -speed 4", tc.name, r.seed, r.given)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}

func TestAdoptKeepsWhatTheUserChoseAndRefusesAContradiction(t *testing.T) {
	r := newRun(t)
	chosen := func(name string) bool { return name == "seed" }
	from := Source{Prefix: "netplay", Who: "the host"}
	if err := r.settings().Adopt([]tape.Setting{{Name: "seed", Value: "1"}}, chosen, from); err != nil {
		t.Fatalf("the host's seed as chosen: %v", err)
	}
	err := r.settings().Adopt([]tape.Setting{{Name: "seed", Value: "5"}}, chosen, from)
	if err == nil || !strings.Contains(err.Error(), "-seed 1 contradicts the host's -seed 5") {
		t.Fatalf("another seed than chosen: %v", err)
	}
}

func TestTheGamesFlagsRefuseWhatIsNotTheirs(t *testing.T) {
	r := newRun(t)
	for _, tc := range []struct {
		ss   []tape.Setting
		want string
	}{
		{[]tape.Setting{{Name: "seed", Value: "2"}}, "GameFlags sets -seed, which is not one of the game's flags"},
		{[]tape.Setting{{Name: "speed", Value: "2"}, {Name: "speed", Value: "3"}}, "sets -speed twice"},
		{[]tape.Setting{{Name: "speed", Value: "x"}}, `invalid value "x" for -speed (GameFlags)`},
	} {
		if err := r.g.SetAll(tc.ss, "GameFlags"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.ss, err, tc.want)
		}
	}
	if err := r.g.Check([]string{"mode"}, "LocalFlags"); err == nil || !strings.Contains(err.Error(), "LocalFlags names -mode") {
		t.Errorf("a shared flag named local: %v", err)
	}
	none := NewGameFlags(nil, nil)
	if err := none.SetAll([]tape.Setting{{Name: "speed", Value: "2"}}, "GameFlags"); err == nil || !strings.Contains(err.Error(), "no flags of its own") {
		t.Errorf("a game without flags given one: %v", err)
	}
	if err := r.g.SetAll([]tape.Setting{{Name: "speed", Value: "0"}}, "GameFlags"); err != nil {
		t.Fatal(err)
	}
	if err := r.g.Check(nil, "LocalFlags"); err == nil || !strings.Contains(err.Error(), "want 1 or more") {
		t.Errorf("a value the game's Validate refuses: %v", err)
	}
}
