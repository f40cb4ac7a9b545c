package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"io"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/platform/lobby"
)

// syncBuffer is a bytes.Buffer the server's logger and the test may use
// at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestBadCommandLinesExitTwoNamingTheFlag(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, []byte("\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-listen", ":7000"}, "0.0.0.0:PORT"},
		{[]string{"-listen", "7000"}, "-listen"},
		{[]string{"-turn", "turn:127.0.0.1:3478"}, "-turn-secret-file"},
		{[]string{"-turn-secret-file", filepath.Join(dir, "missing")}, "-turn-secret-file"},
		{[]string{"-turn-secret-file", empty}, "-turn-secret-file " + empty + ": want one non-empty line"},
		{[]string{"-turn-secret-file", dir}, "-turn-secret-file " + dir + ": a directory, not a file"},
		{[]string{"-stun", "http://example.com"}, "stun:HOST:PORT"},
		{[]string{"-cert", "c.pem"}, "-key"},
		{[]string{"extra"}, "unexpected argument"},
	} {
		var errs syncBuffer
		code := run(context.Background(), tc.args, &errs)
		if code != 2 || !strings.Contains(errs.String(), tc.want) {
			t.Errorf("lobby %v: exit %d, %q; want exit 2 and a message with %q", tc.args, code, errs.String(), tc.want)
		}
	}
}

func TestServesPeersOnLoopbackUntilStopped(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("coturn-static-auth-secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var errs syncBuffer
	exit := make(chan int, 1)
	go func() {
		exit <- run(ctx, []string{"-listen", "127.0.0.1:0", "-stun", "stun:127.0.0.1:3478", "-turn", "turn:127.0.0.1:3478", "-turn-secret-file", secret}, &errs)
	}()
	addr := waitForAddr(t, &errs)
	jctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := lobby.Join(jctx, addr, "tools-lobby-test", lobby.Options{})
	if err != nil {
		t.Fatalf("Join through the lobby program: %v", err)
	}
	s := c.Servers()
	if c.Slot() != 0 || len(s) != 2 || s[1].Username == "" {
		t.Errorf("slot %d, servers %+v: want slot 0, STUN and TURN with credentials", c.Slot(), s)
	}
	user, pass := lobby.TURNCredentials([]byte("coturn-static-auth-secret"), s[1].Username[strings.IndexByte(s[1].Username, ':')+1:], s[1].Expires)
	if user != s[1].Username || pass != s[1].Credential {
		t.Errorf("credentials not made from the secret file's line")
	}
	_ = c.Close()
	stop()
	select {
	case code := <-exit:
		if code != 0 {
			t.Fatalf("exit %d after the stop signal, want 0:\n%s", code, errs.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the lobby did not stop within 10 s of the signal")
	}
}

// waitForAddr reads the address the program says it listens on.
func waitForAddr(t *testing.T, errs *syncBuffer) string {
	t.Helper()
	re := regexp.MustCompile(`msg="lobby: listening" addr=(\S+)`)
	for range 200 {
		if m := re.FindStringSubmatch(errs.String()); m != nil {
			return m[1]
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the lobby never said where it listens:\n%s", errs.String())
	return ""
}

// selfSigned writes a certificate for 127.0.0.1 and its key, and returns
// their paths and a pool that trusts it.
func selfSigned(t *testing.T) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

func TestServesHTTPSWithItsOwnCertificate(t *testing.T) {
	certFile, keyFile, pool := selfSigned(t)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var errs syncBuffer
	exit := make(chan int, 1)
	go func() {
		exit <- run(ctx, []string{"-listen", "127.0.0.1:0", "-cert", certFile, "-key", keyFile}, &errs)
	}()
	addr := waitForAddr(t, &errs)
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	jctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := lobby.Join(jctx, "https://"+addr, "tls-lobby-code", lobby.Options{HTTPClient: hc, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatalf("Join over HTTPS: %v", err)
	}
	_ = c.Close()
	if _, err := lobby.Join(jctx, addr, "tls-lobby-code", lobby.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}); err == nil {
		t.Error("plain HTTP to the HTTPS lobby joined")
	}
	stop()
	if code := <-exit; code != 0 {
		t.Fatalf("exit %d:\n%s", code, errs.String())
	}
}

// The warning about a secret others can read names the flag it came
// from, as every error about the file does.
func TestAReadableSecretFileWarningNamesTheFlag(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(path, []byte("s3cret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o644); err != nil { // past the umask
		t.Fatal(err)
	}
	var warn strings.Builder
	secret, err := readSecret(path, &warn)
	if err != nil || string(secret) != "s3cret" || !strings.Contains(warn.String(), "-turn-secret-file "+path+" can be read by others") {
		t.Fatalf("readSecret: %q, %v, warned %q: want the secret and a warning naming -turn-secret-file", secret, err, warn.String())
	}
}
