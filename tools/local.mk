## tools/local.mk -- included by the top Makefile.am; builds and installs
## gpuoffload-info (reads the .gpuoffload section with libelf and lists the
## OpenCL devices through libgpurt) and its manual page.

bin_PROGRAMS = gpuoffload-info
# The record parser is libgpurt's (docs/ABI.md), compiled in: its
# symbols are hidden in libgpurt.
gpuoffload_info_SOURCES = tools/gpuoffload-info.c libgpurt/gpurt-record.c
gpuoffload_info_CPPFLAGS = -I$(top_srcdir)/include -I$(top_srcdir)/libgpurt
gpuoffload_info_CFLAGS = -std=c11 -O2 -g -Wall -Wextra
gpuoffload_info_LDADD = libgpurt.la $(LIBELF_LIBS)
# libgpurt linked in statically: the tool then runs from any install prefix
# (also one given only at `make install prefix=...' time) without an rpath.
gpuoffload_info_LDFLAGS = -static

man1_MANS = tools/gpuoffload-info.1
EXTRA_DIST += $(man1_MANS) tools/gpu-check.sh tools/gpu-cache-time.sh \
	tools/cache-firstcall.c tools/fuzz/gen.py tools/fuzz/fuzz.sh \
	tools/fuzz/findings
