package tape

import (
	"bytes"
	"errors"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
)

// recordCut records inputs like record, and returns where each checkpoint
// ends: the file is flushed at each one.
func recordCut(t *testing.T, h Header, inputs []engine.Input) (b []byte, cuts []int) {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, h)
	if err != nil {
		t.Fatal(err)
	}
	for i := range inputs {
		if w.Due() {
			if err := w.Check(fakeHash(uint64(i))); err != nil {
				t.Fatal(err)
			}
			cuts = append(cuts, buf.Len())
		}
		if err := w.Tick(&inputs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(fakeHash(uint64(len(inputs)))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), cuts
}

// Two recordings of one setup, spliced at a checkpoint: every piece is
// whole and every tick number lines up, so only the chain of checksums
// can tell.
func TestARecordingSplicedFromTwoIsDamage(t *testing.T) {
	a, cutsA := recordCut(t, testHeader, script(35, 1))
	b, cutsB := recordCut(t, testHeader, script(35, 2))
	if len(cutsA) != 4 || len(cutsB) != 4 {
		t.Fatalf("checkpoints end at %v and %v, want 4 each", cutsA, cutsB)
	}
	// A up to its checkpoint before tick 20, then B from there on.
	spliced := append(bytes.Clone(a[:cutsA[2]]), b[cutsB[2]:]...)
	_, err := Read(spliced)
	var fe *FormatError
	if !errors.Is(err, ErrCorrupt) || !errors.As(err, &fe) {
		t.Fatalf("A's first 20 ticks then B's last 15: Read = %v, want damage", err)
	}
	if fe.Offset != int64(cutsA[2]) {
		t.Errorf("the damage starts at byte %d, want %d, where B's part starts", fe.Offset, cutsA[2])
	}
	// And one piece dropped, the ticks numbered as if it were there.
	dropped := append(bytes.Clone(a[:cutsA[1]]), a[cutsA[2]:]...)
	if _, err := Read(dropped); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a recording missing ticks 10 to 19: Read = %v, want damage", err)
	}
}
