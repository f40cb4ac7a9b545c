package mdcheck

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSlugIsGitHubsAnchor(t *testing.T) {
	for _, tc := range []struct{ heading, want string }{
		{"Two commands", "two-commands"},
		{"Prediction: frames that do not wait for the network", "prediction-frames-that-do-not-wait-for-the-network"},
		{"`-tps` and `steps_per_frame`", "-tps-and-steps_per_frame"},
		{"Shipping a game (Linux, Windows, macOS)", "shipping-a-game-linux-windows-macos"},
		{"See [netplay](netplay.md) ##", "see-netplay"},
		{"Écrire un jeu", "écrire-un-jeu"},
	} {
		if got := Slug(tc.heading); got != tc.want {
			t.Errorf("Slug(%q) = %q, want %q", tc.heading, got, tc.want)
		}
	}
}

func TestAnchorsNumberRepeatedHeadingsAndSkipCode(t *testing.T) {
	src := "# Title\n\n## Windows\n\n```sh\n# not a heading\n```\n\n### Windows\n#nospace\n####### seven\n"
	got := Anchors(src)
	want := map[string]bool{"title": true, "windows": true, "windows-1": true}
	if len(got) != len(want) {
		t.Errorf("Anchors = %v, want %v", got, want)
	}
	for a := range want {
		if !got[a] {
			t.Errorf("Anchors lacks %q: %v", a, got)
		}
	}
}

func TestLinksLeaveOutCode(t *testing.T) {
	src := "see [a](a.md#x) and ![pic](img/p.png \"title\")\n`[not](code.md)`\n```\n[not](block.md)\n```\n[web](https://example.com)\n"
	var got []string
	for _, l := range Links(src) {
		got = append(got, l.Target)
	}
	want := []string{"a.md#x", "img/p.png", "https://example.com"}
	if !slices.Equal(got, want) {
		t.Errorf("Links = %q, want %q", got, want)
	}
}

// write makes files (path: content) under a new directory.
func write(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestCheckFindsBrokenLinksAndAnchors(t *testing.T) {
	root := write(t, map[string]string{
		"README.md": "# Top\n[ok](docs/a.md#sound) [dir](docs) [self](#top) [web](https://x.org/#nowhere)\n" +
			"[gone](docs/gone.md)\n[bad anchor](docs/a.md#music)\n[bad self](#bottom)\n[out](../x.md)\n[abs](/docs/a.md)\n",
		"docs/a.md":          "# A\n## Sound\n[up](../README.md#top) [code](../main.go#L3)\n",
		"main.go":            "package main\n",
		".hidden/x.md":       "[broken](nowhere.md)\n",
		"testdata/y.md":      "[broken](nowhere.md)\n",
		"bin/z.md":           "[broken](nowhere.md)\n",
		"docs/img/README.md": "![pic](../../main.go)\n",
	})
	problems, err := Check(root, func(rel string) bool { return rel == "bin" })
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.String())
	}
	want := []string{
		`README.md:3: link "docs/gone.md": docs/gone.md does not exist`,
		`README.md:4: link "docs/a.md#music": docs/a.md has no heading`,
		`README.md:5: link "#bottom": README.md has no heading`,
		`README.md:6: link "../x.md" leaves the repository`,
		`README.md:7: link "/docs/a.md" is absolute`,
	}
	if len(got) != len(want) {
		t.Fatalf("problems:\n%s\nwant %d:\n%s", strings.Join(got, "\n"), len(want), strings.Join(want, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("problem %d = %q, want it to start %q", i, got[i], want[i])
		}
	}
}

func TestIsProgramWantsPackageMain(t *testing.T) {
	src := "```go\n// A game.\npackage main\n\nfunc main() {}\n```\n\n" +
		"- item:\n\n  ```go\n  func (g *game) Tick() {}\n  ```\n\n```sh\npackage main\n```\n"
	blocks := Blocks(src)
	if len(blocks) != 3 {
		t.Fatalf("Blocks found %d, want 3: %+v", len(blocks), blocks)
	}
	if blocks[1].Code != "func (g *game) Tick() {}\n" {
		t.Errorf("an indented block's code = %q, want it dedented", blocks[1].Code)
	}
	for i, want := range []bool{true, false, false} {
		if got := IsProgram(blocks[i]); got != want {
			t.Errorf("IsProgram(block %d, %q) = %v, want %v", i, blocks[i].Lang, got, want)
		}
	}
}

func TestParseGoTakesProgramsDeclarationsAndStatements(t *testing.T) {
	for _, tc := range []struct {
		code string
		ok   bool
	}{
		{"package main\n\nfunc main() {}\n", true},
		{"func (g *game) Tick(t *engine.Tick) error {\n\treturn nil\n}\n", true},
		{"type box struct{ x float64 }\n", true},
		{"func (g *game) Tick(t *engine.Tick) error {\n\treturn nil\n", false}, // a brace lost
		{"package main\n\nfunc main() { x := }\n", false},
		{"x := 1\nf(x)\n", true},         // statements, as in a method
		{"x := 1\nfunc f() {}\n", false}, // neither: statements and a declaration mixed
		{"if x {\n", false},              // a statement cut short
	} {
		err := ParseGo(Block{Lang: "go", Code: tc.code})
		if (err == nil) != tc.ok {
			t.Errorf("ParseGo(%q) = %v, want ok %v", tc.code, err, tc.ok)
		}
	}
}
