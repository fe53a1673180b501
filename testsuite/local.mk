## testsuite/local.mk -- included by the top Makefile.am.  `make check'
## builds everything (the plugin and libgpurt are in `all') and then runs
## the DejaGnu suite in testsuite/ of the build tree:
##
##   runtest --tool gpuoffload --srcdir $(abs_top_srcdir)/testsuite
##
## Results: testsuite/gpuoffload.sum and .log in the build tree; compiled
## tests are kept in testsuite/out/.  Pass options to runtest with
## RUNTESTFLAGS, e.g.  make check RUNTESTFLAGS="run.exp=saxpy.c -v".

# The whole test tree travels in the tarball (new tests need no edit here).
EXTRA_DIST += testsuite/lib testsuite/config testsuite/gpuoffload.compile \
	testsuite/gpuoffload.run testsuite/gpuoffload.shlib \
	testsuite/gpuoffload.install testsuite/gpuoffload.info \
	testsuite/gpuoffload.cache testsuite/gpuoffload.selftest \
	testsuite/gpuoffload.fuzz testsuite/gpuoffload.fault \
	testsuite/gpuoffload.realcode testsuite/gpuoffload.mpi

# site.exp tells the .exp files where the source and build trees are and
# which compiler to use (see testsuite/lib/gpuoffload.exp).
testsuite/site.exp: Makefile
	$(AM_V_GEN)$(MKDIR_P) testsuite && { \
	  echo '# site.exp -- written by make (testsuite/local.mk); do not edit.'; \
	  echo 'set tool gpuoffload'; \
	  echo 'set srcdir "$(abs_top_srcdir)/testsuite"'; \
	  echo 'set objdir "$(abs_top_builddir)/testsuite"'; \
	  echo 'set host_triplet $(host_triplet)'; \
	  echo 'set target_triplet $(host_triplet)'; \
	  echo 'set build_triplet $(host_triplet)'; \
	  echo 'set gpuoffload_top_srcdir "$(abs_top_srcdir)"'; \
	  echo 'set gpuoffload_top_builddir "$(abs_top_builddir)"'; \
	  echo 'set gpuoffload_plugin "$(GPUOFFLOAD_INTREE_PLUGIN)"'; \
	  echo 'set GPUOFFLOAD_CC "$(CC)"'; \
	  echo 'set GPUOFFLOAD_LIBM "$(LIBM)"'; \
	  echo 'set GPUOFFLOAD_PTHREAD "$(PTHREAD_CFLAGS)"'; \
	  echo 'set GPUOFFLOAD_MAKE "$(MAKE)"'; \
	  echo 'set gpuoffload_info "$(abs_top_builddir)/gpuoffload-info$(EXEEXT)"'; \
	} > $@-t && mv -f $@-t $@

check-local: testsuite/site.exp
	@if test "$(DEJAGNU_RUNTEST)" = none; then \
	  echo "make check: runtest (DejaGnu) was not found by configure;" \
	       "install dejagnu and re-run configure." >&2; \
	  exit 1; \
	fi
	cd testsuite && $(DEJAGNU_RUNTEST) --tool gpuoffload \
	  --srcdir "$(abs_top_srcdir)/testsuite" $(RUNTESTFLAGS)

clean-local: clean-local-testsuite
clean-local-testsuite:
	-rm -rf testsuite/out testsuite/site.exp testsuite/site.exp-t \
	  testsuite/gpuoffload.sum testsuite/gpuoffload.log testsuite/site.bak \
	  testsuite/*.o testsuite/*.so
