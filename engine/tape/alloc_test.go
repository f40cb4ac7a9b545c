package tape

import (
	"bytes"
	"io"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
)

// Each measured run records or plays a whole hash interval, its
// checkpoint included: AllocsPerRun rounds down, so an allocation once an
// interval would hide in a per-tick average.
func TestRecordingAndPlayingAnIntervalAllocateNothing(t *testing.T) {
	const runs = 50
	inputs := script((runs+2)*testHeader.Interval, 6)
	w, err := NewWriter(io.Discard, testHeader)
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	allocs := testing.AllocsPerRun(runs, func() {
		for range testHeader.Interval {
			if w.Due() {
				if err := w.Check(fakeHash(uint64(i))); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Tick(&inputs[i]); err != nil {
				t.Fatal(err)
			}
			i++
		}
	})
	if allocs != 0 {
		t.Errorf("recording %d ticks and a checkpoint: %v allocations, want 0", testHeader.Interval, allocs)
	}
	p, err := NewPlayer(bytes.NewReader(record(t, testHeader, inputs)))
	if err != nil {
		t.Fatal(err)
	}
	var in engine.Input
	checks := 0
	allocs = testing.AllocsPerRun(runs, func() {
		for range testHeader.Interval {
			_, check, err := p.Next(&in)
			if err != nil {
				t.Fatal(err)
			}
			if check {
				checks++
			}
		}
	})
	if allocs != 0 {
		t.Errorf("playing %d ticks and a checkpoint: %v allocations, want 0", testHeader.Interval, allocs)
	}
	if checks != runs+1 {
		t.Errorf("played %d checkpoints, want %d: the runs did not cover them", checks, runs+1)
	}
}

func BenchmarkPlay(b *testing.B) {
	rec := record(b, testHeader, script(10000, 6))
	var in engine.Input
	b.ReportAllocs()
	r := bytes.NewReader(rec)
	for b.Loop() {
		r.Reset(rec)
		p, err := NewPlayer(r)
		if err != nil {
			b.Fatal(err)
		}
		for {
			if _, _, err := p.Next(&in); err != nil {
				break
			}
		}
	}
	b.SetBytes(int64(len(rec)))
}

// BenchmarkRecord records a scripted run tick by tick: "B/tick" is what a
// tick costs in the recording, checkpoints included.
func BenchmarkRecord(b *testing.B) {
	inputs := script(10000, 6)
	var out bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		w, err := NewWriter(&out, testHeader)
		if err != nil {
			b.Fatal(err)
		}
		for i := range inputs {
			if w.Due() {
				if err := w.Check(fakeHash(uint64(i))); err != nil {
					b.Fatal(err)
				}
			}
			if err := w.Tick(&inputs[i]); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(out.Len())/float64(len(inputs)), "B/tick")
}
