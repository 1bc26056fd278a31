#!/usr/bin/env bash
# Rebuilds src/assets/fonts/inter-latin-basic-wght.woff2: Inter Variable from @fontsource-variable/inter, weight axis
# narrowed to the 400-800 the site uses, characters cut to basic Latin plus the few typographic marks in the copy.
# 48 KB -> 18 KB, so the font lands well inside the LCP window. Needs fontTools + brotli (Debian: python3-fonttools python3-brotli).
# If the copy gains characters outside this set, add them to UNICODES and to the unicode-range in src/styles/base.css.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2
UNICODES="U+0020-007E,U+00A0,U+00A9,U+00B7,U+2013,U+2014,U+2018,U+2019,U+201C,U+201D,U+2022,U+2026,U+2192"
TMP=$(mktemp -d)
python3 -m fontTools.varLib.instancer "$SRC" wght=400:800 -o "$TMP/inter.ttf"
python3 -m fontTools.subset "$TMP/inter.ttf" --unicodes="$UNICODES" --layout-features="kern,liga,calt,ccmp,locl,mark,mkmk" \
  --flavor=woff2 --output-file=src/assets/fonts/inter-latin-basic-wght.woff2
rm -r "$TMP"
ls -l src/assets/fonts/inter-latin-basic-wght.woff2
