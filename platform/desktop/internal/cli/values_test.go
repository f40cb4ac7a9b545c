package cli

import (
	"bytes"
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

// Each value takes what its flag says, leaves its field alone on a bad
// value and says what it wants.
func TestValuesSetTheirFieldsAndRefuseWhatTheyCannotTake(t *testing.T) {
	var (
		no, mute, none bool
		n, depth       int
		d              time.Duration
		level          = 0.5
	)
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(Not{No: &no}, "interp", "")
	CountVar(fs, &n, "tps", 60, "")
	fs.Var(Duration{P: &d}, "max-frame", "")
	fs.Var(Volume{Level: &level, Mute: &mute}, "volume", "")
	DepthVar(fs, &depth, &none, "rollback", "")
	if n != 60 {
		t.Errorf("CountVar left %d, want its default 60", n)
	}
	if err := fs.Parse([]string{"-interp=false", "-tps", "120", "-max-frame", "40ms", "-volume", "0", "-rollback", "0"}); err != nil {
		t.Fatal(err)
	}
	if !no || n != 120 || d != 40*time.Millisecond || !mute || level != 0.5 || depth != 0 || !none {
		t.Errorf("got no %v, n %d, d %v, mute %v, level %v, depth %d, none %v", no, n, d, mute, level, depth, none)
	}
	for _, tc := range []struct{ args []string }{
		{[]string{"-interp=maybe"}}, {[]string{"-tps", "0"}}, {[]string{"-tps", "x"}},
		{[]string{"-max-frame", "10"}}, {[]string{"-volume", "loud"}}, {[]string{"-rollback", "x"}},
	} {
		if err := fs.Parse(tc.args); err == nil || !strings.Contains(err.Error(), "want") {
			t.Errorf("%v: %v, want an error saying what it wants", tc.args, err)
		}
	}
	if n != 120 || d != 40*time.Millisecond || level != 0.5 {
		t.Errorf("a refused value changed a field: n %d, d %v, level %v", n, d, level)
	}
}

// A zero default shows as none: -max-frame's follows the tick rate, and
// an on Not prints its default (the flag package compares with the zero
// value's String).
func TestDefaultsShowAsTheFlagPackagePrintsThem(t *testing.T) {
	var no bool
	var d time.Duration
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.Var(Not{No: &no}, "interp", "interpolation")
	fs.Var(Duration{P: &d}, "max-frame", "longest frame")
	var b bytes.Buffer
	Print(&b, fs, Usage{Group: func(string) Group { return Developer }})
	out := b.String()
	if !strings.Contains(out, "interpolation (default true)") {
		t.Errorf("an on Not shows no default:\n%s", out)
	}
	if strings.Contains(out, "longest frame (default") {
		t.Errorf("a zero Duration shows a default:\n%s", out)
	}
}

// -h lists each group under its heading, netplay's only for a game of
// several players, and the keys after the player's flags.
func TestPrintListsEachGroupUnderItsHeading(t *testing.T) {
	fs := flag.NewFlagSet("game", flag.ContinueOnError)
	for _, name := range []string{"mute", "host", "tps"} {
		fs.Bool(name, false, name+" usage")
	}
	groups := map[string]Group{"mute": Player, "host": Net, "tps": Developer}
	u := Usage{Description: "a test", Keys: [][2]string{{"F11", "fullscreen"}}, Group: func(n string) Group { return groups[n] }}
	for _, multi := range []bool{false, true} {
		u.Multi = multi
		var b bytes.Buffer
		Print(&b, fs, u)
		out := b.String()
		order := []string{"game: a test", "flags:", "-mute", "keys", "F11", "developer flags", "-tps"}
		if multi {
			order = []string{"game: a test", "flags:", "-mute", "keys", "F11", "netplay flags", "-host", "developer flags", "-tps"}
		}
		at := 0
		for _, w := range order {
			i := strings.Index(out[at:], w)
			if i < 0 {
				t.Fatalf("multi %v: %q missing or out of order in:\n%s", multi, w, out)
			}
			at += i + len(w)
		}
		if !multi && strings.Contains(out, "-host") {
			t.Errorf("a game of one player lists netplay's flags:\n%s", out)
		}
	}
}
