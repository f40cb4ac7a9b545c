package tape

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
)

func TestSettingsComeBackInTheirOrder(t *testing.T) {
	h := testHeader
	h.Settings = []Setting{{"physics", "box2d"}, {"bodies", "5000"}, {"seed", "7"}, {"gravity.y", "-9.81"}, {"title", "Über 🎲"}, {"empty", ""}}
	tp, err := Read(record(t, h, script(12, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tp.Settings, h.Settings) {
		t.Fatalf("settings read back as %q, want %q", tp.Settings, h.Settings)
	}
	if v, ok := tp.Setting("bodies"); !ok || v != "5000" {
		t.Errorf(`Setting("bodies") = %q, %v; want "5000", true`, v, ok)
	}
	if v, ok := tp.Setting("Bodies"); ok {
		t.Errorf(`Setting("Bodies") = %q, true; names are case-sensitive`, v)
	}
}

func TestNoSettingsReadAsNone(t *testing.T) {
	h := testHeader
	h.Settings = nil
	tp, err := Read(record(t, h, nil))
	if err != nil {
		t.Fatal(err)
	}
	if tp.Settings != nil {
		t.Fatalf("settings %q, want none", tp.Settings)
	}
}

func TestWriterRefusesAHeaderItCouldNotReadBack(t *testing.T) {
	many := make([]Setting, maxSettings+1)
	for i := range many {
		many[i] = Setting{Name: "s" + strings.Repeat("x", i), Value: "1"}
	}
	tests := []struct {
		name string
		edit func(*Header)
		msg  string
	}{
		{"tps 0", func(h *Header) { h.TPS = 0 }, "tps 0 out of range"},
		{"interval too long", func(h *Header) { h.Interval = maxInterval + 1 }, "hash interval"},
		{"long scene name", func(h *Header) { h.Scene = strings.Repeat("s", 256) }, "scene name is 256 bytes"},
		{"scene name with a newline", func(h *Header) { h.Scene = "a\nb" }, "printable"},
		{"platform not UTF-8", func(h *Header) { h.Platform = "\xff" }, "printable"},
		{"too many settings", func(h *Header) { h.Settings = many }, "65 settings"},
		{"empty setting name", func(h *Header) { h.Settings = []Setting{{"", "1"}} }, "want 1 to 64"},
		{"setting name with '='", func(h *Header) { h.Settings = []Setting{{"a=b", "1"}} }, "ASCII letters"},
		{"setting name with a space", func(h *Header) { h.Settings = []Setting{{"a b", "1"}} }, "ASCII letters"},
		{"long setting name", func(h *Header) { h.Settings = []Setting{{strings.Repeat("n", 65), "1"}} }, "want 1 to 64"},
		{"long value", func(h *Header) { h.Settings = []Setting{{"n", strings.Repeat("v", 256)}} }, "256 bytes"},
		{"value with a tab", func(h *Header) { h.Settings = []Setting{{"n", "a\tb"}} }, "printable"},
		{"a setting twice", func(h *Header) { h.Settings = []Setting{{"n", "1"}, {"m", "2"}, {"n", "1"}} }, `"n" appears twice`},
		{"seed contradicting the header", func(h *Header) { h.Settings = []Setting{{"seed", "8"}} }, "seed=8 contradicts the header's seed 7"},
		{"tps contradicting the header", func(h *Header) { h.Settings = []Setting{{"tps", "sixty"}} }, "tps=sixty contradicts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := testHeader
			tt.edit(&h)
			var buf bytes.Buffer
			_, err := NewWriter(&buf, h)
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("NewWriter = %v, want an error saying %q", err, tt.msg)
			}
			if buf.Len() != 0 {
				t.Fatalf("a refused header wrote %d bytes", buf.Len())
			}
		})
	}
}

func TestAHeaderFailingItsChecksAfterTheChecksumIsDamage(t *testing.T) {
	// Written by hand: a sound checksum over a header no writer makes.
	h := testHeader
	h.Settings = []Setting{{"n", "1"}, {"n", "2"}}
	b := appendHeader(nil, &h)
	b = appendSeal(b)
	_, err := Read(b)
	var fe *FormatError
	if !errors.As(err, &fe) || !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "appears twice") {
		t.Fatalf("Read = %v, want ErrCorrupt saying the setting appears twice", err)
	}
	if fe.Offset != int64(len(magic)) || fe.End != int64(len(b)-1) {
		t.Fatalf("damage in bytes %d to %d, want the header's %d to %d", fe.Offset, fe.End, len(magic), len(b)-1)
	}
}

func TestWriterReportsAFailingHeaderWrite(t *testing.T) {
	// A header longer than the buffer is written at once.
	h := testHeader
	for i := range maxSettings {
		h.Settings = append(h.Settings, Setting{Name: fmt.Sprint("s", i), Value: strings.Repeat("v", maxName)})
	}
	h.Settings = h.Settings[len(testHeader.Settings):]
	errFull := errors.New("no space left on device")
	_, err := NewWriter(failWriter{errFull}, h)
	if !errors.Is(err, errFull) || !strings.Contains(err.Error(), "header") {
		t.Fatalf("NewWriter on a full disk = %v, want the write error, naming the header", err)
	}
	// A short one meets the error at the first checkpoint's flush.
	w, err := NewWriter(failWriter{errFull}, testHeader)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Check(1); !errors.Is(err, errFull) {
		t.Fatalf("the first checkpoint on a full disk = %v, want the write error", err)
	}
	var in engine.Input
	if err := w.Tick(&in); !errors.Is(err, errFull) {
		t.Fatalf("a tick after the error = %v, want it again", err)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }
