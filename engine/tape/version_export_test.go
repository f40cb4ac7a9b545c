package tape

import "io"

// NewRecorderOfVersion is NewRecorder writing a recording that says it is
// of an older version, to check how those replay.
func NewRecorderOfVersion(out io.Writer, h Header, version uint64) (*Recorder, error) {
	w, err := newWriter(out, h, version)
	if err != nil {
		return nil, err
	}
	return &Recorder{w: w, players: h.Players > 0}, nil
}
