package desktop

import (
	"errors"
	"fmt"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

// ErrUsage marks a bad command line or Config: Main exits with status 2.
// Errors that wrap it print only their own message.
var ErrUsage = errors.New("bad command line")

// ErrDiverged marks a replay whose state stopped matching the recording.
var ErrDiverged = tape.ErrDiverged

// usageError is a message that wraps ErrUsage without repeating it.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func (e usageError) Unwrap() error { return ErrUsage }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

// names says what an error calls a Config field, given by its path in
// Config ("Loop.TPS"): the flag that sets it on a command line, or its
// name in Go.
type names func(field string) string

// fieldNames calls a field by its Go name: "Config.Loop.TPS". Run uses it.
func fieldNames(field string) string { return "Config." + field }
