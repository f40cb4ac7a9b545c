package waitscreen

import (
	"strings"
)

// wrapText breaks s into lines of at most width characters, at spaces.
func wrapText(s string, width int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			out = append(out, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(out, line)
}

// wrapColumns wraps each line to at most cols characters (bytes, as the
// canvas's text counts them) for a screen that many characters wide: at
// spaces where it can, keeping a line's indent on each of its pieces,
// and through a word (an address, a code) longer than a whole line.
func wrapColumns(lines []string, cols int) []string {
	cols = max(cols, 8)
	var out []string
	for _, l := range lines {
		if len(l) <= cols {
			out = append(out, l)
			continue
		}
		body := strings.TrimLeft(l, " ")
		indent := l[:min(len(l)-len(body), cols/2)]
		for _, piece := range wrapText(hardBreak(body, cols-len(indent)), cols-len(indent)) {
			out = append(out, indent+piece)
		}
	}
	return out
}

// hardBreak puts a space into each word of s every width bytes, so that
// wrapText can break it.
func hardBreak(s string, width int) string {
	var b strings.Builder
	run := 0
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			run = 0
		} else if run++; run > width {
			b.WriteByte(' ')
			run = 1
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
