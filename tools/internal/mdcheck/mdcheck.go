// Package mdcheck checks the Markdown of a checkout: relative links that
// lead nowhere, anchors no heading makes (GitHub's heading slugs), and the
// Go its code blocks hold (whole programs are built, fragments parsed). The module's own test runs it on every
// Markdown file of the repository, so a page moved or a heading renamed
// fails `make test` until every link to it is mended.
package mdcheck

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Problem is one broken link: where it is and what is wrong.
type Problem struct {
	File string // the Markdown file, slash-separated, relative to the root
	Line int    // 1-based
	Msg  string
}

func (p Problem) String() string { return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg) }

// Link is a link or image in a Markdown file.
type Link struct {
	Line   int
	Target string // as written: "docs/netplay.md#prediction", "#sound"
}

// Block is a fenced code block.
type Block struct {
	Line int    // of its opening fence
	Lang string // the info string's first word: "go", "sh"; "" when none
	Code string
}

// doc is a Markdown file split into what is prose and what is code.
type doc struct {
	prose  []string // lines outside fenced blocks ("" for those inside)
	blocks []Block
}

// split separates fenced code blocks (``` or ~~~) from the prose.
func split(src string) doc {
	var d doc
	lines := strings.Split(src, "\n")
	var fence string
	var cur *Block
	var code []string
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case cur == nil && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")):
			fence = t[:3]
			lang, _, _ := strings.Cut(strings.TrimSpace(t[3:]), " ")
			cur, code = &Block{Line: i + 1, Lang: lang}, nil
			d.prose = append(d.prose, "")
		case cur != nil && strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "":
			cur.Code = dedent(code)
			d.blocks = append(d.blocks, *cur)
			cur = nil
			d.prose = append(d.prose, "")
		case cur != nil:
			code = append(code, l)
			d.prose = append(d.prose, "")
		default:
			d.prose = append(d.prose, l)
		}
	}
	return d
}

// dedent removes the indentation the first line of a block inside a
// list item has from every line.
func dedent(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	indent := lines[0][:len(lines[0])-len(strings.TrimLeft(lines[0], " "))]
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimPrefix(l, indent)
	}
	return strings.Join(out, "\n") + "\n"
}

// codeSpan matches inline code, whose brackets are no link.
var codeSpan = regexp.MustCompile("`+[^`]*`+")

// linkRE matches an inline link or image's target: ](target) or
// ](target "title").
var linkRE = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// Links returns the inline links and images of a Markdown file, outside
// code blocks and code spans.
func Links(src string) []Link {
	var links []Link
	for i, l := range split(src).prose {
		l = codeSpan.ReplaceAllString(l, "")
		for _, m := range linkRE.FindAllStringSubmatch(l, -1) {
			links = append(links, Link{Line: i + 1, Target: strings.Trim(m[1], "<>")})
		}
	}
	return links
}

// Blocks returns the fenced code blocks of a Markdown file.
func Blocks(src string) []Block { return split(src).blocks }

// Anchors returns the anchors GitHub makes for a file's headings (ATX
// headings, "## Title"): Slug of each, a repeated one with -1, -2...
func Anchors(src string) map[string]bool {
	anchors := map[string]bool{}
	count := map[string]int{}
	for _, l := range split(src).prose {
		t := strings.TrimLeft(l, "#")
		if len(t) == len(l) || len(l)-len(t) > 6 || (t != "" && t[0] != ' ') {
			continue
		}
		s := Slug(t)
		if n := count[s]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			anchors[s] = true
		}
		count[s]++
	}
	return anchors
}

// inlineLink matches a link in a heading, whose text alone counts.
var inlineLink = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)

// Slug is GitHub's anchor for a heading's text: the text of links and
// code kept, lower case, letters, digits, - and _ kept, each space a -,
// every other character dropped.
func Slug(heading string) string {
	h := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(heading), "#"))
	h = inlineLink.ReplaceAllString(h, "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Check checks every Markdown file below root (hidden directories,
// testdata and those skip names left out): each relative link must lead
// to a file or directory that exists, and an anchor to a heading of the
// Markdown file it names (or of the same file).
func Check(root string, skip func(rel string) bool) ([]Problem, error) {
	files, err := Files(root, skip)
	if err != nil {
		return nil, err
	}
	anchors := map[string]map[string]bool{} // by file, read once
	anchorsOf := func(rel string) (map[string]bool, error) {
		if a, ok := anchors[rel]; ok {
			return a, nil
		}
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		anchors[rel] = Anchors(string(b))
		return anchors[rel], nil
	}
	var problems []Problem
	for _, rel := range files {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		for _, l := range Links(string(b)) {
			if msg := checkLink(root, rel, l.Target, anchorsOf); msg != "" {
				problems = append(problems, Problem{File: rel, Line: l.Line, Msg: msg})
			}
		}
	}
	return problems, nil
}

// checkLink says what is wrong with target, a link in file rel; "" when
// nothing is (or it leaves the repository: a URL with a scheme).
func checkLink(root, rel, target string, anchorsOf func(string) (map[string]bool, error)) string {
	u, err := url.Parse(target)
	if err != nil {
		return fmt.Sprintf("link %q: %v", target, err)
	}
	if u.Scheme != "" || u.Host != "" {
		return ""
	}
	dest := rel
	if u.Path != "" {
		if strings.HasPrefix(u.Path, "/") {
			return fmt.Sprintf("link %q is absolute: GitHub resolves it from the repository's root only on its site; make it relative", target)
		}
		dest = path.Clean(path.Join(path.Dir(rel), u.Path))
		if dest == ".." || strings.HasPrefix(dest, "../") {
			return fmt.Sprintf("link %q leaves the repository", target)
		}
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dest))); err != nil {
			return fmt.Sprintf("link %q: %s does not exist", target, dest)
		}
	}
	if u.Fragment == "" {
		return ""
	}
	if !strings.HasSuffix(dest, ".md") {
		return "" // an anchor into code is a line number GitHub makes, not a heading
	}
	a, err := anchorsOf(dest)
	if err != nil {
		return fmt.Sprintf("link %q: %v", target, err)
	}
	if !a[u.Fragment] {
		return fmt.Sprintf("link %q: %s has no heading whose anchor is #%s (it has %s)", target, dest, u.Fragment, list(a))
	}
	return ""
}

// list names a few anchors, for a message.
func list(a map[string]bool) string {
	names := make([]string, 0, len(a))
	for n := range a {
		names = append(names, "#"+n)
	}
	slices.Sort(names)
	if len(names) > 12 {
		names = append(names[:12], "...")
	}
	if len(names) == 0 {
		return "no headings"
	}
	return strings.Join(names, ", ")
}

// Files lists the Markdown files below root, slash-separated and sorted,
// leaving out hidden directories, testdata and the directories skip names
// (nil: none).
func Files(root string, skip func(rel string) bool) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || (skip != nil && skip(rel))) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".md") {
			files = append(files, rel)
		}
		return nil
	})
	return files, err
}

// IsProgram reports whether a Go block is a whole program: its first
// line that is not a comment or blank says package main.
func IsProgram(b Block) bool {
	if b.Lang != "go" {
		return false
	}
	for _, l := range strings.Split(b.Code, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "//") {
			continue
		}
		return t == "package main"
	}
	return false
}

// ParseGo checks that a Go block is Go: a whole file (a program),
// declarations (a method, a type) or statements, as a page shows them
// beside the code around them. Only a whole program can be built; ParseGo catches the
// rest going wrong in form (a brace lost in an edit, a statement that
// is no longer Go).
func ParseGo(b Block) error {
	fset := token.NewFileSet()
	if IsProgram(b) {
		_, err := parser.ParseFile(fset, "block.go", b.Code, parser.SkipObjectResolution)
		return err
	}
	_, err := parser.ParseFile(fset, "block.go", "package p; "+b.Code, parser.SkipObjectResolution) // one line: block.go counts lines as the block does
	if err == nil {
		return nil
	}
	// Statements, as a page shows a call in the middle of a game's method.
	if _, serr := parser.ParseFile(fset, "block.go", "package p; func _() { "+b.Code+"\n}", parser.SkipObjectResolution); serr == nil {
		return nil
	}
	return fmt.Errorf("neither a program (package main), declarations nor statements: %w", err)
}
