/*
 * A stand-in for Windows' bcryptprimitives.dll, for the Wine test pass only.
 *
 * Go 1.22 and later read randomness through ProcessPrng in
 * bcryptprimitives.dll, which every Windows since 10 has and Wine 8.0 lacks:
 * without it a Go program stops at start under Wine ("failed to load
 * bcryptprimitives.dll"). This DLL exports ProcessPrng and fills the buffer
 * with RtlGenRandom (advapi32's SystemFunction036), which Wine has. The make
 * target test-windows builds it with mingw into the test WINEPREFIX's
 * system32; the shipped games never carry it.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x10000000 ? 0x10000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
