dnl gcc-plugin.m4 -- find GCC's plugin directory and check that a plugin
dnl can be compiled against its headers.
dnl
dnl Written in the manner of annobin's config/gcc-plugin.m4: the plugin
dnl directory comes from the C compiler that will load the plugin
dnl ($CC -print-file-name=plugin), the plugin itself is C++ and is
dnl compiled with $CXX against <plugindir>/include.  When the headers are
dnl missing we stop with the name of the Debian package that provides them
dnl (gcc-N-plugin-dev, N being the major version of $CC).
dnl
dnl GPUOFFLOAD_GCC_PLUGIN
dnl   --with-gcc-plugin-dir=DIR  where `make install' puts the plugin
dnl                              (default: GCC's own plugin directory, so
dnl                              that -fplugin=gpuoffload finds it)
dnl   AC_SUBST: gcc_plugin_dir, GCC_PLUGIN_CPPFLAGS, GCC_PLUGIN_INCLUDE_DIR,
dnl             GCC_MAJOR_VERSION,
dnl             GCC_DEFAULT_PLUGIN_DIR (GCC's own plugin directory, where
dnl               -fplugin=gpuoffload looks),
dnl             gcc_specs_dir (where gpuoffload.specs is installed: GCC's
dnl               library directory, where -specs=gpuoffload.specs looks,
dnl               when the plugin goes into GCC's plugin directory, else
dnl               ${libdir}/gpuoffload)
dnl
AC_DEFUN([GPUOFFLOAD_GCC_PLUGIN],
[AC_REQUIRE([AC_PROG_CC])dnl
AC_REQUIRE([AC_PROG_CXX])dnl

AC_ARG_WITH([gcc-plugin-dir],
  [AS_HELP_STRING([--with-gcc-plugin-dir=DIR],
    [install the gpuoffload plugin into DIR (default: the plugin directory of $CC, from $CC -print-file-name=plugin)])],
  [gcc_plugin_dir=$withval],
  [gcc_plugin_dir=default])

dnl The major version names the Debian package with the headers.
gcc_major_version=`$CC -dumpversion 2>/dev/null | sed 's/\..*//'`
AS_IF([test -z "$gcc_major_version"], [gcc_major_version=N])
gcc_plugin_pkg="gcc-${gcc_major_version}-plugin-dev"

dnl Where GCC keeps its plugin headers.  If GCC was built without plugin
dnl support (or the package is missing) -print-file-name echoes "plugin".
AC_MSG_CHECKING([for the GCC plugin directory of $CC])
gcc_plugin_base=`$CC -print-file-name=plugin 2>/dev/null`
AS_IF([test -z "$gcc_plugin_base" || test "x$gcc_plugin_base" = xplugin ||
       test ! -d "$gcc_plugin_base/include"],
  [AC_MSG_RESULT([not found])
   AC_MSG_ERROR([$CC has no plugin headers ($CC -print-file-name=plugin gave '$gcc_plugin_base').
Install the package $gcc_plugin_pkg (apt-get install $gcc_plugin_pkg) or use a GCC built with --enable-plugin.])])
AC_MSG_RESULT([$gcc_plugin_base])

GCC_PLUGIN_INCLUDE_DIR="$gcc_plugin_base/include"
GCC_PLUGIN_CPPFLAGS="-I$GCC_PLUGIN_INCLUDE_DIR"

dnl A plugin is C++ compiled against GCC's internal headers; try it.
AC_MSG_CHECKING([whether $CXX can compile a GCC plugin])
AC_LANG_PUSH([C++])
gpuoffload_save_CPPFLAGS=$CPPFLAGS
CPPFLAGS="$CPPFLAGS $GCC_PLUGIN_CPPFLAGS"
AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#include <gcc-plugin.h>
#include <bversion.h>
#include <plugin-version.h>
int plugin_is_GPL_compatible;
]], [[
  return BUILDING_GCC_MAJOR + gcc_version.basever[0] - gcc_version.basever[0];
]])],
  [gpuoffload_plugin_ok=yes],
  [gpuoffload_plugin_ok=no])
CPPFLAGS=$gpuoffload_save_CPPFLAGS
AC_LANG_POP([C++])
AC_MSG_RESULT([$gpuoffload_plugin_ok])
AS_IF([test "x$gpuoffload_plugin_ok" != xyes],
  [AC_MSG_ERROR([cannot compile a GCC plugin with $CXX against $GCC_PLUGIN_INCLUDE_DIR.
Install the packages $gcc_plugin_pkg and g++-${gcc_major_version} (the plugin must be built by the C++ compiler of the same GCC version as $CC).])])

dnl The plugin must be built by the same GCC version that loads it.
AC_MSG_CHECKING([that $CXX and $CC are the same GCC version])
AC_LANG_PUSH([C++])
CPPFLAGS="$CPPFLAGS $GCC_PLUGIN_CPPFLAGS"
AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <bversion.h>
#if BUILDING_GCC_MAJOR != __GNUC__
# error plugin headers and C++ compiler differ
#endif
]], [])],
  [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([$CXX is not the C++ compiler of GCC $gcc_major_version whose plugin headers are in $GCC_PLUGIN_INCLUDE_DIR; set CXX=g++-$gcc_major_version])])
CPPFLAGS=$gpuoffload_save_CPPFLAGS
AC_LANG_POP([C++])

AS_IF([test "x$gcc_plugin_dir" = xdefault || test "x$gcc_plugin_dir" = xyes],
  [gcc_plugin_dir=$gcc_plugin_base],
  [test "x$gcc_plugin_dir" = xno],
  [AC_MSG_ERROR([--without-gcc-plugin-dir makes no sense: the plugin has to be installed somewhere])])
AC_MSG_CHECKING([where to install the plugin])
AC_MSG_RESULT([$gcc_plugin_dir])

dnl The specs file goes where GCC finds it by name (GCC's library
dnl directory, the parent of its plugin directory) when the plugin goes to
dnl GCC's own plugin directory; with a private plugin directory, both stay
dnl under the prefix.
AC_MSG_CHECKING([where to install gpuoffload.specs])
AS_IF([test "x$gcc_plugin_dir" = "x$gcc_plugin_base"],
  [gcc_specs_dir=`cd "$gcc_plugin_base/.." && pwd`],
  [gcc_specs_dir='${libdir}/gpuoffload'])
AC_MSG_RESULT([$gcc_specs_dir])
GCC_DEFAULT_PLUGIN_DIR=$gcc_plugin_base
AC_SUBST([GCC_DEFAULT_PLUGIN_DIR])
AC_SUBST([gcc_specs_dir])

GCC_MAJOR_VERSION=$gcc_major_version
AC_SUBST([gcc_plugin_dir])
AC_SUBST([GCC_PLUGIN_CPPFLAGS])
AC_SUBST([GCC_PLUGIN_INCLUDE_DIR])
AC_SUBST([GCC_MAJOR_VERSION])
])
