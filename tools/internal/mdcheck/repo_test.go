package mdcheck

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// root is the repository's root, from this package's directory.
const root = "../../.."

// skipDirs are build outputs, whose Markdown (if any) is no one's page.
func skipDirs(rel string) bool { return rel == "bin" || rel == "out" }

func TestEveryMarkdownLinkInTheRepositoryLeadsSomewhere(t *testing.T) {
	files, err := Files(root, skipDirs)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(files, "README.md") {
		t.Fatalf("no README.md among the Markdown files below %s (%v): is the root right?", root, files)
	}
	problems, err := Check(root, skipDirs)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

func TestEveryGoBlockInTheDocsIsGo(t *testing.T) {
	files, err := Files(root, skipDirs)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, rel := range files {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		for _, blk := range Blocks(string(b)) {
			if blk.Lang != "go" {
				continue
			}
			n++
			if err := ParseGo(blk); err != nil {
				t.Errorf("%s:%d: the go block does not parse (its line N, in block.go:N, is line %d+N here): %v", rel, blk.Line, blk.Line, err)
			}
		}
	}
	if n == 0 {
		t.Fatal("found no go blocks in the repository's Markdown")
	}
}

// TestEveryGoProgramInTheDocsBuilds builds each ```go block that is a
// whole program (package main) in any Markdown file against this
// checkout, with the go command: the README's first game, at least. The
// blocks are written into a directory under testdata here (inside the
// module, so they build against it as a game would; removed at the end).
// go test's cache sees the Markdown files this test reads, not the
// module's Go source the go command compiles: after changing the API, run
// it with -count=1 (make test does).
func TestEveryGoProgramInTheDocsBuilds(t *testing.T) {
	files, err := Files(root, skipDirs)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("testdata", "programs-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	var pkgs []string
	where := map[string]string{} // package directory: the block's place
	fence := map[string]int{}    // package directory: its block's opening line
	for _, rel := range files {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		for _, blk := range Blocks(string(b)) {
			if !IsProgram(blk) {
				continue
			}
			pkg := filepath.Join(dir, fmt.Sprintf("p%d", len(pkgs)))
			if err := os.Mkdir(pkg, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(pkg, "main.go"), []byte(blk.Code), 0o644); err != nil {
				t.Fatal(err)
			}
			pkgs = append(pkgs, "./"+filepath.ToSlash(pkg))
			where[filepath.Base(pkg)] = rel
			fence[filepath.Base(pkg)] = blk.Line
		}
	}
	if !hasReadmeGame(where) {
		t.Fatalf("no Go program in README.md (its first game should be one); programs found: %v", where)
	}
	out := t.TempDir()
	cmd := exec.Command("go", append([]string{"build", "-o", out + string(filepath.Separator)}, pkgs...)...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		// Name the Markdown file and its line, not the scratch copy.
		text := scratchLine.ReplaceAllStringFunc(string(msg), func(m string) string {
			sub := scratchLine.FindStringSubmatch(m)
			n, _ := strconv.Atoi(sub[2])
			return fmt.Sprintf("%s:%d:", where[sub[1]], fence[sub[1]]+n)
		})
		t.Fatalf("a Go program in the docs does not build (%v):\n%s", err, text)
	}
}

// scratchLine matches a place in a scratch copy of a block in the go
// command's messages: "testdata/programs-1/p3/main.go:12:".
var scratchLine = regexp.MustCompile(`\S*programs-\d+/(p\d+)/main\.go:(\d+):`)

func hasReadmeGame(where map[string]string) bool {
	for _, rel := range where {
		if rel == "README.md" {
			return true
		}
	}
	return false
}
