package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/veandco/go-sdl2/sdl"
)

var update = flag.Bool("update", false, "record the tapes in testdata again with the pilot")

// game plays recorded in testdata, one tape per scenario and physics
// engine (the engines bounce the ball differently).
type scenario struct {
	name string
	args []string // the game's flags
	plan plan
	// ended checks the game after its last tick.
	ended func(t *testing.T, g *game)
}

func scenarios() []scenario {
	return []scenario{
		{
			// Three bricks, broken by a pilot that starts with Space,
			// moves with the arrow keys, launches with Space, aims with
			// the mouse and pauses once for a second.
			name: "win", args: []string{"-bricks", "3"},
			plan: plan{start: sdl.SCANCODE_SPACE, steerFirst: sdl.SCANCODE_RIGHT, launchKey: sdl.SCANCODE_SPACE,
				pauseAt: 90, pauseFor: 60, quitAfter: 60},
			ended: func(t *testing.T, g *game) {
				// The bottom row's bricks score 10 each.
				if g.screen != won || g.left != 0 || g.score != 30 || g.best != 30 || g.ball != 0 || g.paused {
					t.Errorf("after the tape: screen %d, %d bricks left, score %d, best %d, ball %d, paused %v; want won (%d), 0, 30, 30, 0, false",
						g.screen, g.left, g.score, g.best, g.ball, g.paused, won)
				}
				if g.lives < 1 || g.lives > 3 {
					t.Errorf("lives = %d, want 1 to 3", g.lives)
				}
			},
		},
		{
			// Two balls, both missed: started with Enter, the first
			// launched after holding ←, launched with ↑ and a click.
			name: "lose", args: []string{"-lives", "2"},
			plan: plan{start: sdl.SCANCODE_RETURN, steerFirst: sdl.SCANCODE_LEFT, launchKey: 0, miss: true, quitAfter: 60},
			ended: func(t *testing.T, g *game) {
				if g.screen != lost || g.lives != 0 || g.serves != 2 || g.ball != 0 {
					t.Errorf("after the tape: screen %d, lives %d, serves %d, ball %d; want lost (%d), 0, 2, 0",
						g.screen, g.lives, g.serves, g.ball, lost)
				}
				if g.left+g.broken != numBricks || g.left == 0 {
					t.Errorf("%d bricks left and %d broken, want %d in all, some left", g.left, g.broken, numBricks)
				}
			},
		},
	}
}

func tapePath(name string, e backend.Engine) string {
	return filepath.Join("testdata", fmt.Sprintf("%s-%s.tape", name, e))
}

// testRecordingsEndAsPlanned records every scenario on engine e with the
// pilot, and its sound, and checks the game ended as planned and a replay
// of the recording sounds the same (checkTheReplaySoundsTheSame); with
// -update the tapes go to testdata. One recording serves both: the pilot's
// game is the costly part, drawn frame by frame.
func testRecordingsEndAsPlanned(t *testing.T, e backend.Engine) {
	for _, sc := range scenarios() {
		t.Run(sc.name, func(t *testing.T) {
			dir := t.TempDir()
			path, wav := filepath.Join(dir, "run.tape"), filepath.Join(dir, "rec.wav")
			if *update {
				path = tapePath(sc.name, e)
			}
			p := &pilot{game: newGame(), plan: sc.plan}
			args := append([]string{"-headless", "-mode", "uncapped", "-physics", e.String(), "-record", path, "-ticks", "20000",
				"-audio-out", wav}, sc.args...)
			sum, err := execute(t, p, host.NewFastClock(dt/16), args...)
			if err != nil {
				t.Fatalf("record: %v", err)
			}
			if sum.Ticks >= 20000 {
				t.Fatalf("the pilot did not finish the game in %d ticks", sum.Ticks)
			}
			sc.ended(t, p.game)
			t.Logf("%s on %s: %d ticks, %d frames, %.2f allocations a frame", sc.name, e, sum.Ticks, sum.Frames, sum.AllocsPerFrame)
			rec, err := tape.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Ticks != sum.Ticks || rec.Final.String() != sum.StateHash {
				t.Errorf("the tape holds %d ticks ending in %v, the run %d ending in %s", rec.Ticks, rec.Final, sum.Ticks, sum.StateHash)
			}
			t.Run("sound", func(t *testing.T) { checkTheReplaySoundsTheSame(t, sc.name, path, wav, sum.Ticks) })
		})
	}
}

// testTapesReplayToTheirEnd replays every scenario's tape on engine e and
// checks that every hash matched, the final state is the recorded one and
// the game ended as planned, on the screen that says so.
func testTapesReplayToTheirEnd(t *testing.T, e backend.Engine) {
	for _, sc := range scenarios() {
		t.Run(sc.name, func(t *testing.T) {
			path := tapePath(sc.name, e)
			rec, err := tape.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (record the tapes with go test -run Record -update)", err)
			}
			g := newGame()
			shot := filepath.Join(t.TempDir(), fmt.Sprintf("%s-%s.png", sc.name, e))
			sum, err := execute(t, g, racing(), "-headless", "-replay", path, "-screenshot", shot)
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			if sum.Ticks != rec.Ticks || !sameFinal(rec, sum.StateHash) || sum.Physics != e.String() {
				t.Errorf("replay ran %d ticks on %s to state %s; the tape holds %d ticks on %s ending in %v",
					sum.Ticks, sum.Physics, sum.StateHash, rec.Ticks, e, rec.Final)
			}
			sc.ended(t, g)
			img := readPNG(t, shot)
			// The end screen's headline: gold for a win, red for a loss.
			head := toPixels(img, image.Rect(150, 130, 810, 230))
			want := goldColor()
			if sc.name == "lose" {
				want = color.RGBA{R: 240, G: 90, B: 80, A: 255}
			}
			if n := count(img, head, near(want, 8)); n < 5000 {
				t.Errorf("%d pixels of the headline's colour %v, want the headline's 5,000 or more", n, want)
			}
		})
	}
}

// sameFinal reports whether a replay's summary hash is the recording's
// final one. Recordings before tape version 6 keep the XOR of the world's
// hash and the game's, which the replay checked (it would have failed
// otherwise); the summary has their mix, which no such recording holds.
func sameFinal(rec *tape.Tape, summary string) bool {
	if rec.Version < 6 {
		return summary != rec.Final.String() && summary != "0000000000000000"
	}
	return summary == rec.Final.String()
}

func TestTheTapesInTestdataPredateVersion6(t *testing.T) {
	// They check that recordings older than version 6 still replay.
	for _, e := range []backend.Engine{backend.Chipmunk, backend.Box2D} {
		for _, sc := range scenarios() {
			rec, err := tape.ReadFile(tapePath(sc.name, e))
			if err != nil {
				t.Fatal(err)
			}
			if rec.Version >= 6 {
				t.Errorf("%s on %s: version %d, want an older one (keep these; record new ones beside them)", sc.name, e, rec.Version)
			}
		}
	}
}

func TestRecordingsEndAsPlanned(t *testing.T) { testRecordingsEndAsPlanned(t, backend.Chipmunk) }

func TestTapesReplayToTheirEnd(t *testing.T) { testTapesReplayToTheirEnd(t, backend.Chipmunk) }

func TestReplayingATapeOnTheCommandLineExitsZeroAtItsFinalHash(t *testing.T) {
	for _, sc := range scenarios() {
		t.Run(sc.name, func(t *testing.T) {
			path := tapePath(sc.name, backend.Chipmunk)
			rec, err := tape.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			code, stderr, sum := runMain(t, newGame(), "-headless", "-replay", path)
			if code != 0 {
				t.Fatalf("exit status %d, want 0; stderr:\n%s", code, stderr)
			}
			if hash, _ := sum["state_hash"].(string); !sameFinal(rec, hash) || sum["ticks"] != float64(rec.Ticks) {
				t.Errorf("summary: state_hash %v after %v ticks, want the tape's %v after %d", sum["state_hash"], sum["ticks"], rec.Final, rec.Ticks)
			}
		})
	}
}

// miscount is the game with one rule changed: a broken brick scores one
// point more. Its replays must stop at the first checkpoint after the
// first brick.
type miscount struct{ *game }

func (m miscount) Tick(t *engine.Tick) error {
	broken := m.broken
	err := m.game.Tick(t)
	m.score += m.broken - broken
	return err
}

func TestReplayingATapeWithOtherRulesFailsAtTheFirstDifference(t *testing.T) {
	code, stderr, _ := runMain(t, miscount{newGame()}, "-headless", "-replay", tapePath("win", backend.Chipmunk))
	if code != 1 || !strings.Contains(stderr, "diverged") {
		t.Errorf("exit status %d, stderr %q; want 1 and a divergence", code, stderr)
	}
}

// runMain runs game as desktop.Main would with args and returns its exit
// status (2 for a bad command line, 1 for a failed run), what it logged
// and its error, and its JSON summary.
func runMain(t *testing.T, game desktop.Game, args ...string) (int, string, map[string]any) {
	t.Helper()
	js := filepath.Join(t.TempDir(), "summary.json")
	var stderr bytes.Buffer
	cfg, err := desktop.Parse(game, config(), append(args, "-stats-json", js))
	if err != nil {
		return 2, err.Error(), nil
	}
	cfg.Logger = slog.New(slog.NewTextHandler(&stderr, nil))
	cfg.Output.StatsOut = io.Discard
	cfg.SaveDir = t.TempDir()
	sdl.Do(func() { _, err = desktop.Run(context.Background(), game, cfg) })
	code := 0
	switch {
	case errors.Is(err, desktop.ErrUsage):
		code = 2
	case err != nil:
		code = 1
	}
	if err != nil {
		stderr.WriteString(err.Error())
	}
	var sum map[string]any
	if raw, err := os.ReadFile(js); err == nil {
		_ = json.Unmarshal(raw, &sum)
	}
	return code, stderr.String(), sum
}
