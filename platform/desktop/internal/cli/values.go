// Package cli holds the parts of the shared command line that know no
// Config: flag values for fields whose zero means a default, -h's text in
// its groups, a game's own flags (GameFlags), and the settings a
// recording keeps, merged from a recording or a netplay host (Settings).
// platform/desktop's flag table binds them to Config's fields.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"time"
)

// Not is a boolean flag that sets the negation of a field whose zero
// value means on, such as -interp for Loop.NoInterp. The zero Not is a
// flag that is off, as the flag package needs to print an on default.
type Not struct{ No *bool }

// IsBoolFlag makes the flag take no value: -interp is -interp=true.
func (b Not) IsBoolFlag() bool { return true }

// String is "true" when the flag is on. The flag package calls it on a
// zero Not to decide whether a default is worth printing: that one is
// "false", so an on default is printed.
func (b Not) String() string {
	if b.No == nil {
		return "false"
	}
	return strconv.FormatBool(!*b.No)
}

// Set sets the field to the negation of s.
func (b Not) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want true or false")
	}
	*b.No = !v
	return nil
}

// count is a flag of a count whose zero in a Config means its default:
// typed, 0 is out of its range.
type count struct{ p *int }

// CountVar registers a count of 1 or more called name on fs, setting *p
// to def.
func CountVar(fs *flag.FlagSet, p *int, name string, def int, usage string) {
	*p = def
	fs.Var(count{p}, name, usage)
}

// String is the count, "0" for the zero count.
func (f count) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.Itoa(*f.p)
}

// Set sets a count of 1 or more.
func (f count) Set(s string) error {
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

// Duration is a flag of a duration whose zero means a default that
// follows other flags, such as -max-frame's, which follows the tick
// rate: it leaves a zero zero, and shows it as no default. The zero
// Duration shows as zero.
type Duration struct{ P *time.Duration }

// String is the duration, "" for zero.
func (f Duration) String() string {
	if f.P == nil || *f.P == 0 {
		return ""
	}
	return f.P.String()
}

// Set sets the duration s.
func (f Duration) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New("want a duration such as 500ms")
	}
	*f.P = d
	return nil
}

// Volume is -volume: a level above 0 to 1, where 0 is silence, which
// sets Mute instead (a zero level is full volume). The zero Volume shows
// as no default.
type Volume struct {
	Level *float64
	Mute  *bool
}

// String is the level, "" for the zero Volume.
func (v Volume) String() string {
	if v.Level == nil {
		return ""
	}
	return strconv.FormatFloat(*v.Level, 'g', -1, 64)
}

// Set sets the level, or Mute for 0.
func (v Volume) Set(text string) error {
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return errors.New("want a number from 0 to 1")
	}
	if f == 0 {
		*v.Mute = true
		return nil
	}
	*v.Level = f
	return nil
}

// DepthVar registers a depth in ticks called name on fs where 0 means
// none, such as -rollback: a value sets *depth, and *none to whether it
// is 0.
func DepthVar(fs *flag.FlagSet, depth *int, none *bool, name, usage string) {
	fs.Func(name, usage, func(s string) error {
		v, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("want a whole number of ticks: %w", err)
		}
		*depth, *none = v, v == 0
		return nil
	})
}
