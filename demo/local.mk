## demo/local.mk -- included by the top Makefile.am.  `make demo' builds
## demo/demo.c with the in-tree plugin and libgpurt and runs it on the
## default device (GPURT_DEVICE and the other GPURT_* variables apply).

EXTRA_PROGRAMS += demo/demo
demo_demo_SOURCES = demo/demo.c
demo_demo_CPPFLAGS = -I$(top_srcdir)/include
demo_demo_CFLAGS = -O2 -Wall -fplugin=$(GPUOFFLOAD_INTREE_PLUGIN)
demo_demo_LDADD = libgpurt.la $(LIBM)
CLEANFILES += demo/demo$(EXEEXT)

# The object must be rebuilt when the plugin changes (and needs it built).
$(demo_demo_OBJECTS): gpuoffload.la

.PHONY: demo
demo: demo/demo$(EXEEXT)
	./demo/demo$(EXEEXT)

clean-local: clean-local-demo
clean-local-demo:
	-rm -rf demo/.libs demo/_libs
