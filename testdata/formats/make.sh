#!/usr/bin/env bash
# Makes the upload-format samples of issue 20 from the project's sample label
# (cmd/make-sample, filled 2026-11-11, read as of 2026-11-21): the label
# rendered at 300 dpi by pdftoppm, then re-saved the ways patients' devices
# save it. Needs Go, pdftoppm (poppler-utils) and ImageMagick 6 with its
# HEIC/AVIF (libheif1) and WebP delegates (Debian 12: imagemagick).
# Run from the repository root: testdata/formats/make.sh
set -euo pipefail
out=testdata/formats
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go run ./cmd/make-sample -date 2026-11-21 -out "$tmp/label.pdf" >/dev/null
pdftoppm -r 300 -png -singlefile "$tmp/label.pdf" "$tmp/label"

# Phones and browsers: HEIC (iPhone), WebP (Android, browsers), AVIF.
convert "$tmp/label.png" -quality 60 "$out/label.heic"
convert "$tmp/label.png" -quality 80 "$out/label.webp"
convert "$tmp/label.png" -quality 60 "$out/label.avif"
# An iPhone saves a photo as a grid of 512×512 HEVC tiles: the label at
# 12 megapixels (4032×3024) in such a grid, assembled by make-grid.py.
convert "$tmp/label.png" -resize 4096x3072! -crop 512x512 +repage "$tmp/tile-%02d.png"
for t in "$tmp"/tile-*.png; do convert "$t" -quality 50 "${t%.png}.heic"; done
python3 "$out/make-grid.py" "$out/grid-12mp.heic" 4032 3024 8 6 "$tmp"/tile-*.heic
# Small crops, seeds for the decoders' fuzz targets (whose inputs are kept
# small so that each runs in milliseconds).
convert "$tmp/label.png" -crop 96x64+40+40 +repage -quality 60 "$out/small.heic"
convert "$tmp/label.png" -crop 96x64+40+40 +repage -quality 60 "$out/small.avif"
# A PDF's screenshot or an exported scan: the paper is transparent, and
# transparent pixels are black underneath (what a naive reader shows).
convert "$tmp/label.png" -colorspace gray -alpha copy -channel A -negate +channel \
	-background black -alpha background -define png:color-type=4 "$out/label-transparent.png"
convert "$out/label-transparent.png" -quality 80 -define webp:lossless=false "$out/label-transparent.webp"
# Fax and scanner output: two pages, the label on page 2 (page 1 a blank
# cover sheet); and one page in JPEG compression.
convert -size 1360x938 xc:white -colorspace gray "$tmp/blank.png"
convert "$tmp/blank.png" "$tmp/label.png" -colorspace gray -compress lzw "$out/label-page2.tiff"
convert "$tmp/label.png" -compress jpeg -quality 85 "$out/label-jpeg.tiff"
# A colour scanner's JPEG-compressed TIFF stores Y'CbCr (photometric 6), which
# golang.org/x/image/tiff does not read (unseen139, round 27): a blue rule at
# the top makes the page colour.
convert "$tmp/label.png" -fill '#1f4e9a' -draw 'rectangle 0,0 1358,5' -alpha off -colorspace YCbCr \
	-compress jpeg -quality 85 "$out/label-jpeg-ycbcr.tiff"
# A print workflow's or a document system's CMYK TIFF, tiled, LZW with the
# horizontal predictor (photometric 5), which golang.org/x/image/tiff does
# not read (unseen188's tifftiled, round 33).
convert "$tmp/label.png" -fill '#1f4e9a' -draw 'rectangle 0,0 1358,5' -alpha off -colorspace CMYK \
	-define tiff:tile-geometry=256x256 -compress lzw -define tiff:predictor=2 "$out/label-cmyk.tiff"
ls -l "$out"
