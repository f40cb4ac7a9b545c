package recording

import (
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

// -replay refuses a recording whose platform cannot give the same ticks,
// saying why, and plays one it cannot tell about (an older recording's
// "amd64 v1") with a warning.
func TestReplayRefusesARecordingItsPlatformCannotReproduce(t *testing.T) {
	here := tape.Here()
	other := here
	other.Arch = "some-other-arch"
	otherExp := here
	otherExp.Exp = "0badc0de"
	otherOS := here
	otherOS.OS = "plan9"
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, tt := range []struct {
		platform string
		physics  string
		want     string // "": replayed
	}{
		{here.String(), "box2d", ""},
		{here.Arch + " " + here.Level, "chipmunk", ""},
		{otherOS.String(), "chipmunk", ""},
		{otherOS.String(), "box2d", "Box2D physics comes out differently"},
		{other.String(), "chipmunk", "is of another kind than the recording computer's"},
		{otherExp.String(), "chipmunk", "maths library gives other results"},
	} {
		h := tape.Header{Platform: tt.platform, Settings: []tape.Setting{{Name: "physics", Value: tt.physics}}}
		err := samePlatform("rec.tape", h, quiet)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "-replay rec.tape")) {
			t.Errorf("replaying a %s recording made on %q: %v, want %q", tt.physics, tt.platform, err, tt.want)
		}
	}
}
