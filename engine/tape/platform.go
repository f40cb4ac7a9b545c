package tape

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"math"
	"runtime"
	"runtime/debug"
	"strings"
)

// Platform is what a run's floating point depends on besides its code:
// runs on equal Platforms of one build compute the same ticks bit for
// bit. Its zero value is an unknown platform.
type Platform struct {
	Arch  string // GOARCH: "amd64", "arm64"
	Level string // the instruction level it was built for (GOAMD64...): "v1"; "" when the arch has none
	// Exp names the results of math.Exp, which cp calls every step
	// (math.Pow) and for every damped spring: "fma" or "plain" for the
	// two paths Go's amd64 assembly picks between at run time, by whether
	// the CPU has FMA; another value for a math library this package does
	// not know (a digest of its results). "": not recorded (recordings
	// from before it was).
	Exp string
	// OS is GOOS, which names the C library a cgo physics engine (Box2D)
	// calls: Box2D's results differ between Windows and Linux. "": not
	// recorded.
	OS string
}

// ThisPlatform names this process's Platform, such as "amd64 v1 exp=fma
// os=linux": what a recording's header holds (Header.Platform).
func ThisPlatform() string { return Here().String() }

// Here returns this process's Platform.
func Here() Platform {
	p := Platform{Arch: runtime.GOARCH, Exp: expPath(), OS: runtime.GOOS}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "GO"+strings.ToUpper(runtime.GOARCH) && s.Value != "" {
				p.Level = s.Value
			}
		}
	}
	if p.Level == "" && runtime.GOARCH == "amd64" {
		p.Level = "v1"
	}
	return p
}

// String writes p as ParsePlatform reads it: the arch, the level, then
// exp= and os= when known.
func (p Platform) String() string {
	s := p.Arch
	if p.Level != "" {
		s += " " + p.Level
	}
	if p.Exp != "" {
		s += " exp=" + p.Exp
	}
	if p.OS != "" {
		s += " os=" + p.OS
	}
	return s
}

// ParsePlatform reads a Platform as String writes it, and as recordings
// before exp= and os= wrote it ("amd64 v1"). Words it does not know are
// left out.
func ParsePlatform(s string) Platform {
	var p Platform
	for i, w := range strings.Fields(s) {
		k, v, kv := strings.Cut(w, "=")
		switch {
		case i == 0:
			p.Arch = w
		case !kv && i == 1:
			p.Level = w
		case k == "exp":
			p.Exp = v
		case k == "os":
			p.OS = v
		}
	}
	return p
}

// Mismatch says, in a player's words, why a run on here cannot compute
// the same ticks as one on there with the physics engine named physics
// ("chipmunk", "box2d", "exact"), or "" when it can, or when what differs
// was not recorded. The words speak of here as "this computer" and of
// there by theirs, a possessive such as "the host's". The exact engine
// (physics/exact) computes the same bits on every processor, instruction
// level, maths library and system, so nothing of the platform stops it.
func Mismatch(here, there Platform, theirs, physics string) string {
	switch {
	case physics == exactPhysics:
		return ""
	case here.Arch != there.Arch:
		return fmt.Sprintf("this computer's processor (%s) is of another kind than %s (%s): they compute %s physics differently, so they cannot play the same game together (with -physics exact they can)",
			here.Arch, theirs, there.Arch, engineName(physics))
	case here.Level != there.Level:
		return fmt.Sprintf("this copy of the game was built for %s %s processors and %s for %s %s, which compute %s physics differently: use copies built alike, or -physics exact",
			here.Arch, cmp.Or(here.Level, "baseline"), theirs, there.Arch, cmp.Or(there.Level, "baseline"), engineName(physics))
	case here.Exp != "" && there.Exp != "" && here.Exp != there.Exp:
		if hasFMA(here.Exp) == "" || hasFMA(there.Exp) == "" {
			return fmt.Sprintf("this computer's maths library gives other results than %s (exp=%s and exp=%s): the game's physics comes out differently on them, so they cannot play the same game together",
				theirs, here.Exp, there.Exp)
		}
		return fmt.Sprintf("this computer's processor %s FMA instructions and %s %s: %s physics comes out differently on them, so they cannot play the same game together (with -physics exact they can)",
			hasFMA(here.Exp), theirs, hasFMA(there.Exp), engineName(physics))
	case physics == "box2d" && here.OS != "" && there.OS != "" && here.OS != there.OS:
		return fmt.Sprintf("Box2D physics comes out differently on %s and on %s (their C maths libraries differ): play with Chipmunk physics (-physics chipmunk) to mix them",
			OSName(here.OS), OSName(there.OS))
	}
	return ""
}

// exactPhysics is the name of the engine whose results no platform
// changes (physics/backend's Exact).
const exactPhysics = "exact"

// engineName is a physics engine as players call it.
func engineName(physics string) string {
	switch physics {
	case "box2d":
		return "Box2D"
	case "chipmunk", "":
		return "Chipmunk"
	}
	return physics
}

// hasFMA says whether a processor whose math.Exp is exp has FMA: "has",
// "lacks", or "" for a math library this package does not know.
func hasFMA(exp string) string {
	switch exp {
	case "fma":
		return "has"
	case "plain":
		return "lacks"
	}
	return ""
}

// OSName is GOOS as players call it ("Windows", "macOS"...); "" is "an
// unnamed system".
func OSName(goos string) string {
	switch goos {
	case "windows":
		return "Windows"
	case "linux":
		return "Linux"
	case "darwin":
		return "macOS"
	case "":
		return "an unnamed system"
	}
	return goos
}

// expProbe holds inputs whose math.Exp differs in the last bit between
// Go's FMA and plain amd64 paths (found by running both, GODEBUG=cpu.fma=off);
// a variable, so that nothing computes them at compile time.
var expProbe = [3]uint64{0xc007ffec8c85b4e0, 0xc007fe54137d8b46, 0xc007fda50430e729}

// expPath names the results math.Exp gives here: "fma" or "plain" for
// Go's two amd64 paths, else a digest of the probe's results.
func expPath() string {
	var got [3]uint64
	for i, x := range expProbe {
		got[i] = math.Float64bits(math.Exp(math.Float64frombits(x)))
	}
	switch got {
	case [3]uint64{0x3fa97deec79269c1, 0x3fa98304e1a4ab7f, 0x3fa985333c564377}:
		return "fma"
	case [3]uint64{0x3fa97deec79269c0, 0x3fa98304e1a4ab7e, 0x3fa985333c564376}:
		return "plain"
	}
	h := fnv.New32a()
	for _, v := range got {
		fmt.Fprintf(h, "%x;", v)
	}
	return fmt.Sprintf("%08x", h.Sum32())
}
