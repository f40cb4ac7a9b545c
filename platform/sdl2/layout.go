package sdl2

import (
	"image/color"
	"strings"
)

// Align says where the lines of a TextBlock sit across its width.
type Align uint8

// The alignments. The zero Align is AlignLeft.
const (
	AlignLeft Align = iota
	AlignCenter
	AlignRight
)

// TextBlock is text laid out in lines: broken at '\n', wrapped between
// words to fit Width, each line aligned across it. Set its fields, then
// Measure it or draw it with Canvas.DrawTextBlock; it lays the text out
// again only when Text, Face or Width changed (or the face was rasterised
// at another scale), so drawing the same block every frame allocates
// nothing and measures nothing. A word wider than Width alone is broken
// between characters. Spaces where a line wraps are dropped.
//
// The zero TextBlock has no face and draws nothing. One TextBlock per
// piece of text on screen: its lines are kept inside it.
type TextBlock struct {
	Face *Face  // the face to draw with; nil: nothing is drawn
	Text string // the text; "": no lines
	// Width is the width to wrap and align to, in canvas units; 0 does
	// not wrap, and aligns to the widest line.
	Width float64
	Align Align // AlignLeft when zero

	lines []textLine
	laid  struct {
		text  string
		face  *Face
		width float64
		over  float64
		ok    bool
	}
	widest float64
}

// textLine is one laid-out line: Text[start:end], and its width.
type textLine struct {
	start, end int
	width      float64
}

// Measure returns the size of the block in canvas units: the widest line,
// and the line height times the number of lines.
func (b *TextBlock) Measure() (width, height float64) {
	mustMain("TextBlock.Measure")
	if !b.layout() {
		return 0, 0
	}
	return b.widest, float64(len(b.lines)) * b.Face.height
}

// Lines returns how many lines the block has.
func (b *TextBlock) Lines() int {
	mustMain("TextBlock.Lines")
	b.layout()
	return len(b.lines)
}

// DrawTextBlock draws b with the top-left corner of its box at (x, y) in
// canvas units, ignoring the transform as DrawText does. The box is Width
// wide, or as wide as the widest line when Width is 0.
func (c *Canvas) DrawTextBlock(b *TextBlock, x, y float64, col color.RGBA) {
	mustMain("Canvas.DrawTextBlock")
	if !b.layout() {
		return
	}
	box := b.Width
	if box <= 0 {
		box = b.widest
	}
	for i, l := range b.lines {
		lx := x
		switch b.Align {
		case AlignCenter:
			lx += (box - l.width) / 2
		case AlignRight:
			lx += box - l.width
		}
		drawFaceText(c, b.Face, lx, y+float64(i)*b.Face.height, b.Text[l.start:l.end], col)
	}
}

// layout lays the text out if anything it depends on changed, and reports
// whether there is anything to draw.
func (b *TextBlock) layout() bool {
	if b.Face == nil || !b.Face.sync() {
		return false
	}
	l := &b.laid
	if l.ok && l.text == b.Text && l.face == b.Face && l.width == b.Width && l.over == b.Face.over {
		return true
	}
	l.text, l.face, l.width, l.over, l.ok = b.Text, b.Face, b.Width, b.Face.over, true
	b.lines, b.widest = b.lines[:0], 0
	if b.Text == "" {
		return true
	}
	for start := 0; ; {
		end := strings.IndexByte(b.Text[start:], '\n')
		if end < 0 {
			b.wrap(start, len(b.Text))
			break
		}
		b.wrap(start, start+end)
		start += end + 1
	}
	return true
}

// wrap lays out Text[start:end], one paragraph, as one or more lines.
func (b *TextBlock) wrap(start, end int) {
	s, lines := b.Text, len(b.lines)
	from, to := start, start // the line so far: s[from:to]
	for i := start; i < end; {
		ws := i
		for ws < end && s[ws] == ' ' {
			ws++
		}
		we := ws
		for we < end && s[we] != ' ' {
			we++
		}
		switch {
		case ws == end: // trailing spaces
			i = end
		case b.Width <= 0 || b.Face.Width(s[from:we]) <= b.Width:
			to, i = we, we
		case to > from: // the word goes on the next line
			b.add(from, to)
			from, to, i = ws, ws, ws
		default: // a word wider than the line alone
			cut := b.fit(from, we)
			b.add(from, cut)
			from, to, i = cut, cut, cut
		}
	}
	if to > from || len(b.lines) == lines {
		b.add(from, to)
	}
}

// fit returns the end of the longest run of s[from:to] that fits in Width,
// at least one character.
func (b *TextBlock) fit(from, to int) int {
	_, n := decodeRune(b.Text[from:to])
	cut := from + n
	for cut < to {
		_, n := decodeRune(b.Text[cut:to])
		if b.Face.Width(b.Text[from:cut+n]) > b.Width {
			break
		}
		cut += n
	}
	return cut
}

func (b *TextBlock) add(start, end int) {
	w := b.Face.Width(b.Text[start:end])
	b.lines = append(b.lines, textLine{start, end, w})
	b.widest = max(b.widest, w)
}
