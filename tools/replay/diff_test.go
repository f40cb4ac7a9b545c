package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

type hashOf uint64

func (h hashOf) StateHash() uint64 { return uint64(h) }

// writePlayersTape records 200 ticks of two players; change alters player 1's
// input at tick inputAt, skew the state hash from tick hashAt on (0: never).
func writePlayersTape(t *testing.T, name string, inputAt, hashAt uint64) string {
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
	for n := range uint64(200) {
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
	if err := rec.Close(7); err != nil {
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
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			if got := run([]string{"-diff", base, tc.other}, &out, &errs); got != tc.status || !strings.Contains(out.String(), tc.want) {
				t.Fatalf("exit %d, %q %q: want %d saying %q", got, out.String(), errs.String(), tc.status, tc.want)
			}
		})
	}
}
