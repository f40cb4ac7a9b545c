package main

import (
	"errors"
	"io/fs"
	"strconv"
	"strings"
)

// bestFile is the save file that keeps the best score between runs.
const bestFile = "best-score"

// loadBest reads the best score an earlier run saved; none, or a file
// that is not a score, is 0 (the game plays the same).
func (g *game) loadBest() {
	b, err := g.save.Load(bestFile)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	n, perr := strconv.Atoi(strings.TrimSpace(string(b)))
	if err == nil && (perr != nil || n < 0) {
		err = perr
	}
	if err != nil {
		g.log.Warn("best score not loaded", "err", err)
		return
	}
	g.saved = n
}

// keepBest saves the best score when this session beat the saved one,
// once a game is over (a save syncs the disk: not in the middle of play)
// and when the program ends. It runs outside the ticks: the saved score is
// shown, never simulated, so a replay elsewhere matches whatever that
// machine has saved.
func (g *game) keepBest() {
	if g.save == nil || g.best <= g.saved {
		return
	}
	if err := g.save.Save(bestFile, strconv.AppendInt(nil, int64(g.best), 10)); err != nil {
		g.log.Warn("best score not saved", "err", err)
	}
	g.saved = g.best // tried once: a failing disk is not retried every frame
}

// shownBest is the best score the bar shows: this session's or a saved
// one.
func (g *game) shownBest() int { return max(g.best, g.saved) }
