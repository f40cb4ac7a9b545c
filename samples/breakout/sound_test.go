package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/physics/backend"
)

// testRecordedGamesReplayWithTheSameSound plays every scenario with the
// pilot on engine e, recording it and its sound, then replays the tape at
// another frame rate (eight ticks a frame, not a sixteenth of one): the
// replay writes the recording's WAV bytes.
func testRecordedGamesReplayWithTheSameSound(t *testing.T, e backend.Engine) {
	for _, sc := range scenarios() {
		t.Run(sc.name, func(t *testing.T) {
			dir := t.TempDir()
			tape, rec := filepath.Join(dir, "run.tape"), filepath.Join(dir, "rec.wav")
			p := &pilot{game: newGame(), plan: sc.plan}
			args := append([]string{"-headless", "-mode", "uncapped", "-physics", e.String(), "-record", tape, "-ticks", "20000", "-audio-out", rec}, sc.args...)
			sum, err := execute(t, p, host.NewFastClock(dt/16), args...)
			if err != nil {
				t.Fatalf("record: %v", err)
			}
			want, err := os.ReadFile(rec)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(want); got != 44+int(sum.Ticks)*800*4 {
				t.Fatalf("%d bytes of sound for %d ticks, want %d", got, sum.Ticks, 44+sum.Ticks*800*4)
			}
			checkAudible(t, want, sc.name)
			for i, clock := range []host.Clock{racing()} {
				out := filepath.Join(dir, "replay.wav")
				if _, err := execute(t, newGame(), clock, "-headless", "-replay", tape, "-audio-out", out); err != nil {
					t.Fatalf("replay %d: %v", i, err)
				}
				got, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("replay %d wrote %d bytes of sound differing from the recording's %d", i, len(got), len(want))
				}
			}
		})
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

func TestRecordedGamesReplayWithTheSameSound(t *testing.T) {
	testRecordedGamesReplayWithTheSameSound(t, backend.Chipmunk)
}
