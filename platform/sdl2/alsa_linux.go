//go:build linux

package sdl2

// alsa-lib prints its errors to stderr itself ("ALSA lib pcm.c:2666:
// (snd_pcm_open_noupdate) Unknown PCM default", eight lines on a machine
// without a sound card) before SDL gives up on it and says why in its
// own words. Its error handler is a process-wide setting: the shim
// dlopen()s the same library SDL loads (libasound.so.2, never linked, so
// a machine without it still runs), keeps it loaded, and sets a handler
// that keeps the lines for the debug log instead (AudioLibraryLines).

/*
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define LOCKSTEP_ALSA_LINES 16
#define LOCKSTEP_ALSA_LEN 240

static char lockstep_alsa_buf[LOCKSTEP_ALSA_LINES][LOCKSTEP_ALSA_LEN];
static int lockstep_alsa_start, lockstep_alsa_n; // a ring of the latest lines
static unsigned long lockstep_alsa_dropped;
static pthread_mutex_t lockstep_alsa_mu = PTHREAD_MUTEX_INITIALIZER;

// lockstep_alsa_error keeps one of alsa-lib's lines (in the words its
// default handler prints), in place of the oldest one kept (counted) when
// the ring is full: the last lines say most. It may run on SDL's audio
// thread.
static void lockstep_alsa_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
	char msg[LOCKSTEP_ALSA_LEN];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	pthread_mutex_lock(&lockstep_alsa_mu);
	int at = (lockstep_alsa_start + lockstep_alsa_n) % LOCKSTEP_ALSA_LINES;
	if (lockstep_alsa_n < LOCKSTEP_ALSA_LINES) {
		lockstep_alsa_n++;
	} else {
		lockstep_alsa_start = (lockstep_alsa_start + 1) % LOCKSTEP_ALSA_LINES;
		lockstep_alsa_dropped++;
	}
	snprintf(lockstep_alsa_buf[at], LOCKSTEP_ALSA_LEN, "%s:%d:(%s) %s%s%s",
		file ? file : "?", line, function ? function : "?", msg, err ? ": " : "", err ? strerror(err) : "");
	pthread_mutex_unlock(&lockstep_alsa_mu);
}

typedef void (*lockstep_alsa_handler)(const char *, int, const char *, int, const char *, ...);

// lockstep_alsa_quiet sets the handler in the process's alsa-lib: 1 when
// it did, 0 when there is no alsa-lib to quiet.
static int lockstep_alsa_quiet(void) {
	void *lib = dlopen("libasound.so.2", RTLD_NOW | RTLD_GLOBAL);
	if (lib == NULL) {
		return 0;
	}
	int (*set)(lockstep_alsa_handler) = (int (*)(lockstep_alsa_handler))dlsym(lib, "snd_lib_error_set_handler");
	if (set == NULL || set(lockstep_alsa_error) != 0) {
		return 0;
	}
	return 1; // lib stays loaded: SDL's own dlopen and dlclose leave the handler in place
}

// lockstep_alsa_drain copies every line kept into out (LINES lines of
// LEN bytes), oldest first, and forgets them; it returns how many, and
// in *dropped how many older ones there were.
static int lockstep_alsa_drain(char *out, unsigned long *dropped) {
	pthread_mutex_lock(&lockstep_alsa_mu);
	int n = lockstep_alsa_n;
	for (int i = 0; i < n; i++) {
		memcpy(out + i * LOCKSTEP_ALSA_LEN, lockstep_alsa_buf[(lockstep_alsa_start + i) % LOCKSTEP_ALSA_LINES], LOCKSTEP_ALSA_LEN);
	}
	*dropped = lockstep_alsa_dropped;
	lockstep_alsa_start = 0;
	lockstep_alsa_n = 0;
	lockstep_alsa_dropped = 0;
	pthread_mutex_unlock(&lockstep_alsa_mu);
	return n;
}
*/
import "C"

import "sync"

// quietOnce sets alsa-lib's error handler once per process.
var quietOnce sync.Once

// quietAudioLibrary turns alsa-lib's own error printing into lines kept
// for AudioLibraryLines, before SDL loads it.
func quietAudioLibrary() {
	quietOnce.Do(func() { C.lockstep_alsa_quiet() })
}

// AudioLibraryLines returns, and forgets, what the system's audio library
// (alsa-lib) said while SDL opened or played a device, in its own words,
// the latest 16 lines with how many older ones there were: for a debug
// log. OpenAudio's error says what matters in the project's words.
func AudioLibraryLines() (lines []string, more uint64) {
	var buf [C.LOCKSTEP_ALSA_LINES][C.LOCKSTEP_ALSA_LEN]C.char
	var dropped C.ulong
	n := int(C.lockstep_alsa_drain(&buf[0][0], &dropped))
	for i := range n {
		lines = append(lines, C.GoString(&buf[i][0]))
	}
	return lines, uint64(dropped)
}
