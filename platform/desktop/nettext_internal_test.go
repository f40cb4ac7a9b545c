package desktop

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// -stats in a netplay session prints the session too, as -stats-json does
// (the text summary said nothing of the peers, the round trip, the input
// delay or prediction); a run alone prints no netplay line.
func TestTheTextSummaryOfASessionSaysHowTheNetworkWent(t *testing.T) {
	desync := uint64(120)
	s := Summary{Netplay: &NetSummary{Peers: 1, Slot: 1, InputDelay: 2, RTTMS: RTTMS{P50: 0.75, P99: 20.5},
		End: "desync", Path: "relay", ConnectMS: 512.4, TicksWaited: 36, MSStalled: 836.1, Lost: 3, Desync: &desync,
		RepeatedFrames: 90, RepeatedShare: 0.0125, RepeatedRun: 3,
		Prediction: PredictionSummary{Rollback: 8, FramesPredicted: 701, TicksResimulated: 847, MaxResimulated: 8,
			Mispredicted: 30, CopyMS: RTTMS{P50: 0.02, P99: 0.24}, JumpMax: 0.21, Copies: 40, Rebases: 12, DriftMax: 0.03}}}
	var b bytes.Buffer
	s.writeText(&b)
	for _, w := range []string{"netplay slot 1", "path relay", "connect 512ms", "input delay 2", "rtt p50 0.75ms p99 20.50ms",
		"stalled 836.1ms", "repeated 90 frames (1.25%, most 3 in a row)", "lost 3", "end desync at tick 120", "prediction 8 ticks", "701 frames predicted", "847 ticks re-run (most 8 a frame)",
		"30 mispredicted", "40 copies (12 rebases)", "copy p50 0.020ms p99 0.240ms", "jump 0.21", "drift 0.03"} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("the text summary does not say %q:\n%s", w, b.String())
		}
	}
	b.Reset()
	(&Summary{}).writeText(&b)
	if strings.Contains(b.String(), "netplay") {
		t.Errorf("a run alone prints a netplay line:\n%s", b.String())
	}
}

// The summary's netplay object names the frames a player saw repeat,
// their share of the frames drawn and the longest run of them.
func TestTheNetplaySummaryCountsRepeatedFrames(t *testing.T) {
	b, err := json.Marshal(&NetSummary{RepeatedFrames: 90, RepeatedShare: share(90, 7200), RepeatedRun: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`"repeated_frames":90`, `"repeated_share":0.0125`, `"repeated_run":3`} {
		if !bytes.Contains(b, []byte(w)) {
			t.Errorf("the netplay summary does not say %s: %s", w, b)
		}
	}
	if share(5, 0) != 0 {
		t.Errorf("a share of no frames is %v, want 0", share(5, 0))
	}
}
