# SPDX-License-Identifier: BSD-2-Clause
# tests/dllappend/counts.sh: sourced by run.sh and peer.sh. Counts their checks the way PETSc's harness
# scripts do: TAP lines ('ok LABEL', 'not ok LABEL # reason') to $tap, failures also to $err, and at the
# end a counts file gmakefile.test sums into its summary. Expects $tap, $err, $quiet, $counts set.

total=0 success=0 failed=0 failures=""
start=$(date +%s)

report() { # report SUBLABEL OK|"not" [reason]
  local msg
  if [ "$2" = OK ]; then
    msg="ok $1"; success=$((success + 1))
  else
    msg="not ok $1 # $3"; failed=$((failed + 1)); failures="$failures $1"
    echo "$msg" >> "$err"
  fi
  total=$((total + 1))
  echo "$msg" >> "$tap"
  if ! $quiet || [ "$2" != OK ]; then echo "$msg"; fi
}

finish() { # writes the counts file (exit 0: the result is in it, as the harness scripts), else exit status
  if [ -n "$counts" ]; then
    mkdir -p "$(dirname "$counts")"
    elapsed=$(( $(date +%s) - start ))
    {
      echo "total $total"
      echo "success $success"
      echo "failed $failed"
      echo "failures$failures"
      echo "time $elapsed.00 $elapsed.00"
    } > "$counts"
    exit 0
  fi
  [ $failed -eq 0 ]
}
