//go:build linux

package output

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDistinctFindsOneFileUnderAnyName(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Mkdir("d", 0o755))
	must(os.WriteFile("a.tape", []byte("tape"), 0o644))
	must(os.WriteFile("other", nil, 0o644))
	must(os.Symlink("a.tape", "link.tape"))
	must(os.Symlink("d", "dlink"))
	must(os.Link("a.tape", "hard.tape"))
	must(os.Symlink("../a.tape", "d/up"))
	must(os.Symlink("new.json", "dangling"))
	abs := filepath.Join(root, "a.tape")

	tests := []struct {
		name  string
		files []Named
		want  string // "" for no error
	}{
		{"one file under one name", []Named{{"-stats-json", "a.tape", false}, {"-replay", "a.tape", true}},
			"-stats-json and -replay name the same file a.tape"},
		{"relative and absolute", []Named{{"-cpuprofile", "a.tape", false}, {"-trace", abs, false}},
			"-cpuprofile and -trace name the same file (a.tape and " + abs + ")"},
		{"through ..", []Named{{"-record", "d/../a.tape", false}, {"-stats-json", "./a.tape", false}}, "-record and -stats-json"},
		{"a symbolic link", []Named{{"-record", "link.tape", false}, {"-replay", "a.tape", true}}, "-record and -replay"},
		{"a hard link", []Named{{"-record", "hard.tape", false}, {"-screenshot", "a.tape", false}}, "-record and -screenshot"},
		{"a link in a linked directory", []Named{{"-trace", "dlink/up", false}, {"-replay", "a.tape", true}}, "-trace and -replay"},
		{"not yet made, two spellings", []Named{{"-stats-json", "d/new.json", false}, {"-memprofile", "dlink/../d/new.json", false}}, "-stats-json and -memprofile"},
		{"not yet made, through a linked directory", []Named{{"-stats-json", "d/new.json", false}, {"-memprofile", "dlink/new.json", false}}, "-stats-json and -memprofile"},
		{"not yet made, through a dangling link", []Named{{"-record", "dangling", false}, {"-trace", "new.json", false}}, "-record and -trace"},
		{"the third of three", []Named{{"-trace", "other", false}, {"-cpuprofile", "x.pprof", false}, {"-memprofile", "./x.pprof", false}}, "-cpuprofile and -memprofile"},
		{"different files", []Named{{"-record", "a.tape", false}, {"-stats-json", "other", false}, {"-trace", "d/new", false}}, ""},
		{"two inputs", []Named{{"-replay", "a.tape", true}, {"-compare", "link.tape", true}}, ""},
		{"unset flags", []Named{{"-record", "", false}, {"-trace", "", false}}, ""},
		{"/dev/null twice", []Named{{"-cpuprofile", "/dev/null", false}, {"-trace", "/dev/null", false}}, ""},
		{"/dev/stdout twice", []Named{{"-stats-json", "/dev/stdout", false}, {"-trace", "/dev/fd/1", false}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Distinct(tt.files...)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Distinct = %v, want no error", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("Distinct = %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

func TestDistinctReportsAPathThatCannotBeResolved(t *testing.T) {
	err := Distinct(Named{Flag: "-trace", Path: filepath.Join(t.TempDir(), "no", "dir", "x")})
	if err == nil || !strings.Contains(err.Error(), "-trace") {
		t.Fatalf("Distinct = %v, want an error naming the flag", err)
	}
}
