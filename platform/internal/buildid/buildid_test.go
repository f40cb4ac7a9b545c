package buildid

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

var (
	linuxFMA   = tape.Platform{Arch: "amd64", Level: "v1", Exp: "fma", OS: "linux"}
	windowsFMA = tape.Platform{Arch: "amd64", Level: "v1", Exp: "fma", OS: "windows"}
)

func TestParseReadsWhatStringWrites(t *testing.T) {
	for _, id := range []ID{
		{Platform: linuxFMA, Physics: "chipmunk", Source: "ab12", Code: "cd34"},
		{Platform: windowsFMA, Physics: "box2d", Version: "1.2 beta=3 & more"},
		{Platform: tape.Platform{Arch: "arm64"}},
	} {
		got, ok := Parse(id.String())
		if !ok || got != id {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", id.String(), got, ok, id)
		}
	}
	for _, s := range []string{"", "b1", "amd64 v1", " build/1", "amd64 version=%zz build/1"} {
		if id, ok := Parse(s); ok {
			t.Errorf("Parse(%q) = %+v, want it refused", s, id)
		}
	}
}

func TestRefusalLetsAlikeBuildsPlayAndSaysWhyOthersCannot(t *testing.T) {
	id := func(p tape.Platform, physics, version, source, code string) string {
		return ID{Platform: p, Physics: physics, Version: version, Source: source, Code: code}.String()
	}
	arm := tape.Platform{Arch: "arm64", OS: "darwin"}
	armLinux := tape.Platform{Arch: "arm64", Exp: "2c2c2c2c", OS: "linux"}
	plain := tape.Platform{Arch: "amd64", Level: "v1", Exp: "plain", OS: "linux"}
	v3 := tape.Platform{Arch: "amd64", Level: "v3", Exp: "fma", OS: "linux"}
	tests := []struct {
		name, host, joiner, want string // want "": accepted
	}{
		{"one binary", id(linuxFMA, "chipmunk", "", "s", "c"), id(linuxFMA, "chipmunk", "", "s", "c"), ""},
		{"Windows joins Linux, one source", id(linuxFMA, "chipmunk", "", "s", "c"), id(windowsFMA, "chipmunk", "", "s", "w"), ""},
		{"the joiner's own physics is not the session's", id(linuxFMA, "chipmunk", "", "s", "c"), id(windowsFMA, "box2d", "", "s", "w"), ""},
		{"Box2D across systems", id(linuxFMA, "box2d", "", "s", "c"), id(windowsFMA, "chipmunk", "", "s", "w"), "Box2D physics comes out differently on Windows and on Linux"},
		{"Box2D on one system", id(linuxFMA, "box2d", "", "s", "c"), id(linuxFMA, "chipmunk", "", "s", "c"), ""},
		{"arm64 against amd64", id(linuxFMA, "chipmunk", "1", "", ""), id(arm, "chipmunk", "1", "", ""), "processor (arm64) is of another kind than the host's (amd64)"},
		{"no FMA", id(linuxFMA, "chipmunk", "1", "", ""), id(plain, "chipmunk", "1", "", ""), "lacks FMA instructions and the host's has"},
		{"another level", id(linuxFMA, "chipmunk", "1", "", ""), id(v3, "chipmunk", "1", "", ""), "built for amd64 v3 processors and the host's for amd64 v1"},
		{"another source across systems", id(linuxFMA, "chipmunk", "", "s", "c"), id(windowsFMA, "chipmunk", "", "t", "w"), "differs from the host's"},
		{"unknown source across systems", id(linuxFMA, "chipmunk", "", "s", "c"), id(windowsFMA, "chipmunk", "", "", "w"), "Windows and for Linux can play together only when both are built from the same committed source (this one has"},
		{"one system: the code decides", id(linuxFMA, "chipmunk", "", "s", "c"), id(linuxFMA, "chipmunk", "", "s", "d"), "differs from the host's"},
		{"one system, code unreadable: the source decides", id(linuxFMA, "chipmunk", "", "s", ""), id(linuxFMA, "chipmunk", "", "s", ""), ""},
		{"one version across systems", id(linuxFMA, "chipmunk", "1.2", "", "c"), id(windowsFMA, "chipmunk", "1.2", "", "w"), ""},
		{"another version", id(linuxFMA, "chipmunk", "1.2", "", "c"), id(linuxFMA, "chipmunk", "1.1", "", "c"), "this copy of the game is version 1.1 and the host's is version 1.2"},
		{"a version against none", id(linuxFMA, "chipmunk", "1.2", "", "c"), id(linuxFMA, "chipmunk", "", "s", "c"), "an unnamed build and the host's is version 1.2"},
		{"exact: arm64 joins amd64 on Linux, one source", id(linuxFMA, "exact", "", "s", "c"), id(armLinux, "exact", "", "s", "a"), ""},
		{"exact: macOS on arm64 joins Linux on amd64, one source", id(linuxFMA, "exact", "", "s", "c"), id(arm, "exact", "", "s", "a"), ""},
		{"exact: no FMA", id(linuxFMA, "exact", "1", "", ""), id(plain, "exact", "1", "", ""), ""},
		{"exact: another level", id(linuxFMA, "exact", "1", "", ""), id(v3, "exact", "1", "", ""), ""},
		{"exact: arm64 of another source", id(linuxFMA, "exact", "", "s", "c"), id(armLinux, "exact", "", "t", "a"), "differs from the host's"},
		{"exact: arm64 of another version", id(linuxFMA, "exact", "1.2", "", "c"), id(armLinux, "exact", "1.1", "", "a"), "this copy of the game is version 1.1"},
		{"Chipmunk: arm64 on Linux, one source", id(linuxFMA, "chipmunk", "", "s", "c"), id(armLinux, "chipmunk", "", "s", "a"), "of another kind than the host's (amd64): they compute Chipmunk physics differently"},
		{"Box2D: arm64 on Linux, one source", id(linuxFMA, "box2d", "", "s", "c"), id(armLinux, "box2d", "", "s", "a"), "they compute Box2D physics differently"},
		{"Chipmunk: no FMA, one source", id(linuxFMA, "chipmunk", "", "s", "c"), id(plain, "chipmunk", "", "s", "c"), "lacks FMA instructions"},
		{"an older peer's string", "b1", "b1", ""},
		{"an older peer's other string", "b1", "b2", `build "b2" differs from the host's "b1"`},
		{"an older peer against a new one", id(linuxFMA, "chipmunk", "", "s", "c"), "amd64 v1", "differs from the host's"},
	}
	for _, tt := range tests {
		got := Refusal(tt.host, tt.joiner)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("%s: Refusal = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// info is a clean build's stamp for GOOS goos, as cmd/go writes it.
func info(goos string, tweak func(*debug.BuildInfo)) *debug.BuildInfo {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "example.com/game", Version: "(devel)"},
		Deps: []*debug.Module{{Path: "github.com/jakecoffman/cp/v2", Version: "v2.4.0", Sum: "h1:abc="}},
		Settings: []debug.BuildSetting{{Key: "-buildmode", Value: "exe"}, {Key: "-compiler", Value: "gc"},
			{Key: "CGO_ENABLED", Value: "1"}, {Key: "GOARCH", Value: "amd64"}, {Key: "GOOS", Value: goos},
			{Key: "GOAMD64", Value: "v1"}, {Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "0123abc"},
			{Key: "vcs.time", Value: "2026-11-27T15:00:00Z"}, {Key: "vcs.modified", Value: "false"}}}
	if goos == "windows" {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: "-ldflags", Value: "-H=windowsgui"},
			debug.BuildSetting{Key: "-tags", Value: "static"}, debug.BuildSetting{Key: "CGO_CFLAGS", Value: "-I/x"})
	} else {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: "-tags", Value: "box2d"})
	}
	if tweak != nil {
		tweak(bi)
	}
	return bi
}

func set(key, value string) func(*debug.BuildInfo) {
	return func(bi *debug.BuildInfo) {
		for i := range bi.Settings {
			if bi.Settings[i].Key == key {
				bi.Settings[i].Value = value
				return
			}
		}
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: key, Value: value})
	}
}

func TestStampIsOneForASourceOnEverySystemAndNoneWhenUnknown(t *testing.T) {
	linux := Stamp(info("linux", nil))
	if linux == "" || Stamp(info("windows", nil)) != linux {
		t.Fatalf("Linux and Windows builds of one clean source: stamps %q and %q, want one", linux, Stamp(info("windows", nil)))
	}
	for name, tweak := range map[string]func(*debug.BuildInfo){
		"another revision": set("vcs.revision", "4567def"),
		"another Go":       func(bi *debug.BuildInfo) { bi.GoVersion = "go1.26.9" },
		"another dependency": func(bi *debug.BuildInfo) {
			bi.Deps[0] = &debug.Module{Path: bi.Deps[0].Path, Version: "v2.4.1", Sum: "h1:def="}
		},
		"a code tag":        set("-tags", "box2d,cheats"),
		"compiler flags":    set("-gcflags", "-N -l"),
		"the race detector": set("-race", "true"),
	} {
		if got := Stamp(info("linux", tweak)); got == linux || got == "" {
			t.Errorf("%s: stamp %q, want another known one than %q", name, got, linux)
		}
	}
	for name, tweak := range map[string]func(*debug.BuildInfo){
		"uncommitted changes": set("vcs.modified", "true"),
		"no revision":         func(bi *debug.BuildInfo) { bi.Settings = bi.Settings[:5] },
		"a local replacement": func(bi *debug.BuildInfo) { bi.Deps[0].Replace = &debug.Module{Path: "../cp"} },
	} {
		if got := Stamp(info("linux", tweak)); got != "" {
			t.Errorf("%s: stamp %q, want none", name, got)
		}
	}
	if Stamp(nil) != "" {
		t.Error("Stamp(nil) is not empty")
	}
}
