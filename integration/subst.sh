#!/bin/sh
# integration/subst.sh -- fill in a template of gpuoffload.pc, .specs or
# .m4 for one installation; run by `make install' (integration/local.mk).
#
#   sh subst.sh prefix=P libdir=L includedir=I plugindir=D gccplugindir=G \
#      specsdir=S version=V < TEMPLATE > OUTPUT
#
# The files are written at install time, not at build time, so that
# `make install prefix=... gcc_plugin_dir=...' (as the test suite's
# temporary install and `make distcheck' do) gets files that point at
# where things really went.  Derived values:
#   @PLUGIN_FLAG@  -fplugin=gpuoffload when the plugin is in GCC's own
#                  plugin directory, else -fplugin=<full path>.so
#   @CFLAGS@       the plugin flag, and -I<includedir> unless /usr/include
#   @LIBS@         -lgpurt, with -L<libdir> -Wl,-rpath,<libdir> unless
#                  libdir is a directory the linker and ld.so search anyway
#   @SPECS_CC1@, @SPECS_LIB@   the same for the specs file (cc1 and the
#                  linker take them without -Wl,; a short -fplugin= name
#                  comes with the -iplugindir cc1 needs to find it)
set -e
prefix= libdir= includedir= plugindir= gccplugindir= specsdir= version=
for a; do
  case $a in
    prefix=*|libdir=*|includedir=*|plugindir=*|gccplugindir=*|specsdir=*|version=*)
      eval "${a%%=*}=\${a#*=}" ;;
    *) echo "subst.sh: unknown argument $a" >&2; exit 1 ;;
  esac
done

plugin=$plugindir/gpuoffload.so
if [ "$plugindir" = "$gccplugindir" ]; then
  plugin_flag=-fplugin=gpuoffload
  # cc1 finds a plugin by its short name in the directory -iplugindir
  # names, which the driver passes only for an -fplugin on its own command
  # line: the specs ask the driver for it (its find-plugindir function).
  specs_plugin_flag="$plugin_flag %{!iplugindir*:%:find-plugindir()}"
else
  plugin_flag=-fplugin=$plugin
  specs_plugin_flag=$plugin_flag
fi
case $includedir in
  /usr/include) inc_flag= ;;
  *) inc_flag=" -I$includedir" ;;
esac
case $libdir in
  /usr/lib|/usr/lib64|/usr/lib/*-linux-gnu*|/lib|/lib64|/lib/*-linux-gnu*)
    libs=-lgpurt; specs_lib=-lgpurt ;;
  *)
    libs="-L$libdir -Wl,-rpath,$libdir -lgpurt"
    specs_lib="-L$libdir -rpath $libdir -lgpurt" ;;
esac

# Escape a value for the right-hand side of a sed s||| command.
esc () { printf '%s\n' "$1" | sed -e 's/[\\|&]/\\&/g'; }

sed -e "s|@prefix@|$(esc "$prefix")|g" \
    -e "s|@libdir@|$(esc "$libdir")|g" \
    -e "s|@includedir@|$(esc "$includedir")|g" \
    -e "s|@plugindir@|$(esc "$plugindir")|g" \
    -e "s|@plugin@|$(esc "$plugin")|g" \
    -e "s|@specsfile@|$(esc "$specsdir/gpuoffload.specs")|g" \
    -e "s|@version@|$(esc "$version")|g" \
    -e "s|@PLUGIN_FLAG@|$(esc "$plugin_flag")|g" \
    -e "s|@CFLAGS@|$(esc "$plugin_flag$inc_flag")|g" \
    -e "s|@LIBS@|$(esc "$libs")|g" \
    -e "s|@SPECS_CC1@|$(esc "$specs_plugin_flag$inc_flag")|g" \
    -e "s|@SPECS_LIB@|$(esc "$specs_lib")|g"
