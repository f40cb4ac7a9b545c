package host

import (
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// procGetThreadTimes is kernel32's GetThreadTimes, which
// golang.org/x/sys/windows does not wrap.
var procGetThreadTimes = windows.NewLazySystemDLL("kernel32.dll").NewProc("GetThreadTimes")

// threadCPU is the calling thread's CPU time, user and system, from
// GetThreadTimes (100 ns units); 0 when it cannot be read. It calls
// syscall.SyscallN itself, as x/sys/windows's own wrappers do: SyscallN
// keeps the pointers it is handed alive, so the four times stay on the
// stack, where LazyProc.Call moved them to the heap with its argument
// list (five allocations a reading: the loop's frame allocated).
func threadCPU() time.Duration {
	var created, exited, kernel, user windows.Filetime
	if procGetThreadTimes.Find() != nil {
		return 0
	}
	ok, _, _ := syscall.SyscallN(procGetThreadTimes.Addr(), uintptr(windows.CurrentThread()), uintptr(unsafe.Pointer(&created)),
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
