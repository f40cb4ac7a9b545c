package transport

import (
	"bytes"
	"testing"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

// FuzzGreeting feeds a host and a joiner greetings from a hostile peer:
// reading them and comparing a hello with the host's never panics, and a
// message is never read past maxMessage.
func FuzzGreeting(f *testing.F) {
	var b bytes.Buffer
	host := hello{Build: "b1", Game: "versus", Settings: toWire([]tape.Setting{{Name: "seed", Value: "1"}}, []string{"seed"}), Ticks: 60}
	for _, m := range []any{host, offer{wireTerms: wireTerms{Players: 2, Settings: host.Settings}}, answer{Refused: "no"}, welcome{Slot: 1, wireTerms: wireTerms{Players: 2, InputDelay: 3}}, welcome{Slot: 1, wireTerms: wireTerms{Players: 4, InputDelay: 3, Empty: []int{2, 3}}}} {
		b.Reset()
		_ = writeMessage(&b, m)
		f.Add(b.Bytes())
	}
	f.Add([]byte(`{"settings":[{"name":"seed","value":"2","explicit":true},{"name":"seed"}]}`))
	f.Add(bytes.Repeat([]byte("["), maxMessage+10))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := bytes.NewReader(data)
		var h hello
		if err := readMessage(r, &h); err == nil {
			_ = compare(host, h)
			_ = fromWire(h.Settings)
		}
		if int(r.Size())-r.Len() > maxMessage {
			t.Fatalf("read %d bytes of a greeting: want at most %d", int(r.Size())-r.Len(), maxMessage)
		}
		for _, v := range []any{&offer{}, &answer{}, &welcome{}} {
			_ = readMessage(bytes.NewReader(data), v)
		}
	})
}
