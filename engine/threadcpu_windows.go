package engine

import (
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// procGetThreadTimes is kernel32's GetThreadTimes, which
// golang.org/x/sys/windows does not wrap.
var procGetThreadTimes = windows.NewLazySystemDLL("kernel32.dll").NewProc("GetThreadTimes")

// threadCPU is the calling thread's CPU time, user and system, from
// GetThreadTimes (100 ns units); 0 when it cannot be read.
func threadCPU() time.Duration {
	var created, exited, kernel, user windows.Filetime
	ok, _, _ := procGetThreadTimes.Call(uintptr(windows.CurrentThread()), uintptr(unsafe.Pointer(&created)),
		uintptr(unsafe.Pointer(&exited)), uintptr(unsafe.Pointer(&kernel)), uintptr(unsafe.Pointer(&user)))
	if ok == 0 {
		return 0
	}
	return filetimeSpan(kernel) + filetimeSpan(user)
}

// filetimeSpan is a FILETIME read as a span of 100 ns units.
func filetimeSpan(f windows.Filetime) time.Duration {
	return time.Duration(uint64(f.HighDateTime)<<32|uint64(f.LowDateTime)) * 100
}
