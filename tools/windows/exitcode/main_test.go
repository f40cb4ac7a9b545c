package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// The program's status is the line and exitcode's own status; its output
// passes through untouched.
func TestRunPrintsTheProgramsStatus(t *testing.T) {
	for _, tt := range []struct {
		script string
		code   int
	}{{"echo out; echo err >&2; exit 0", 0}, {"exit 3", 3}, {"kill -9 $$", -1}} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"sh", "-c", tt.script}, strings.NewReader(""), &stdout, &stderr)
		if code != tt.code {
			t.Errorf("%q: status %d, want %d", tt.script, code, tt.code)
		}
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if want := linePrefix + "sh exited with " + strconv.Itoa(tt.code); lines[len(lines)-1] != want {
			t.Errorf("%q: last line of stderr %q, want %q", tt.script, lines[len(lines)-1], want)
		}
		if tt.code == 0 && (stdout.String() != "out\n" || lines[0] != "err") {
			t.Errorf("%q: stdout %q, stderr %q: want the program's own lines", tt.script, stdout.String(), stderr.String())
		}
	}
}

func TestRunRefusesWhatItCannotRun(t *testing.T) {
	var stderr bytes.Buffer
	if code := run(nil, nil, &stderr, &stderr); code != 2 || !strings.Contains(stderr.String(), "usage: exitcode PROGRAM") {
		t.Errorf("no program: status %d, %q; want 2 and the usage", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"/nonexistent/program"}, nil, &stderr, &stderr); code != 127 ||
		!strings.HasPrefix(stderr.String(), linePrefix+"program did not start: ") {
		t.Errorf("missing program: status %d, %q; want 127 and why", code, stderr.String())
	}
}
