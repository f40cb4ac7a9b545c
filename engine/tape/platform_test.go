package tape

import (
	"runtime"
	"strings"
	"testing"
)

func TestParsePlatformReadsOldAndNewHeaders(t *testing.T) {
	for s, want := range map[string]Platform{
		"amd64 v1":                            {Arch: "amd64", Level: "v1"},
		"arm64":                               {Arch: "arm64"},
		"amd64 v1 exp=fma os=windows":         {Arch: "amd64", Level: "v1", Exp: "fma", OS: "windows"},
		"arm64 exp=1a2b3c4d os=darwin":        {Arch: "arm64", Exp: "1a2b3c4d", OS: "darwin"},
		"amd64 v3 exp=plain os=linux later=1": {Arch: "amd64", Level: "v3", Exp: "plain", OS: "linux"},
	} {
		if got := ParsePlatform(s); got != want {
			t.Errorf("ParsePlatform(%q) = %+v, want %+v", s, got, want)
		}
	}
	here := Here()
	if got := ParsePlatform(here.String()); got != here {
		t.Errorf("ParsePlatform(%q) = %+v, want %+v", here.String(), got, here)
	}
	if here.OS != runtime.GOOS || here.Arch != runtime.GOARCH || here.Exp == "" {
		t.Errorf("Here() = %+v: want this OS and arch, and the math library named", here)
	}
	if runtime.GOARCH == "amd64" && here.Exp != "fma" && here.Exp != "plain" {
		t.Errorf("on amd64 math.Exp is %q, want fma or plain (the probe's inputs no longer tell Go's two paths apart)", here.Exp)
	}
}

func TestMismatchNamesWhatDiffersAndIgnoresWhatWasNotRecorded(t *testing.T) {
	fma := Platform{Arch: "amd64", Level: "v1", Exp: "fma", OS: "linux"}
	tests := []struct {
		there   Platform
		physics string
		want    string
	}{
		{fma, "box2d", ""},
		{Platform{Arch: "amd64", Level: "v1"}, "box2d", ""}, // an old recording: nothing to tell
		{Platform{Arch: "amd64", Level: "v1", Exp: "fma", OS: "windows"}, "chipmunk", ""},
		{Platform{Arch: "amd64", Level: "v1", Exp: "fma", OS: "windows"}, "box2d", "Box2D physics comes out differently on Linux and on Windows"},
		{Platform{Arch: "amd64", Level: "v1", Exp: "plain", OS: "linux"}, "chipmunk", "this computer's processor has FMA instructions and theirs lacks"},
		{Platform{Arch: "amd64", Level: "v1", Exp: "9f9f9f9f", OS: "linux"}, "chipmunk", "maths library gives other results than theirs (exp=fma and exp=9f9f9f9f)"},
		{Platform{Arch: "arm64", Exp: "fma", OS: "linux"}, "chipmunk", "processor (amd64) is of another kind than theirs (arm64)"},
		{Platform{Arch: "arm64", Exp: "fma", OS: "linux"}, "box2d", "they compute Box2D physics differently"},
		{Platform{Arch: "amd64", Level: "v3", Exp: "fma", OS: "linux"}, "chipmunk", "which compute Chipmunk physics differently"},
		// The exact engine computes the same bits everywhere.
		{Platform{Arch: "arm64", Exp: "1a2b3c4d", OS: "darwin"}, "exact", ""},
		{Platform{Arch: "amd64", Level: "v3", Exp: "plain", OS: "windows"}, "exact", ""},
		{Platform{Arch: "amd64", Level: "v1", Exp: "plain", OS: "linux"}, "exact", ""},
	}
	for _, tt := range tests {
		got := Mismatch(fma, tt.there, "theirs", tt.physics)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("Mismatch(%v, %v, %s) = %q, want %q", fma, tt.there, tt.physics, got, tt.want)
		}
	}
}
