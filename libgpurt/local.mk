## libgpurt/local.mk -- included by the top Makefile.am (non-recursive make);
## builds libgpurt, the runtime that offloaded code calls (docs/ABI.md), as a
## shared and a static library, and installs gpuoffload.h.
##
## libgpurt does not link against libOpenCL: it dlopens the ICD loader at run
## time, so only the OpenCL headers are needed to build it.  Only the four
## gpurt_* entry points are exported (-fvisibility=hidden).  DL_LIBS (-ldl,
## empty where dlopen is in libc) and PTHREAD_* come from configure.ac.

lib_LTLIBRARIES = libgpurt.la
include_HEADERS = include/gpuoffload.h

libgpurt_la_SOURCES = \
	libgpurt/gpurt.c \
	libgpurt/gpurt-region.c \
	libgpurt/gpurt-record.c \
	libgpurt/gpurt-record.h \
	libgpurt/gpurt-device.c \
	libgpurt/gpurt-map.c \
	libgpurt/gpurt-objects.c \
	libgpurt/gpurt-startup.c \
	libgpurt/gpurt-stage.c \
	libgpurt/gpurt-buffers.c \
	libgpurt/gpurt-cl.c \
	libgpurt/gpurt-lane.c \
	libgpurt/gpurt-env.c \
	libgpurt/gpurt-host.c \
	libgpurt/gpurt-profile.c \
	libgpurt/gpurt-redundant.c \
	libgpurt/gpurt-verify.c \
	libgpurt/gpurt-reduce.c \
	libgpurt/gpurt-multi.c \
	libgpurt/gpurt-internal.h \
	libgpurt/gpurt-cl-funcs.def

libgpurt_la_CPPFLAGS = -I$(top_srcdir)/include -I$(top_srcdir)/libgpurt \
	-DCL_TARGET_OPENCL_VERSION=120
libgpurt_la_CFLAGS = -std=c11 -O2 -g -Wall -Wextra -fvisibility=hidden \
	$(PTHREAD_CFLAGS)
libgpurt_la_LIBADD = $(DL_LIBS) $(PTHREAD_LIBS) $(LIBM)
## -z now: the library's calls into libc (and its own exported entry
## points) are bound when it is loaded, not lazily by the dynamic linker
## inside the first launch that makes each call (pthread_setspecific,
## qsort, memset, gpurt_launch from gpurt_run: 2-5 us of the first
## launch's lookup on PoCL); about 100 slots, not measurable at load.
libgpurt_la_LDFLAGS = -version-info 0:0:0 -no-undefined -Wl,-z,now

## libgpurt/selftest.c tests the library without the compiler (hand-written
## region records, fallback policies in child processes, injected OpenCL
## failures); the comment at its top says how to build and run it.
EXTRA_DIST += libgpurt/selftest.c

## The persistent program cache (GPURT_CACHE_DIR), and the device listing
## gpuoffload-info prints (gpurt_describe_devices, also exported).
libgpurt_la_SOURCES += libgpurt/gpurt-cache.c libgpurt/gpurt-describe.c
