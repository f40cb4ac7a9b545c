#include <stdlib.h>
#include <string.h>
#include <vorbis/vorbisfile.h>
#include "shim.h"

struct lsv_file {
	OggVorbis_File vf;
	unsigned char *data; // a copy of the bytes, for lsv_open_mem
	size_t len, pos;
	int channels;
	long rate;
};

static size_t mem_read(void *ptr, size_t size, size_t nmemb, void *src) {
	lsv_file *f = src;
	size_t want = size * nmemb, left = f->len - f->pos;
	if (size == 0) return 0;
	if (want > left) want = left - left % size;
	memcpy(ptr, f->data + f->pos, want);
	f->pos += want;
	return want / size;
}

static int mem_seek(void *src, ogg_int64_t off, int whence) {
	lsv_file *f = src;
	ogg_int64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? (ogg_int64_t)f->pos : (ogg_int64_t)f->len;
	if (off > (ogg_int64_t)f->len - base || base + off < 0) return -1;
	f->pos = (size_t)(base + off);
	return 0;
}

static long mem_tell(void *src) { return (long)((lsv_file *)src)->pos; }

static lsv_file *opened(lsv_file *f, int rc, int *err) {
	if (rc != 0) {
		*err = rc;
		free(f->data);
		free(f);
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
	f->data = malloc(len ? len : 1);
	if (!f->data) { free(f); *err = OV_EFAULT; return NULL; }
	memcpy(f->data, data, len);
	f->len = len;
	ov_callbacks cb = { mem_read, mem_seek, NULL, mem_tell };
	return opened(f, ov_open_callbacks(f, &f->vf, NULL, 0, cb), err);
}

lsv_file *lsv_open_path(const char *path, int *err) {
	lsv_file *f = calloc(1, sizeof *f);
	if (!f) { *err = OV_EFAULT; return NULL; }
	return opened(f, ov_fopen(path, &f->vf), err);
}

void lsv_info(lsv_file *f, int *channels, long *rate) {
	*channels = f->channels;
	*rate = f->rate;
}

long lsv_read(lsv_file *f, short *dst, long frames) {
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

int lsv_rewind(lsv_file *f) { return ov_pcm_seek(&f->vf, 0); }

void lsv_close(lsv_file *f) {
	ov_clear(&f->vf);
	free(f->data);
	free(f);
}
