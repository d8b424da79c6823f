# run9: the device checks of run_final.sh's model run on the split library (ex5, ex6, ex7, ex8, transpose == expected; memcheck ex8)
tar xJf .gpu/run9.tar.xz -C /tmp || exit 1
B=/tmp/run9
. bench/gpu/petsc_env.sh -- $B/lib || exit 1
GPU="-mat_type aijcusparse -vec_type cuda"
pass=0 fail=0
check() { if [ "$2" = ok ]; then pass=$((pass + 1)); echo "PASS $1"; else fail=$((fail + 1)); echo "FAIL $1"; fi; }
check_outputs() {
  local t cmd ref
  for t in "$@"; do
    cmd=${t%%:*} ref=${t#*:}
    timeout 120 $B/bin/$cmd > /tmp/t.out 2>&1
    if diff /tmp/t.out tests/output/$ref.out > /tmp/t.diff; then check "$cmd (device) == tests/output/$ref.out" ok; else check "$cmd (device)" no; head -12 /tmp/t.diff; fi
  done
}
echo "commit $(cat $B/commit.txt)"
check_outputs "ex5 -n 512 $GPU:ex5_cuda" "ex6 $GPU:ex6_cuda" "ex7 -n 32 -device:ex7_cuda" "ex8 -mat_type aijcusparse:ex8_host" "transpose $GPU:transpose_cuda"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 $B/bin/ex8 -n 16 $GPU > /tmp/san.log 2>&1
[ $? = 0 ] && check "compute-sanitizer memcheck [ex8: 2x2 blocks incl. transpose]" ok || { check "memcheck ex8" no; grep -m3 "ERROR\|Invalid" /tmp/san.log; }
echo "$pass passed, $fail failed"
