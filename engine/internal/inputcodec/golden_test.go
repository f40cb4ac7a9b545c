package inputcodec

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
)

// goldenScripts is the SHA-256 of the records of script(400, seed) for
// seeds 0 to 49, each against the one before: the bytes recordings and
// datagrams carry, which no change of the codec's code may change.
const goldenScripts = "5ac2fda0612df1abbe1616030f1593f6fe47b1572ec3470cc17406d4625c0649"

func TestTheRecordsBytesAreTheOnesRecordingsHold(t *testing.T) {
	h := sha256.New()
	for seed := range uint64(50) {
		ins := script(400, seed)
		prev := engine.Input{}
		for i := range ins {
			h.Write(Append(nil, &ins[i], &prev))
			prev = ins[i]
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != goldenScripts {
		t.Fatalf("the records' bytes changed: digest %s, want %s", got, goldenScripts)
	}
}
