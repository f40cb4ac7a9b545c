package host

import (
	"errors"
	"reflect"
	"sync"
)

// ErrPlatformInUse is returned by Run when another Run is already driving
// its Platform: a game that calls Run again from inside a running game
// (its Update, Tick or Draw, or a Start its runner calls) on the same
// window. Two loops polling and presenting one window in turn would each
// see half its events and frames.
var ErrPlatformInUse = errors.New("engine: Run on a platform another Run is still driving (called from inside the running game?); " +
	"run one loop per platform at a time, or open another window for the second")

// platformsInUse are the platforms Runs are driving. It is the process's,
// as the windows it guards are: a Run cannot know of another any other way.
var platformsInUse = struct {
	sync.Mutex
	m map[Platform]struct{}
}{m: make(map[Platform]struct{})}

// usePlatform marks p as driven until the returned func is called, or
// returns ErrPlatformInUse. A platform whose type cannot be a map key
// (a struct with a slice in it, passed by value) is not tracked.
func usePlatform(p Platform) (release func(), err error) {
	if p == nil || !reflect.TypeOf(p).Comparable() {
		return func() {}, nil
	}
	platformsInUse.Lock()
	defer platformsInUse.Unlock()
	if _, busy := platformsInUse.m[p]; busy {
		return nil, ErrPlatformInUse
	}
	platformsInUse.m[p] = struct{}{}
	return func() {
		platformsInUse.Lock()
		delete(platformsInUse.m, p)
		platformsInUse.Unlock()
	}, nil
}
