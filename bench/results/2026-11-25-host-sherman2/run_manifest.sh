#!/bin/bash
# run_manifest.sh OUTLOG "KSP+PC options" [PARALLEL]: every matrix of MANIFEST.tsv with one configuration, 60 s each
HERE=$(dirname "$(realpath "$0")")
tail -n +2 /work/shared/matrices/MANIFEST.tsv | cut -f1 > /tmp/an/manifest_names.txt
for m in $(cat /tmp/an/manifest_names.txt); do
  echo "$2" > /tmp/an/cfg_$m.$$
  echo "$m"
done | xargs -P ${3:-2} -I{} bash -c "$HERE/run1.sh {} /tmp/an/cfg_{}.$$ $1 1 60"
rm -f /tmp/an/cfg_*.$$
