package buildid

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
)

// Stamp returns a digest of the source bi says the build was made from,
// the same for Windows and Linux builds of it: the Go version, the main
// module at its committed revision, every dependency at its checksummed
// version, and the settings that change code (build tags, compiler flags,
// GOEXPERIMENT, -race...). Left out are what only links or places the
// program (-ldflags, such as -H windowsgui; GOOS; cgo's settings; the
// tags static, box2d and nox11, which choose libraries and backends that
// the session's settings and platform check cover). "" when the source
// cannot be told: no VCS revision (go run, go test, -buildvcs=false),
// uncommitted changes or untracked files, or a dependency replaced by a
// local directory.
func Stamp(bi *debug.BuildInfo) string {
	if bi == nil {
		return ""
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" || modified != "false" {
		return ""
	}
	lines := []string{bi.GoVersion, bi.Main.Path + " " + rev}
	for _, d := range bi.Deps {
		if d.Replace != nil {
			d = d.Replace
		}
		if d.Sum == "" { // a local directory: anything may be in it
			return ""
		}
		lines = append(lines, fmt.Sprintf("%s %s %s", d.Path, d.Version, d.Sum))
	}
	for _, s := range bi.Settings {
		if k, v, ok := codeSetting(s); ok {
			lines = append(lines, k+"="+v)
		}
	}
	slices.Sort(lines[2:])
	sum := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(sum[:12])
}

// glueTags are build tags that choose libraries or backends only.
var glueTags = []string{"static", "box2d", "nox11"}

// codeSetting returns a build setting that changes the code built, with
// glue tags left out of -tags; false for one that does not.
func codeSetting(s debug.BuildSetting) (key, value string, ok bool) {
	switch {
	case s.Key == "-tags":
		var keep []string
		for _, t := range strings.Split(s.Value, ",") {
			if t != "" && !slices.Contains(glueTags, t) {
				keep = append(keep, t)
			}
		}
		slices.Sort(keep)
		return s.Key, strings.Join(keep, ","), true
	case s.Key == "-ldflags", s.Key == "-trimpath", s.Key == "-buildmode", s.Key == "-compiler",
		s.Key == "GOOS", strings.HasPrefix(s.Key, "CGO_"), strings.HasPrefix(s.Key, "vcs"), s.Key == "DefaultGODEBUG":
		return "", "", false
	}
	return s.Key, s.Value, true
}
