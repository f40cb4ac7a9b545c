package output

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"time"

	"golang.org/x/sys/windows"
)

// Retries of a replace that another program's open handle blocks: a
// virus scanner or the search indexer holds a new file for a moment.
const (
	replaceTries = 20
	replacePause = 50 * time.Millisecond
)

// replace renames the finished temporary file tmp over target, as POSIX
// rename does: with POSIX semantics where Windows has them (Windows 10
// 1709 on, NTFS), so that a reader that shares deletion keeps the old
// file while the name moves on, else MoveFileEx with
// MOVEFILE_REPLACE_EXISTING (os.Rename). A read-only target's attribute
// is cleared first (Linux replaces a read-only file; Windows refuses
// to). A target another program holds open without sharing deletion (an
// editor, a viewer) cannot be replaced on Windows: replace tries again
// for about a second, then fails saying so.
func replace(tmp, target string) error {
	clearReadOnly(target)
	var err error
	for try := range replaceTries {
		if try > 0 {
			time.Sleep(replacePause)
		}
		if err = renamePOSIX(tmp, target); err == nil {
			return nil
		}
		if err = os.Rename(tmp, target); err == nil || !heldOpen(err) {
			return err
		}
	}
	return fmt.Errorf("%w: another program has %s open: close it and run again", err, target)
}

// Flags of FILE_RENAME_INFO_EX, which golang.org/x/sys/windows does not
// name.
const (
	fileRenameReplaceIfExists = 0x1
	fileRenamePOSIXSemantics  = 0x2
)

// renamePOSIX renames tmp over target through SetFileInformationByHandle
// and FileRenameInfoEx with POSIX semantics: an error where Windows, the
// file system or Wine does not have them.
func renamePOSIX(tmp, target string) error {
	from, err := windows.UTF16PtrFromString(tmp)
	if err != nil {
		return err
	}
	to, err := windows.UTF16FromString(target)
	if err != nil {
		return err
	}
	h, err := windows.CreateFile(from, windows.DELETE|windows.SYNCHRONIZE,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil, windows.OPEN_EXISTING, 0, 0)
	if err != nil {
		return err
	}
	defer windows.CloseHandle(h)
	// FILE_RENAME_INFO: Flags (4 bytes, padded to 8), RootDirectory (8),
	// FileNameLength in bytes (4), then the name without its final NUL.
	const nameAt = 20
	name := to[:len(to)-1]
	buf := make([]byte, nameAt+2*len(name)+2)
	binary.LittleEndian.PutUint32(buf[0:], fileRenameReplaceIfExists|fileRenamePOSIXSemantics)
	binary.LittleEndian.PutUint32(buf[16:], uint32(2*len(name)))
	for i, c := range name {
		binary.LittleEndian.PutUint16(buf[nameAt+2*i:], c)
	}
	return windows.SetFileInformationByHandle(h, windows.FileRenameInfoEx, &buf[0], uint32(len(buf)))
}

// placeNew gives the finished temporary file tmp the name target, failing
// with an error wrapping fs.ErrExist when something is there: MoveFileEx
// without MOVEFILE_REPLACE_EXISTING, which works on every Windows file
// system (a hard link needs NTFS).
func placeNew(tmp, target string) error {
	from, err := windows.UTF16PtrFromString(tmp)
	if err != nil {
		return &os.LinkError{Op: "rename", Old: tmp, New: target, Err: err}
	}
	to, err := windows.UTF16PtrFromString(target)
	if err != nil {
		return &os.LinkError{Op: "rename", Old: tmp, New: target, Err: err}
	}
	if err := windows.MoveFileEx(from, to, windows.MOVEFILE_WRITE_THROUGH); err != nil {
		return &os.LinkError{Op: "rename", Old: tmp, New: target, Err: err}
	}
	return nil
}

// heldOpen reports whether a rename failed because a file is in use.
func heldOpen(err error) bool {
	return errors.Is(err, windows.ERROR_SHARING_VIOLATION) || errors.Is(err, windows.ERROR_ACCESS_DENIED) ||
		errors.Is(err, windows.ERROR_LOCK_VIOLATION)
}

// clearReadOnly drops target's read-only attribute, if it has one.
func clearReadOnly(target string) {
	p, err := windows.UTF16PtrFromString(target)
	if err != nil {
		return
	}
	a, err := windows.GetFileAttributes(p)
	if err != nil || a&windows.FILE_ATTRIBUTE_READONLY == 0 {
		return
	}
	_ = windows.SetFileAttributes(p, a&^windows.FILE_ATTRIBUTE_READONLY)
}
