// Package buildid names a build of a game for the netplay check that
// every peer computes the same ticks, and says in a player's words why
// two cannot.
//
// Two builds agree when their platforms do (tape.Mismatch: processor
// kind, instruction level, FMA; Box2D also on one operating system) and
// their simulation code does: the same Config.Version when the game names
// one, else on one operating system the same executable code (package
// codeid), and across operating systems the same source: one committed
// revision of the main module, the same dependencies, Go version and
// compiler flags. Windows and Linux builds of one clean checkout thus
// play each other; a build from a tree with uncommitted changes, or
// without version control information (go run, go test), plays only
// copies of its own executable code.
package buildid

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

// ID is one peer's build as the host compares it. The zero ID is an
// unknown build, which matches only the same string.
type ID struct {
	Platform tape.Platform
	// Physics is the physics engine this peer runs ("chipmunk",
	// "box2d"); the host's is the session's. "": not said.
	Physics string
	// Version is the game's own name for its simulation
	// (desktop.Config.Version); "" when it names none.
	Version string
	// Source is a digest of the source the build was made from (see
	// Stamp); "" when it cannot be told.
	Source string
	// Code is a digest of the executable's code (codeid); "" when it
	// could not be read.
	Code string
}

// String writes id as Parse reads it: the platform, then key=value words
// (values escaped as in a URL query).
func (id ID) String() string {
	s := id.Platform.String()
	for _, kv := range [][2]string{{"physics", id.Physics}, {"version", id.Version}, {"source", id.Source}, {"code", id.Code}} {
		if kv[1] != "" {
			s += " " + kv[0] + "=" + url.QueryEscape(kv[1])
		}
	}
	return s + " " + marker
}

// marker ends every ID's string, telling it from another format.
const marker = "build/1"

// Parse reads an ID as String writes it; false for any other string.
func Parse(s string) (ID, bool) {
	rest, ok := strings.CutSuffix(s, " "+marker)
	if !ok {
		return ID{}, false
	}
	id := ID{Platform: tape.ParsePlatform(rest)}
	for _, w := range strings.Fields(rest) {
		k, v, kv := strings.Cut(w, "=")
		if !kv {
			continue
		}
		v, err := url.QueryUnescape(v)
		if err != nil {
			return ID{}, false
		}
		switch k {
		case "physics":
			id.Physics = v
		case "version":
			id.Version = v
		case "source":
			id.Source = v
		case "code":
			id.Code = v
		}
	}
	return id, id.Platform.Arch != ""
}

// Refusal says in the joiner's words why a joiner built as joiner cannot
// play the host's session, built as host; "" when it can. Strings that
// are not IDs (another version of this package) must be equal.
func Refusal(host, joiner string) string {
	h, hok := Parse(host)
	j, jok := Parse(joiner)
	if !hok || !jok {
		if host == joiner {
			return ""
		}
		return fmt.Sprintf("build %q differs from the host's %q: both need the same simulation code "+
			"(one binary, or one source built with the same Go version, tags and flags, and -trimpath)", joiner, host)
	}
	if why := tape.Mismatch(j.Platform, h.Platform, "the host's", h.Physics); why != "" {
		return why
	}
	return codeRefusal(h, j)
}

// codeRefusal says why j's simulation code is not h's, "" when it is.
func codeRefusal(h, j ID) string {
	switch {
	case h.Version != "" || j.Version != "":
		if h.Version == j.Version {
			return ""
		}
		return fmt.Sprintf("this copy of the game is %s and the host's is %s: play with the same version",
			versionName(j.Version), versionName(h.Version))
	case h.Platform.OS == j.Platform.OS && h.Platform.Arch == j.Platform.Arch && h.Code != "" && j.Code != "":
		// Executable code compares only within one kind of system and
		// processor; across them (the exact engine lets processors mix)
		// the source decides.
		if h.Code == j.Code {
			return ""
		}
	case h.Source != "" && h.Source == j.Source:
		return ""
	case h.Source == "" || j.Source == "":
		return fmt.Sprintf("copies of the game for %s and for %s can play together only when both are built from the same committed source "+
			"(%s has uncommitted changes or no version control information), or name the same version (desktop.Config.Version)",
			tape.OSName(j.Platform.OS), tape.OSName(h.Platform.OS), whoseUnknown(h, j))
	}
	return "this copy of the game differs from the host's: both need the same simulation code " +
		"(one binary, or one source built with the same Go version, tags and flags, and -trimpath); update both to the same version"
}

func versionName(v string) string {
	if v == "" {
		return "an unnamed build"
	}
	return "version " + v
}

// whoseUnknown names the build whose source cannot be told.
func whoseUnknown(h, j ID) string {
	switch {
	case h.Source == "" && j.Source == "":
		return "each"
	case j.Source == "":
		return "this one"
	}
	return "the host's"
}
