package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

type hashOf uint64

func (h hashOf) StateHash() uint64 { return uint64(h) }

// writePlayersTape records 200 ticks of two players; change alters player 1's
// input at tick inputAt, skew the state hash from tick hashAt on (0: never).
func writePlayersTape(t *testing.T, name string, inputAt, hashAt uint64) string {
	t.Helper()
	return writeTicks(t, name, 200, inputAt, hashAt)
}

// writeTicks is writePlayersTape for a given number of ticks.
func writeTicks(t *testing.T, name string, ticks, inputAt, hashAt uint64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := tape.NewRecorder(f, tape.Header{Scene: "versus", TPS: 60, Players: 2, Interval: tape.PlayersInterval(2), Platform: "x"})
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]engine.Input, 2)
	for n := range ticks {
		ps[0], ps[1] = engine.Input{}, engine.Input{}
		if n%10 < 5 {
			ps[0].Down.Add(engine.KeyA)
		}
		if n == inputAt && inputAt > 0 {
			ps[1].Down.Add(engine.KeyUp)
		}
		h := n / 30
		if hashAt > 0 && n >= hashAt {
			h += 1000
		}
		if err := rec.TickPlayers(n, ps, hashOf(h)); err != nil {
			t.Fatal(err)
		}
	}
	h := ticks / 30
	if hashAt > 0 && ticks >= hashAt {
		h += 1000
	}
	if err := rec.Close(h); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDiffNamesTheFirstDifference(t *testing.T) {
	base := writePlayersTape(t, "a.tape", 0, 0)
	for _, tc := range []struct {
		name   string
		other  string
		status int
		want   string
	}{
		{"same", writePlayersTape(t, "b.tape", 0, 0), 0, "same: 200 ticks"},
		{"input", writePlayersTape(t, "b.tape", 37, 0), 1, "tick 37: player 1's input differs in Down"},
		{"state", writePlayersTape(t, "b.tape", 0, 100), 1, "state hash before tick 120"},
		{"one tick less", writeTicks(t, "b.tape", 199, 0, 0), 1, "b.tape ends after 199 ticks"},
		{"a tick more, same state", writeTicks(t, "b.tape", 201, 0, 0), 1, "a.tape ends after 200 ticks"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			if got := run([]string{"-diff", base, tc.other}, &out, &errs); got != tc.status || !strings.Contains(out.String(), tc.want) {
				t.Fatalf("exit %d, %q %q: want %d saying %q", got, out.String(), errs.String(), tc.status, tc.want)
			}
		})
	}
}

// TestDiffOfADesyncedSessionsTapesNamesTheTickTheyParted compares the
// tapes of a session that desynced at its hash of tick 120: one peer
// stopped before tick 120, the other after it.
func TestDiffOfADesyncedSessionsTapesNamesTheTickTheyParted(t *testing.T) {
	stopped := writeTicks(t, "a.tape", 120, 0, 0)
	ranOn := writeTicks(t, "b.tape", 121, 0, 120)
	for _, args := range [][]string{{stopped, ranOn}, {ranOn, stopped}} {
		var out, errs bytes.Buffer
		got := run(append([]string{"-diff"}, args...), &out, &errs)
		if got != 1 || !strings.Contains(out.String(), "state hash before tick 120") {
			t.Fatalf("exit %d, %q %q: want 1 naming the state before tick 120", got, out.String(), errs.String())
		}
	}
}

// TestFieldsNamesEveryFieldOfInput changes each field of engine.Input in
// turn, whatever its type (its first byte, which is never padding, set
// to 1), and checks that fields names exactly that one: a field added to
// Input is covered, or this fails naming it.
func TestFieldsNamesEveryFieldOfInput(t *testing.T) {
	typ := reflect.TypeFor[engine.Input]()
	for i := range typ.NumField() {
		name := typ.Field(i).Name
		var a, b engine.Input
		first := (*byte)(unsafe.Pointer(reflect.ValueOf(&b).Elem().Field(i).UnsafeAddr()))
		*first = 1
		if a == b {
			t.Fatalf("setting the first byte of Input.%s changed nothing: this test cannot cover it", name)
		}
		if got := fields(&a, &b); got != name {
			t.Errorf("Input.%s differs, and fields says %q", name, got)
		}
	}
	var a, b engine.Input
	b.MouseX = 1
	b.Pads[1].Axes[2] = 7
	if got, want := fields(&a, &b), "MouseX, Pads"; got != want {
		t.Fatalf("fields = %q, want %q", got, want)
	}
}
