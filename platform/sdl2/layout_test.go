package sdl2

import (
	"math"
	"slices"
	"testing"
)

// laidLines returns the block's lines as strings.
func laidLines(b *TextBlock) []string {
	b.layout()
	var out []string
	for _, l := range b.lines {
		out = append(out, b.Text[l.start:l.end])
	}
	return out
}

func TestTextBlockWrapsBetweenWordsAndKeepsNewlines(t *testing.T) {
	w := openHeadless(t, Options{})
	f := newFace(t, w, goRegular(t), 16)
	tests := []struct {
		name, text string
		fits       string // Width is this string's width; "": no wrapping
		want       []string
	}{
		{"no width: lines at newlines only", "one two three\nfour", "", []string{"one two three", "four"}},
		{"wraps before the word that overflows", "one two three four", "one two th", []string{"one two", "three four"}},
		{"a line exactly as wide fits", "one two three", "one two", []string{"one two", "three"}},
		{"spaces where it wraps are dropped", "aaa    bbb", "aaa ", []string{"aaa", "bbb"}},
		{"an empty line stays", "a\n\nb", "", []string{"a", "", "b"}},
		{"a trailing newline makes an empty line", "a\n", "", []string{"a", ""}},
		{"a word wider than the line breaks between characters", "abcdefgh", "abc", []string{"abc", "def", "gh"}},
		{"a long word after a short one", "a abcdefgh", "abcd", []string{"a", "abcd", "efgh"}},
		{"multi-byte characters are not split", "éééééé", "ééé", []string{"ééé", "ééé"}},
		{"nothing", "", "x", nil},
	}
	for _, tt := range tests {
		onMain(func() {
			b := &TextBlock{Face: f, Text: tt.text}
			if tt.fits != "" {
				b.Width = f.Width(tt.fits)
			}
			if got := laidLines(b); !slices.Equal(got, tt.want) {
				t.Errorf("%s: lines %q, want %q", tt.name, got, tt.want)
			}
			bw, bh := b.Measure()
			if want := float64(len(tt.want)) * f.LineHeight(); bh != want {
				t.Errorf("%s: height %v, want %v", tt.name, bh, want)
			}
			if b.Width > 0 && bw > b.Width {
				t.Errorf("%s: width %v, wider than %v", tt.name, bw, b.Width)
			}
		})
	}
}

func TestTextBlockAlignsEachLineInItsBox(t *testing.T) {
	w := openHeadless(t, Options{Width: 320, Height: 120})
	f := newFace(t, w, goRegular(t), 24)
	const x0, y0, box = 20, 10, 280
	for _, tt := range []struct {
		align  Align
		center float64 // where the lit pixels' middle should be
	}{
		{AlignLeft, x0}, {AlignCenter, x0 + box/2}, {AlignRight, x0 + box},
	} {
		b := &TextBlock{Face: f, Text: "Mm", Width: box, Align: tt.align}
		var tw float64
		img := drawAndRead(t, w, func(c *Canvas) {
			c.Clear(black)
			c.DrawTextBlock(b, x0, y0, white)
			tw = f.Width("Mm")
		})
		lit := litBounds(img)
		want := tt.center
		switch tt.align {
		case AlignLeft:
			want += tw / 2
		case AlignRight:
			want -= tw / 2
		}
		if mid := float64(lit.Min.X+lit.Max.X) / 2; math.Abs(mid-want) > 3 {
			t.Errorf("align %d: text centred on x %v, want %v (±3)", tt.align, mid, want)
		}
		saveForReview(t, w, "textblock.png")
	}
}

func TestTextBlockLaysOutAgainOnlyWhenItChanges(t *testing.T) {
	w := openHeadless(t, Options{})
	f := newFace(t, w, goRegular(t), 16)
	var allocs float64
	var lines, relaid, narrowed int
	onMain(func() {
		b := &TextBlock{Face: f, Text: "The quick brown fox jumps over the lazy dog", Width: 120, Align: AlignCenter}
		c := w.Canvas()
		frame := func() {
			c.DrawTextBlock(b, 10, 10, white)
			w.Present()
		}
		frame()
		lines = b.Lines()
		allocs = testing.AllocsPerRun(50, frame)
		b.Text = "short"
		relaid = b.Lines()
		b.Text, b.Width = "The quick brown fox jumps over the lazy dog", 60
		narrowed = b.Lines()
	})
	if allocs != 0 {
		t.Errorf("drawing an unchanged block allocated %v times a frame, want 0", allocs)
	}
	if lines < 3 || relaid != 1 || narrowed <= lines {
		t.Errorf("lines: %d at 120 wide, %d for \"short\", %d at 60 wide; want ≥ 3, 1, more than at 120", lines, relaid, narrowed)
	}
}
