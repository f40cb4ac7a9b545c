package tape

import (
	"os"
	"testing"
)

// testdata/v3-script.tape is script(600, 11) under testHeader, recorded
// by the writer of commit 8f9990e (format version 3, before
// engine/internal/inputcodec), byte for byte what 378f52c writes too.
// It must replay for as long as this package reads version 3.
func TestAVersion3RecordingStillReplays(t *testing.T) {
	b, err := os.ReadFile("testdata/v3-script.tape")
	if err != nil {
		t.Fatal(err)
	}
	if b[len(magic)] != 3 {
		t.Fatalf("testdata/v3-script.tape is version %d, want 3", b[len(magic)])
	}
	tp, err := Read(b)
	if err != nil {
		t.Fatal(err)
	}
	want := script(600, 11)
	got, err := playAll(tp.Play())
	if len(got) != len(want) {
		t.Fatalf("played %d ticks (%v), want %d", len(got), err, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("tick %d: played %+v, want %+v", i, got[i], want[i])
		}
	}
	ticks, digests := tp.Checkpoints()
	for i, n := range ticks {
		if digests[i] != fakeHash(n) {
			t.Fatalf("checkpoint at tick %d: %x, want %x", n, digests[i], fakeHash(n))
		}
	}
	if len(ticks) != 60 || tp.Final != fakeHash(600) {
		t.Fatalf("%d checkpoints, final %x: want 60, %x", len(ticks), tp.Final, fakeHash(600))
	}
}
