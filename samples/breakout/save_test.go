package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/veandco/go-sdl2/sdl"
)

// A won game's score is kept in the save data and shown by the next run;
// a replay of that game saves nothing.
func TestTheBestScoreOutlivesTheRunButNotAReplay(t *testing.T) {
	dir := t.TempDir()
	tapeFile := filepath.Join(t.TempDir(), "win.tape")
	p := &pilot{game: newGame(), plan: plan{start: sdl.SCANCODE_SPACE, launchKey: sdl.SCANCODE_SPACE, quitAfter: 30}}
	if _, err := executeIn(t, dir, p, host.NewFastClock(dt/16), "-headless", "-mode", "uncapped", "-bricks", "3",
		"-ticks", "20000", "-record", tapeFile); err != nil {
		t.Fatalf("play: %v", err)
	}
	if p.game.screen != won || p.game.best != 30 {
		t.Fatalf("the pilot's game: screen %d, best %d; want won (%d), 30", p.game.screen, p.game.best, won)
	}
	if b, err := os.ReadFile(filepath.Join(dir, bestFile)); err != nil || string(b) != "30" {
		t.Fatalf("saved best score: %q, %v; want 30", b, err)
	}

	next := newGame()
	if _, err := executeIn(t, dir, next, nil, "-headless", "-mode", "uncapped", "-ticks", "3"); err != nil {
		t.Fatal(err)
	}
	if next.saved != 30 || next.shownBest() != 30 || next.best != 0 {
		t.Errorf("the next run: saved %d, shown %d, session best %d; want 30, 30, 0", next.saved, next.shownBest(), next.best)
	}

	empty := t.TempDir()
	replayed := newGame()
	if _, err := executeIn(t, empty, replayed, racing(), "-headless", "-replay", tapeFile); err != nil {
		t.Fatalf("replay: %v", err)
	}
	if replayed.best != 30 {
		t.Errorf("the replay's best %d, want the recorded game's 30", replayed.best)
	}
	if names, _ := os.ReadDir(empty); len(names) != 0 {
		t.Errorf("a replay saved %v", names)
	}
}
