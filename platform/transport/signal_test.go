package transport

import (
	"strings"
	"testing"
)

func TestDecodeSignalRefusesWhatNoPeerSends(t *testing.T) {
	cases := []struct {
		name, in string
		ok       bool
	}{
		{"credentials", `{"ufrag":"abcd","pwd":"0123456789abcdef0123"}`, true},
		{"candidate", `{"candidate":"candidate:1 1 udp 2130706431 192.168.0.1 5000 typ host"}`, true},
		{"done", `{"done":true}`, true},
		{"empty", `{}`, false},
		{"two things", `{"ufrag":"a","pwd":"b","done":true}`, false},
		{"half a credential", `{"ufrag":"a"}`, false},
		{"unknown field", `{"done":true,"x":1}`, false},
		{"not json", `candidate`, false},
		{"oversized", `{"candidate":"` + strings.Repeat("a", maxSignal) + `"}`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := decodeSignal([]byte(c.in))
			if (err == nil) != c.ok {
				t.Fatalf("decodeSignal(%.40q) = %v, want ok %v", c.in, err, c.ok)
			}
		})
	}
}

func TestSignalsRoundTrip(t *testing.T) {
	for _, s := range []signal{{Ufrag: "u", Pwd: "p"}, {Candidate: "c"}, {Done: true}} {
		got, err := decodeSignal(encodeSignal(s))
		if err != nil || got != s {
			t.Errorf("round trip of %+v: %+v, %v", s, got, err)
		}
	}
}

func FuzzDecodeSignal(f *testing.F) {
	f.Add([]byte(`{"ufrag":"abcd","pwd":"efgh"}`))
	f.Add([]byte(`{"candidate":"candidate:1 1 udp 2130706431 10.0.0.1 5000 typ host"}`))
	f.Add([]byte(`{"done":true}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := decodeSignal(b)
		if err != nil {
			return
		}
		if len(b) > maxSignal {
			t.Fatalf("accepted %d bytes", len(b))
		}
		again, err := decodeSignal(encodeSignal(s))
		if err != nil || again != s {
			t.Fatalf("an accepted signal %+v does not round trip: %+v, %v", s, again, err)
		}
	})
}
