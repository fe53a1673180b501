## plugin/local.mk -- included by the top Makefile.am (non-recursive make); builds
## plugin driver, the GIMPLE passes and the OpenCL emitter.



gcc_plugin_LTLIBRARIES = gpuoffload.la
gcc_plugindir = $(gcc_plugin_dir)

gpuoffload_la_SOURCES = \
	plugin/gpuoffload.cc \
	plugin/gpuoffload-gcc.h \
	plugin/gpuoffload-plugin.h \
	plugin/gpu-region.cc \
	plugin/gpu-region.h \
	plugin/gpu-memory.cc \
	plugin/gpu-extent.cc \
	plugin/gpu-hoist.cc \
	gimple-passes/gpu-pivot.cc \
	gimple-passes/gpu-find.cc \
	gimple-passes/gpu-params.cc \
	gimple-passes/gpu-params.h \
	gimple-passes/gpu-reduce.cc \
	gimple-passes/gpu-reduce.h \
	gimple-passes/gpu-clone.cc \
	gimple-passes/gpu-speculate.cc \
	gimple-passes/gpu-twolevel.cc \
	gimple-passes/gpu-tile.cc \
	gimple-passes/gpu-private.cc \
	gimple-passes/gpu-alloc.cc \
	gimple-passes/gpu-emit.cc \
	gimple-passes/gpu-outline.cc \
	gimple-passes/gpu-hostsync.cc \
	gimple-passes/gpu-launch.cc \
	gimple-passes/gpu-launch.h \
	oclemit/oclemit.cc \
	oclemit/oclemit.h \
	oclemit/ocl-reduce.cc \
	oclemit/ocl-reduce.h \
	oclemit/ocl-strtod.h

gpuoffload_la_CPPFLAGS = -I$(top_srcdir)/plugin -I$(top_srcdir)/oclemit \
	-I$(top_srcdir)/gimple-passes -I$(top_srcdir)/include \
	$(GCC_PLUGIN_CPPFLAGS)
gpuoffload_la_CXXFLAGS = -fno-rtti -fno-exceptions -O2 -g -Wall \
	-Wno-unused-parameter -Wno-format-diag
gpuoffload_la_LDFLAGS = -module -avoid-version -shared
