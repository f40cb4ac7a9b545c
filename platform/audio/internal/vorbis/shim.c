#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <stdint.h>
#include <vorbis/vorbisfile.h>
#include "shim.h"
#include "_cgo_export.h"

struct lsv_file {
	OggVorbis_File vf;
	int open;            // vf holds a stream (a failed rewind clears it)
	uintptr_t src;       // the Go reader, for lsv_open_src (0: none)
	long long at;        // where in it the next read starts
	const unsigned char *data; // the bytes, for lsv_open_mem: Go's, pinned while f lives
	size_t len, pos;
	int channels;
	long rate;
};

// Both sources are given to libvorbisfile without a seek function, as a
// stream: it then keeps one link of a chained file at a time (its headers,
// its comments), where a seekable source makes it read every link's at
// once, 1.4 GB for a 64 MB file of short links. Rewinding opens again.

static size_t mem_read(void *ptr, size_t size, size_t nmemb, void *src) {
	lsv_file *f = src;
	size_t want = size * nmemb, left = f->len - f->pos;
	if (size == 0) return 0;
	if (want > left) want = left - left % size;
	if (want == 0) return 0;
	memcpy(ptr, f->data + f->pos, want);
	f->pos += want;
	return want / size;
}

// src_read asks the Go side for the next bytes of the source. vorbisfile
// reads with size 1 and tells an error from the end by errno.
static size_t src_read(void *ptr, size_t size, size_t nmemb, void *src) {
	lsv_file *f = src;
	if (size == 0 || nmemb == 0) return 0;
	long n = lsvGoRead(f->src, f->at, ptr, size * nmemb);
	if (n < 0) {
		errno = EIO;
		return 0;
	}
	errno = 0;
	f->at += n;
	return (size_t)n / size;
}

// start opens vf from the source's beginning.
static int start(lsv_file *f) {
	ov_callbacks cb = { f->src ? src_read : mem_read, NULL, NULL, NULL };
	f->pos = 0;
	f->at = 0;
	int rc = ov_open_callbacks(f, &f->vf, NULL, 0, cb);
	f->open = rc == 0;
	return rc;
}

static void release(lsv_file *f) {
	if (f->open) ov_clear(&f->vf);
	f->open = 0;
	free(f);
}

static lsv_file *opened(lsv_file *f, int *err) {
	int rc = start(f);
	if (rc != 0) {
		*err = rc;
		release(f);
		return NULL;
	}
	vorbis_info *vi = ov_info(&f->vf, -1);
	f->channels = vi ? vi->channels : 0;
	f->rate = vi ? vi->rate : 0;
	return f;
}

lsv_file *lsv_open_mem(const void *data, size_t len, int *err) {
	lsv_file *f = calloc(1, sizeof *f);
	if (!f) { *err = OV_EFAULT; return NULL; }
	f->data = data;
	f->len = len;
	return opened(f, err);
}

lsv_file *lsv_open_src(uintptr_t src, int *err) {
	lsv_file *f = calloc(1, sizeof *f);
	if (!f) { *err = OV_EFAULT; return NULL; }
	f->src = src;
	return opened(f, err);
}

int lsv_links(lsv_file *f) { return f->open ? f->vf.links : 0; }

void lsv_info(lsv_file *f, int *channels, long *rate) {
	*channels = f->channels;
	*rate = f->rate;
}

long lsv_read(lsv_file *f, short *dst, long frames) {
	if (!f->open) return OV_EINVAL;
	long bytes = frames * f->channels * 2, got = 0;
	int holes = 0;
	while (got < bytes) {
		int section;
		long n = ov_read(&f->vf, (char *)dst + got, (int)(bytes - got), 0, 2, 1, &section);
		// A gap in the data: skip it, as players do, but not without end.
		if (n == OV_HOLE && ++holes < 64) continue;
		if (n < 0) return n;
		if (n == 0) break;
		vorbis_info *vi = ov_info(&f->vf, section);
		if (!vi || vi->channels != f->channels || vi->rate != f->rate) return -1000;
		got += n;
	}
	return got / (f->channels * 2);
}

int lsv_rewind(lsv_file *f) {
	if (f->open) ov_clear(&f->vf);
	f->open = 0;
	int rc = start(f);
	if (rc != 0) return rc;
	vorbis_info *vi = ov_info(&f->vf, -1);
	if (!vi || vi->channels != f->channels || vi->rate != f->rate) return -1000;
	return 0;
}

void lsv_close(lsv_file *f) { release(f); }
