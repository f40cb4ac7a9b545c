package waitscreen

import (
	"image/color"
	"strconv"
	"time"

	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// Why the banner waits for a player.
const (
	WaitSilent  = iota // nothing comes from them
	WaitBack           // they came back and catch up
	WaitJoining        // they join late and catch up
)

// LaggingText appends to b, in a player's words, who is lagging and how
// long their input has kept the game waiting (net of the time it kept
// up, for a crawl): "player 1 is lagging: their input keeps the game
// waiting (2.5 s)".
func LaggingText(b []byte, slot int, lag time.Duration) []byte {
	b = append(b, "player "...)
	b = strconv.AppendInt(b, int64(slot), 10)
	b = append(b, " is lagging: their input keeps the game waiting ("...)
	b = strconv.AppendFloat(b, lag.Seconds(), 'f', 1, 64)
	return append(b, " s)"...)
}

// WaitingText appends to b, in a player's words, who the session waits
// for and how long their place is still held: "waiting for player 1:
// 12.3 s (their place is held 48 s more)"; for a player who is back
// (their game started again), "player 1 is back, catching up: 12.3 s",
// and for one who joins late "player 1 is joining, catching up: 12.3 s"
// (kind says which).
func WaitingText(b []byte, slot int, silent, window time.Duration, kind int) []byte {
	back := kind != WaitSilent
	if back {
		b = append(b, "player "...)
		b = strconv.AppendInt(b, int64(slot), 10)
		if kind == WaitJoining {
			b = append(b, " is joining, catching up: "...)
		} else {
			b = append(b, " is back, catching up: "...)
		}
	} else {
		b = append(b, "waiting for player "...)
		b = strconv.AppendInt(b, int64(slot), 10)
		b = append(b, ": "...)
	}
	b = strconv.AppendFloat(b, silent.Seconds(), 'f', 1, 64)
	b = append(b, " s"...)
	if left := window - silent; left > 0 && !back {
		b = append(b, " (their place is held "...)
		b = strconv.AppendInt(b, int64((left+time.Second-1)/time.Second), 10)
		b = append(b, " s more)"...)
	}
	return b
}

// CatchingUpText appends to b, in a player's words, that this machine
// replays the session to catch up with it, and how far it is: "catching
// up with the game: tick 1234".
func CatchingUpText(b []byte, tick uint64) []byte {
	b = append(b, "catching up with the game: tick "...)
	return strconv.AppendUint(b, tick, 10)
}

// waitingColor is the banner a session draws over the game while a
// player is silent or lagging.
var waitingColor = color.RGBA{R: 255, G: 190, B: 90, A: 255}

// DrawBanner says b over the game, at the top in the middle; nothing
// when b is empty. It allocates nothing.
func DrawBanner(c *sdl2.Canvas, b []byte) {
	if len(b) == 0 {
		return
	}
	lh := c.LineHeight()
	w, _ := c.Size()
	bw := float64(len(b)+2) * lh * 7 / 13 // glyphs are 7 by 13
	x := max(0, (float64(w)-bw)/2)
	c.FillRect(x, 0, bw, 1.5*lh, color.RGBA{A: 200})
	c.TextBytes(x+lh/2, lh/4, b, waitingColor)
}
