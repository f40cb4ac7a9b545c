package desktop

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// notBool is a boolean flag that sets the negation of a Config field
// whose zero value means on, such as -interp for Loop.NoInterp.
type notBool struct{ no *bool }

func (b notBool) IsBoolFlag() bool { return true }

// String is "true" when the flag is on. The flag package calls it on a
// zero notBool to decide whether a default is worth printing: that one is
// "false", so an on default is printed.
func (b notBool) String() string {
	if b.no == nil {
		return "false"
	}
	return strconv.FormatBool(!*b.no)
}

func (b notBool) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want true or false")
	}
	*b.no = !v
	return nil
}

// countFlag is a flag of a count whose zero in a Config means its
// default: typed, 0 is out of its range.
type countFlag struct{ p *int }

// countVar registers a countFlag, setting *p to def.
func countVar(fs *flag.FlagSet, p *int, name string, def int, usage string) {
	*p = def
	fs.Var(countFlag{p}, name, usage)
}

func (f countFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.Itoa(*f.p)
}

func (f countFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return errors.New("want a whole number")
	case n < 1:
		return errors.New("want 1 or more")
	}
	*f.p = n
	return nil
}

// maxFrameFlag is -max-frame: it leaves a zero Loop.MaxFrame zero, whose
// default (engine.Config.WithDefaults) follows the tick rate.
type maxFrameFlag struct{ l *engine.Config }

func (f maxFrameFlag) String() string {
	if f.l == nil || f.l.MaxFrame == 0 {
		return ""
	}
	return f.l.MaxFrame.String()
}

func (f maxFrameFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New("want a duration such as 500ms")
	}
	f.l.MaxFrame = d
	return nil
}

func uintString(v uint64) string { return strconv.FormatUint(v, 10) }

// volumeFlag is -volume: 0 is silence, which is Mute (a zero Volume is
// full volume).
type volumeFlag struct{ s *SoundOptions }

func (v volumeFlag) String() string {
	if v.s == nil {
		return ""
	}
	return strconv.FormatFloat(v.s.Volume, 'g', -1, 64)
}

func (v volumeFlag) Set(text string) error {
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return errors.New("want a number from 0 to 1")
	}
	if f == 0 {
		v.s.Mute = true
		return nil
	}
	v.s.Volume = f
	return nil
}

// rollbackFlag registers -rollback N as name, with d's value as the
// default: 0 sets NoRollback, more sets Rollback.
func (n *NetOptions) rollbackFlag(fs *flag.FlagSet, name string, d NetOptions) {
	def := d.Rollback
	switch {
	case d.NoRollback:
		def = 0
	case def == 0:
		def = netplay.DefaultRollback
	}
	usage := fmt.Sprintf("netplay: most `ticks` drawn ahead of the confirmed input, 1 to %d; 0 is pure lockstep (default %d)", netplay.MaxRollback, def)
	fs.Func(name, usage, func(s string) error {
		v, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("want a whole number of ticks: %w", err)
		}
		n.Rollback, n.NoRollback = v, v == 0
		return nil
	})
}
