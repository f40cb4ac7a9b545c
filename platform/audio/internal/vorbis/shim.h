// A small C surface over libvorbisfile for the Go side: open from memory
// or from a Go reader (lsvGoRead, exported by vorbis.go), read 16-bit frames, rewind, close. Sources are
// read as streams, one link of a chained file at a time.
#ifndef LOCKSTEP_VORBIS_SHIM_H
#define LOCKSTEP_VORBIS_SHIM_H
#include <stddef.h>
#include <stdint.h>

typedef struct lsv_file lsv_file;

// lsv_open_mem decodes from len bytes at data, which must stay where they
// are, unchanged, until lsv_close. On failure it returns NULL and sets
// *err to vorbisfile's code (OV_ENOTVORBIS...).
lsv_file *lsv_open_mem(const void *data, size_t len, int *err);
// lsv_open_src reads the Go source src (a cgo.Handle) from its start as
// it decodes, through lsvGoRead; the Go side owns src and frees it after
// lsv_close (or a failed open).
lsv_file *lsv_open_src(uintptr_t src, int *err);
// lsv_links returns how many links of a chained stream f holds at once.
int lsv_links(lsv_file *f);
void lsv_info(lsv_file *f, int *channels, long *rate);
// lsv_read decodes up to frames frames into dst (interleaved) and returns
// how many, 0 at the end, or a negative vorbisfile code. A chained stream
// whose channel count changes gives -1000.
long lsv_read(lsv_file *f, short *dst, long frames);
// lsv_rewind opens the source again from its start: 0, or a vorbisfile
// code, or -1000 when the start no longer has the same channels and rate.
int lsv_rewind(lsv_file *f);
void lsv_close(lsv_file *f);

#endif
