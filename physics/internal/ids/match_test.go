package ids

import (
	"slices"
	"testing"
)

type rec struct {
	id   uint32
	kind int
}

func recID(r *rec) uint32 { return r.id }

func sameKind(a, b *rec) bool { return a.kind == b.kind }

func TestMatchReusesRecordsUnderTheSameIDAndFreesTheRest(t *testing.T) {
	o1, o3, o4, o7, o9 := &rec{1, 0}, &rec{3, 0}, &rec{4, 1}, &rec{7, 0}, &rec{9, 0}
	s2, s3, s4, s7, s8 := &rec{2, 0}, &rec{3, 0}, &rec{4, 2}, &rec{7, 0}, &rec{8, 0}
	old, srcs := []*rec{o1, o3, o4, o7, o9}, []*rec{s2, s3, s4, s7, s8}
	pairs, free := Match(old, srcs, recID, sameKind, nil, nil)
	if want := []*rec{nil, o3, nil, o7, nil}; !slices.Equal(pairs, want) {
		t.Errorf("pairs = %v, want %v", pairs, want)
	}
	// o4 has the ID of s4 but a kind that cannot be reused: freed.
	if want := []*rec{o1, o4, o9}; !slices.Equal(free, want) {
		t.Errorf("free = %v, want %v", free, want)
	}
}

func TestMatchOfEmptyListsFreesEverythingOrPairsNothing(t *testing.T) {
	o := []*rec{{1, 0}, {2, 0}}
	pairs, free := Match(o, nil, recID, sameKind, nil, nil)
	if len(pairs) != 0 || !slices.Equal(free, o) {
		t.Errorf("no sources: pairs %v, free %v; want none and every old record", pairs, free)
	}
	pairs, free = Match(nil, o, recID, sameKind, nil, nil)
	if !slices.Equal(pairs, []*rec{nil, nil}) || len(free) != 0 {
		t.Errorf("no old records: pairs %v, free %v; want two nils and none", pairs, free)
	}
}

func TestMatchAllocatesNothingIntoRoomyBuffers(t *testing.T) {
	old := []*rec{{1, 0}, {2, 0}, {5, 0}}
	srcs := []*rec{{2, 0}, {3, 0}}
	pairs, free := make([]*rec, 0, 8), make([]*rec, 0, 8)
	if n := testing.AllocsPerRun(100, func() {
		pairs, free = Match(old, srcs, recID, sameKind, pairs[:0], free[:0])
	}); n != 0 {
		t.Errorf("Match allocated %v times a call, want 0", n)
	}
}

func TestTakeGivesTheLastRecordAndClearsItsSlot(t *testing.T) {
	a, b := &rec{1, 0}, &rec{2, 0}
	free := []*rec{a, b}
	if got := Take(&free); got != b || len(free) != 1 || free[:2][1] != nil {
		t.Fatalf("Take = %v, free %v (slot %v); want the last, one left, its slot cleared", got, free, free[:2][1])
	}
	if got := Take(&free); got != a || len(free) != 0 {
		t.Fatalf("second Take = %v, free %v; want the first, none left", got, free)
	}
	if got := Take(&free); got != nil {
		t.Fatalf("Take of an empty list = %v, want nil", got)
	}
}
