package transport

import "os"

// quicBufferWarning is the variable quic-go reads before it prints, with
// the standard logger and so straight to stderr, that it could not raise
// a socket's buffers: on every relayed session (QUIC then runs over ICE's
// connection, which has no such buffers) and wherever the system caps
// them. A player can do nothing about it, and it bypasses the run's
// logger.
const quicBufferWarning = "QUIC_GO_DISABLE_RECEIVE_BUFFER_WARNING"

// quietQUIC turns quic-go's buffer warning off unless the user set the
// variable; call it before making a quic.Transport (its first use reads
// the variable) or a quic.Config.
func quietQUIC() {
	if _, set := os.LookupEnv(quicBufferWarning); !set {
		_ = os.Setenv(quicBufferWarning, "true")
	}
}
