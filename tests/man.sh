#!/bin/sh
. "${srcdir:-.}/tests/lib.sh"
skip_all "manuals not written yet"
