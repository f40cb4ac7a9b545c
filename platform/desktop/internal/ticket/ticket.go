// Package ticket keeps a joiner's seat ticket. A joiner keeps the ticket
// its host welcomed it with (transport's Joined.Ticket) in a file named
// after the session's code, so that the game started again with that
// code shows it and takes back its own slot at once, not the slot of
// whichever player has been silent longest. The file is in the user's
// cache directory (os.UserCacheDir), in the game's folder; it is removed
// when the session ends for this player. Two players of one session
// under one user account share it: the last one welcomed keeps it.
package ticket

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// maxTicket bounds what a ticket file may hold.
const maxTicket = 64

// Path is the file of the ticket of the game whose folder (a directory
// name) is given, in the session with code; "" when the user has no cache directory.
func Path(folder, code string) string {
	base, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	sum := sha256.Sum256([]byte("lockstep seat ticket\x00" + code))
	return filepath.Join(base, folder, "netplay", hex.EncodeToString(sum[:12])+".ticket")
}

// Load returns the ticket kept at path; "" when there is none, or
// what is there is not one.
func Load(path string) string {
	if path == "" {
		return ""
	}
	f, err := output.OpenRegular(path) // not os.ReadFile: a FIFO there would hang it
	if err != nil {
		return ""
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxTicket+1))
	t := strings.TrimSpace(string(b))
	if err != nil || len(t) == 0 || len(t) > maxTicket || strings.ContainsFunc(t, func(r rune) bool { return r <= ' ' || r > '~' }) {
		return ""
	}
	return t
}

// Save keeps ticket at path, whole or not at all, as every output
// is written (a temporary file renamed over it) but never opening what
// is there: a FIFO at path would hang the joiner once welcomed, and a
// symbolic link there (or in place of the folders it is in) would send
// the ticket out of the cache directory, over whatever it points to.
func Save(path, ticket string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("netplay: keep this player's ticket: %w", err)
	}
	for _, d := range []string{filepath.Dir(dir), dir} { // the game's folder and its netplay folder
		if fi, err := os.Lstat(d); err != nil || !fi.IsDir() {
			return fmt.Errorf("netplay: keep this player's ticket: %s is not a folder of the cache (a symbolic link?): remove it", d)
		}
	}
	f, err := output.CreateOwn(path)
	if err != nil {
		return fmt.Errorf("netplay: keep this player's ticket: %w", err)
	}
	if _, err := f.Write([]byte(ticket + "\n")); err != nil {
		return errors.Join(fmt.Errorf("netplay: keep this player's ticket in %s: %w", path, err), f.Abort())
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("netplay: keep this player's ticket: %w", err)
	}
	return nil
}

// Drop removes the ticket at path: the session is over for this
// player.
func Drop(path string) error {
	if path == "" {
		return nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("netplay: remove this player's ticket: %w", err)
	}
	return nil
}

// Keep keeps ticket, the host's for this player's slot, at path
// (Path's) and returns path; "" when there is nothing of this run's
// to remove at the end.
func Keep(path, ticket string, log *slog.Logger) string {
	if path == "" || ticket == "" {
		return ""
	}
	if err := Save(path, ticket); err != nil {
		log.Warn("netplay: this game could not keep its ticket: started again, it takes back the place of whoever has been silent longest, maybe not its own", "err", err)
	}
	return path
}
