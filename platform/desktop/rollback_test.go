package desktop

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

type plain struct{}

func (plain) Tick(*engine.Tick) error                { return nil }
func (plain) Draw(*sdl2.Canvas, *engine.Frame) error { return nil }

type copyable struct{ plain }

func (copyable) Fork() (engine.Predictor, error) { return copyable{}, nil }
func (copyable) CopyFrom(engine.Predictor) error { return nil }

func TestRollbackIsTheDefaultUnlessTurnedOffOrTheGameCannotBeCopied(t *testing.T) {
	for _, tc := range []struct {
		name string
		net  NetOptions
		game Game
		want int
		log  bool // says it plays in pure lockstep
	}{
		{"default", NetOptions{}, copyable{}, 8, false},
		{"set", NetOptions{Rollback: 3}, copyable{}, 3, false},
		{"off", NetOptions{Rollback: 3, NoRollback: true}, copyable{}, 0, false},
		{"cannot copy", NetOptions{Rollback: 3}, plain{}, 0, true},
	} {
		var out bytes.Buffer
		parts := PartsOf(tc.game, nil)
		got := tc.net.rollbackFor(&parts, slog.New(slog.NewTextHandler(&out, nil)))
		said := strings.Count(out.String(), "pure lockstep")
		if got != tc.want || said != map[bool]int{true: 1, false: 0}[tc.log] {
			t.Errorf("%s: rollback %d, log %q; want %d, saying pure lockstep: %v", tc.name, got, out.String(), tc.want, tc.log)
		}
	}
}
