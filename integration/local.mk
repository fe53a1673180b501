## integration/local.mk -- included by the top Makefile.am.  `make install'
## writes, from the templates here, the files that let other projects use
## gpuoffload the way they use any GNU tool:
##   $(libdir)/pkgconfig/gpuoffload.pc      pkg-config --cflags --libs gpuoffload
##   $(gcc_specs_dir)/gpuoffload.specs      gcc -specs=gpuoffload.specs
##   $(datadir)/aclocal/gpuoffload.m4       GPUOFFLOAD_CHECK for configure.ac
## They are filled in (integration/subst.sh) at install time, with the
## directories of that install, so `make install prefix=DIR
## gcc_plugin_dir=DIR/... gcc_specs_dir=DIR/...' gives files that point
## into DIR; the plugin is named by its full path unless it is in GCC's own
## plugin directory.

gpuoffload_pkgconfigdir = $(libdir)/pkgconfig
gpuoffload_aclocaldir = $(datadir)/aclocal
EXTRA_DIST += integration/subst.sh integration/gpuoffload.pc.in \
	integration/gpuoffload.specs.in integration/gpuoffload.m4.in

install-data-local: install-data-local-integration
install-data-local-integration:
	$(MKDIR_P) '$(DESTDIR)$(gpuoffload_pkgconfigdir)' \
	  '$(DESTDIR)$(gcc_specs_dir)' '$(DESTDIR)$(gpuoffload_aclocaldir)'
	@for f in 'pc $(gpuoffload_pkgconfigdir)' 'specs $(gcc_specs_dir)' \
	          'm4 $(gpuoffload_aclocaldir)'; do \
	  ext=$${f%% *}; dir=$${f#* }; \
	  echo " SUBST    $$dir/gpuoffload.$$ext"; \
	  $(SHELL) '$(srcdir)/integration/subst.sh' prefix='$(prefix)' \
	    libdir='$(libdir)' includedir='$(includedir)' \
	    plugindir='$(gcc_plugindir)' \
	    gccplugindir='$(GCC_DEFAULT_PLUGIN_DIR)' \
	    specsdir='$(gcc_specs_dir)' version='$(PACKAGE_VERSION)' \
	    < '$(srcdir)/integration/gpuoffload.'$$ext.in \
	    > '$(DESTDIR)'"$$dir/gpuoffload.$$ext-t" \
	  && mv -f '$(DESTDIR)'"$$dir/gpuoffload.$$ext-t" \
	           '$(DESTDIR)'"$$dir/gpuoffload.$$ext" || exit 1; \
	done

uninstall-local: uninstall-local-integration
uninstall-local-integration:
	rm -f '$(DESTDIR)$(gpuoffload_pkgconfigdir)/gpuoffload.pc' \
	  '$(DESTDIR)$(gcc_specs_dir)/gpuoffload.specs' \
	  '$(DESTDIR)$(gpuoffload_aclocaldir)/gpuoffload.m4'
