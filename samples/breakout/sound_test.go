package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// checkTheReplaySoundsTheSame checks the sound the pilot's game of
// scenario name wrote to wav while it recorded tape over ticks ticks, then
// replays the tape at another frame rate (eight ticks a frame, not a
// sixteenth of one): the replay writes the recording's WAV bytes.
func checkTheReplaySoundsTheSame(t *testing.T, name, tape, wav string, ticks uint64) {
	want, err := os.ReadFile(wav)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(want); got != 44+int(ticks)*800*4 {
		t.Fatalf("%d bytes of sound for %d ticks, want %d", got, ticks, 44+ticks*800*4)
	}
	checkAudible(t, want, name)
	out := filepath.Join(t.TempDir(), "replay.wav")
	if _, err := execute(t, newGame(), racing(), "-headless", "-replay", tape, "-audio-out", out); err != nil {
		t.Fatalf("replay: %v", err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the replay wrote %d bytes of sound differing from the recording's %d", len(got), len(want))
	}
}

// checkAudible checks that a game's sound has its effects in it: sound in
// the first seconds of play, and the end's jingle (win or game over) in
// its last second.
func checkAudible(t *testing.T, wav []byte, name string) {
	t.Helper()
	s := make([]int16, (len(wav)-44)/2)
	for i := range s {
		s[i] = int16(binary.LittleEndian.Uint16(wav[44+2*i:]))
	}
	loud := func(from, to int) int {
		n := 0
		for _, x := range s[max(from, 0):min(to, len(s))] {
			if x > 2000 || x < -2000 {
				n++
			}
		}
		return n
	}
	if n := loud(0, len(s)); n < 10000 {
		t.Errorf("%s: %d loud samples in the whole game, want its effects", name, n)
	}
	// The pilot quits 60 ticks (1 s) after the end: the jingle is in it.
	if n := loud(len(s)-2*48000-2*24000, len(s)); n < 5000 {
		t.Errorf("%s: %d loud samples around the end, want the %s jingle", name, n, name)
	}
}
