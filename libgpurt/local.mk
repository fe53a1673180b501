## libgpurt/local.mk -- STUB written by the build-system helper so that
## autoreconf and make work before the libgpurt owner writes the real one;
## replace it freely (keep the names libgpurt.la and include_HEADERS, which
## the top Makefile.am, demo/local.mk and the test suite rely on).

lib_LTLIBRARIES = libgpurt.la
include_HEADERS = include/gpuoffload.h

libgpurt_la_SOURCES = \
	libgpurt/gpurt.c \
	libgpurt/gpurt-buffers.c \
	libgpurt/gpurt-device.c \
	libgpurt/gpurt-host.c \
	libgpurt/gpurt-profile.c \
	libgpurt/gpurt-region.c \
	libgpurt/gpurt-internal.h \
	libgpurt/gpurt-cl-funcs.def
libgpurt_la_CPPFLAGS = -I$(top_srcdir)/include -I$(top_srcdir)/libgpurt
libgpurt_la_CFLAGS = $(PTHREAD_CFLAGS) -Wall
libgpurt_la_LIBADD = $(DL_LIBS) $(PTHREAD_LIBS)
libgpurt_la_LDFLAGS = -version-info 0:0:0
