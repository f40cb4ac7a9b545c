package engine

import (
	"strings"
	"testing"
)

func TestTextAppendKeepsWholeCharactersOfValidUTF8(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string
		want   string
		all    bool
	}{
		{"ascii", []string{"abc"}, "abc", true},
		{"multibyte", []string{"日本", "🎮"}, "日本🎮", true},
		{"invalid bytes are skipped", []string{"a\xffb\xc3"}, "ab", true},
		{"a rune split across chunks is no text", []string{"\xe6\x97", "\xa5x"}, "x", true},
		{"exactly full", []string{strings.Repeat("x", maxText)}, strings.Repeat("x", maxText), true},
		{"a rune past the end", []string{strings.Repeat("x", maxText-3) + "🎮"}, strings.Repeat("x", maxText-3), false},
	}
	for _, tt := range tests {
		var txt Text
		all := true
		for _, c := range tt.chunks {
			all = txt.Append([]byte(c)) && all
		}
		if txt.String() != tt.want || all != tt.all || txt.Len() != len(tt.want) || string(txt.Bytes()) != tt.want {
			t.Errorf("%s: %q (all fitted: %v), want %q (%v)", tt.name, txt.String(), all, tt.want, tt.all)
		}
		// Equal text compares equal whatever was appended on the way.
		var same Text
		same.Append([]byte(tt.want))
		if txt != same {
			t.Errorf("%s: two Texts of %q differ", tt.name, tt.want)
		}
		txt.Reset()
		if txt != (Text{}) {
			t.Errorf("%s: Reset left %q", tt.name, txt.String())
		}
	}
}
