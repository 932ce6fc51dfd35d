#!/bin/bash
# How many public C verification programs craig's C front end reads (`craig ir` exits 0), and the
# first error of each it refuses. The programs are SV-COMP's, from the development categories
# issue 34 allows (never the held-out ones), listed with their commits in SOURCES.tsv.
#
#   bench/c_acceptance/run.sh fetch DIR          # downloads them into DIR (curl, GitHub raw)
#   bench/c_acceptance/run.sh measure DIR BIN    # prints: folder, file, accepted, first error
#
# A 60 s limit per file bounds a run that does not end.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
case "${1:-}" in
fetch)
  DIR=$2
  tail -n +2 "$HERE/SOURCES.tsv" | while IFS=$'\t' read -r repo path commit; do
    out="$DIR/$(dirname "$path" | tr / _)/$(basename "$path")"
    mkdir -p "$(dirname "$out")"
    [ -s "$out" ] || curl -fsSL "https://raw.githubusercontent.com/$repo/$commit/$path" -o "$out" \
      || echo "cannot fetch $path" >&2
  done
  ;;
measure)
  DIR=$2; BIN=$3; total=0; accepted=0
  printf 'folder\tfile\taccepted\tfirst error\n'
  for f in $(ls -d "$DIR"/c_*/* | sort); do
    out=$(timeout 60 "$BIN" ir "$f" 2>&1); status=$?
    ok=0; [ $status -eq 0 ] && ok=1
    error=$(printf '%s\n' "$out" | grep -m1 -E 'error:|panicked' | sed "s#^$f:##" | cut -c1-160)
    [ $status -eq 124 ] && error="time limit (60 s)"
    printf '%s\t%s\t%s\t%s\n' "$(basename "$(dirname "$f")")" "$(basename "$f")" "$ok" "$error"
    total=$((total + 1)); accepted=$((accepted + ok))
  done
  printf 'accepted %d of %d\n' "$accepted" "$total"
  ;;
*)
  echo "usage: $0 fetch DIR | measure DIR BIN" >&2; exit 2
  ;;
esac
