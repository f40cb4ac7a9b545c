package tape_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

// tickState hashes as the tick it is at, times a constant; XORStateHash,
// as host.Loop has it, another way.
type tickState struct {
	n       uint64
	mul     uint64
	xorMul  uint64
	diverge uint64 // from this tick on the state differs; 0: never
}

func (s *tickState) hash(mul uint64) uint64 {
	h := (s.n + 1) * mul
	if s.diverge > 0 && s.n > s.diverge {
		h++
	}
	return h
}

func (s *tickState) StateHash() uint64    { return s.hash(s.mul) }
func (s *tickState) XORStateHash() uint64 { return s.hash(s.xorMul) }

// recordTicks records ticks empty inputs in a recording of the given
// version against a state hashing each tick as (n+1)*mul.
func recordTicks(t *testing.T, version, ticks, mul uint64) []byte {
	t.Helper()
	var buf bytes.Buffer
	rec, err := tape.NewRecorderOfVersion(&buf, tape.Header{Scene: "h", TPS: 60, Platform: tape.ThisPlatform()}, version)
	if err != nil {
		t.Fatal(err)
	}
	st := &tickState{mul: mul}
	var in engine.Input
	for st.n = 0; st.n < ticks; st.n++ {
		if err := rec.Tick(st.n, &in, st); err != nil {
			t.Fatal(err)
		}
	}
	if err := rec.Close(st.StateHash()); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// replayTicks replays b against st and returns how it ended.
func replayTicks(t *testing.T, b []byte, st *tickState) error {
	t.Helper()
	tp, err := tape.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	r := tape.NewReplayer(tp)
	var in engine.Input
	for st.n = 0; ; st.n++ {
		err := r.Tick(st.n, &in, st)
		if errors.Is(err, engine.ErrQuit) {
			break
		}
		if err != nil {
			return err
		}
	}
	return r.Close(st.StateHash())
}

func TestADivergedReplaySaysWhichTicksWentDifferently(t *testing.T) {
	b := recordTicks(t, tape.Version, 200, 3)
	for _, tc := range []struct {
		diverge uint64
		want    string
	}{
		{30, "at tick 60: state hash"},
		{30, "it matched only at the start, so one of ticks 0 to 59 went differently"},
		{70, "it last matched at tick 60, so one of ticks 60 to 119 went differently"},
		{190, "at tick 200: state hash"},
		{190, "it last matched at tick 180, so one of ticks 180 to 199 went differently"},
	} {
		err := replayTicks(t, b, &tickState{mul: 3, diverge: tc.diverge})
		if !errors.Is(err, tape.ErrDiverged) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "before tick 0") {
			t.Errorf("diverging after tick %d: %v, want ErrDiverged saying %q", tc.diverge, err, tc.want)
		}
	}
	if err := replayTicks(t, b, &tickState{mul: 5}); err == nil || !strings.Contains(err.Error(), "at tick 0") || !strings.Contains(err.Error(), "set up differently") {
		t.Errorf("differing from the start: %v, want it said the run was set up differently", err)
	}
}

func TestRecordingsBeforeVersion6ReplayAgainstTheXORedHash(t *testing.T) {
	b := recordTicks(t, tape.Version, 150, 3)
	if b[8] != tape.Version || tape.Version != 6 {
		t.Fatalf("written as version %d (package Version %d), want 6", b[8], tape.Version)
	}
	if err := replayTicks(t, b, &tickState{mul: 3, xorMul: 5}); err != nil {
		t.Fatalf("version 6 replayed against StateHash: %v", err)
	}
	if err := replayTicks(t, b, &tickState{mul: 5, xorMul: 3}); !errors.Is(err, tape.ErrDiverged) {
		t.Fatalf("version 6 replayed against XORStateHash: %v, want ErrDiverged", err)
	}
	v5 := recordTicks(t, 5, 150, 3) // versions 5 and 6 differ only in the hash they keep
	tp, err := tape.Read(v5)
	if err != nil || tp.Version != 5 {
		t.Fatalf("reading it as version 5: version %v, %v", tp, err)
	}
	if err := replayTicks(t, v5, &tickState{mul: 5, xorMul: 3}); err != nil {
		t.Fatalf("version 5 replayed against XORStateHash: %v", err)
	}
	if err := replayTicks(t, v5, &tickState{mul: 3, xorMul: 5}); !errors.Is(err, tape.ErrDiverged) {
		t.Fatalf("version 5 replayed against StateHash: %v, want ErrDiverged", err)
	}
	// A state without XORStateHash (not the engine's loop) is hashed as it is.
	if err := replayTicks(t, v5, &tickState{mul: 3, xorMul: 3}); err != nil {
		t.Fatalf("version 5 with both hashes alike: %v", err)
	}
}
