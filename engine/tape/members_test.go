package tape_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

// membersAt is who is in each slot at tick n of the test session: slot
// 2 leaves at tick 130 (between checkpoints), slot 1 at 180 (on one).
func membersAt(n uint64, slot int) engine.Member {
	switch {
	case slot == 2 && n >= 130:
		return engine.Member{Presence: engine.Gone, Since: 130}
	case slot == 1 && n >= 180:
		return engine.Member{Presence: engine.Gone, Since: 180}
	}
	return engine.Member{}
}

func TestMembersAreRecordedAndReplayedOnTheirTicks(t *testing.T) {
	var buf bytes.Buffer
	rec, err := tape.NewRecorder(&buf, tape.Header{Scene: "m", TPS: 60, Players: 3, Interval: tape.PlayersInterval(3), Platform: "x"})
	if err != nil {
		t.Fatal(err)
	}
	var st sumState
	ps, ms := make([]engine.Input, 3), make([]engine.Member, 3)
	for n := range uint64(300) {
		for i := range ps {
			ps[i], ms[i] = playersInput(n, i), membersAt(n, i)
		}
		if err := rec.TickMembers(n, ps, ms, &st); err != nil {
			t.Fatal(err)
		}
		st.step(ps)
	}
	if err := rec.Close(st.h); err != nil {
		t.Fatal(err)
	}
	tp, err := tape.Read(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	r := tape.NewReplayer(tp)
	st = sumState{}
	for n := uint64(0); ; n++ {
		clear(ms)
		err := r.TickMembers(n, ps, ms, &st)
		if errors.Is(err, engine.ErrQuit) {
			break
		}
		if err != nil {
			t.Fatalf("tick %d: %v", n, err)
		}
		for i := range ms {
			if ms[i] != membersAt(n, i) || ps[i] != playersInput(n, i) {
				t.Fatalf("tick %d slot %d: replayed %+v %+v, want %+v", n, i, ms[i], ps[i], membersAt(n, i))
			}
		}
		st.step(ps)
	}
	if err := r.Close(st.h); err != nil || r.Ran() != 300 {
		t.Fatalf("close: %v after %d ticks", err, r.Ran())
	}
}

func TestAMembersRecordInsideATickIsRefused(t *testing.T) {
	var buf bytes.Buffer
	w, err := tape.NewWriter(&buf, tape.Header{Scene: "m", TPS: 60, Players: 2, Interval: tape.PlayersInterval(2), Platform: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Check(0); err != nil {
		t.Fatal(err)
	}
	in := playersInput(0, 0)
	if err := w.Tick(&in); err != nil {
		t.Fatal(err)
	}
	if err := w.Members(1, engine.Gone); err == nil {
		t.Fatal("a members record between two players' inputs of one tick was written")
	}
	if err := w.Members(5, engine.Gone); err == nil {
		t.Fatal("a members record for a slot the header does not have was written")
	}
}

// testdata/v5-players.tape is recordPlayers(3, 300), recorded by the
// writer of commit 3cd3afd (format version 5, before members records).
// It must replay for as long as this package reads version 5, every
// slot playing throughout.
func TestAVersion5RecordingStillReplays(t *testing.T) {
	tp, err := tape.ReadFile("testdata/v5-players.tape")
	if err != nil {
		t.Fatal(err)
	}
	r := tape.NewReplayer(tp)
	var st sumState
	ps, ms := make([]engine.Input, 3), make([]engine.Member, 3)
	for n := uint64(0); ; n++ {
		err := r.TickMembers(n, ps, ms, &st)
		if errors.Is(err, engine.ErrQuit) {
			break
		}
		if err != nil {
			t.Fatalf("tick %d: %v", n, err)
		}
		for i := range ps {
			if ps[i] != playersInput(n, i) || ms[i] != (engine.Member{}) {
				t.Fatalf("tick %d slot %d: replayed %+v %+v", n, i, ps[i], ms[i])
			}
		}
		st.step(ps)
	}
	if err := r.Close(st.h); err != nil || r.Ran() != 300 {
		t.Fatalf("close: %v after %d ticks", err, r.Ran())
	}
}
