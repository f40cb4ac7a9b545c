package waitscreen

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestTheWaitingScreenWrapsToItsWidthKeepingEveryCharacter(t *testing.T) {
	code := "K7QX-2MNP-VW9R-TT4C-88ZQ-LLM3-XY"
	s := Host("203.0.113.200:50123", code, 4)
	// A 640-pixel window holds about 80 characters at scale 1, fewer at
	// larger text: try every width from a phone's to a wide window's.
	for cols := 8; cols <= 120; cols++ {
		lines := wrapColumns(s.lines, cols)
		for _, l := range lines {
			if len(l) > cols {
				t.Fatalf("%d columns: line %q is %d long", cols, l, len(l))
			}
		}
		joined := strings.Join(lines, "\n")
		if flat := strings.ReplaceAll(strings.Join(strings.Fields(joined), ""), "\n", ""); !strings.Contains(flat, "-joinADDR-code"+code) {
			t.Fatalf("%d columns: the command and code do not survive whole: %q", cols, joined)
		}
	}
}

func TestWrapColumnsKeepsTheIndentAndTheWords(t *testing.T) {
	got := wrapColumns([]string{"    -join 192.0.2.1:7777 -code ABCDEFGHIJKL", "short"}, 20)
	want := []string{"    -join", "    192.0.2.1:7777", "    -code", "    ABCDEFGHIJKL", "short"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("wrapColumns = %q, want %q", got, want)
	}
	r := rand.New(rand.NewPCG(7, 7))
	for seed := range 100 {
		var words []string
		for range 1 + r.IntN(12) {
			words = append(words, strings.Repeat(string(rune('a'+r.IntN(26))), 1+r.IntN(40)))
		}
		line := strings.Repeat(" ", r.IntN(6)) + strings.Join(words, " ")
		cols := 8 + r.IntN(60)
		out := wrapColumns([]string{line}, cols)
		for _, l := range out {
			if len(l) > cols {
				t.Fatalf("seed %d: %q wrapped to %d has %q", seed, line, cols, l)
			}
		}
		if a, b := strings.Join(strings.Fields(strings.Join(out, " ")), ""), strings.Join(words, ""); a != b {
			t.Fatalf("seed %d: characters lost: %q, want %q", seed, a, b)
		}
	}
}
