#!/bin/sh
# autogen.sh -- generate configure and Makefile.in from configure.ac and
# Makefile.am (a git checkout has neither); then run ./configure && make.
set -e
cd "$(dirname "$0")"
autoreconf -fi
