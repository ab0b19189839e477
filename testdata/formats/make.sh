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
ls -l "$out"
