# run3: the split RPTS modules: GPU checks, first-solve cost, cold/warm single solves, precision/pivoting, inloop
OUT=${OUT:-/tmp/out}
PARTS="repair ex5" timeout 420 bash bench/gpu/run_robust_tts.sh run > $OUT/robust_console.log 2>&1
grep -h -E "^(PASS|FAIL)" $OUT/repair/console.log $OUT/checks.log | sort | uniq -c | awk '{print $2}' | sort | uniq -c
grep -h FAIL $OUT/repair/console.log $OUT/checks.log | head
. bench/gpu/petsc_env.sh -- .gpu/repair/lib || exit 1
X=.gpu/run3
G="-mat_type aijcusparse -vec_type cuda"
A="-problem aniso1 -n 1200 -ksp_type bcgs -ksp_pc_side right -view_times -view_numbers $G"
echo "== first-solve trace (split modules)"
CUDA_INJECTION64_PATH=$PWD/.gpu/trace/libcupti_trace.so CUPTI_TRACE_FILE=$OUT/first_split.csv $X/ex1 $A -pc_type algtri | grep times
grep -E "cudaFuncSetAttribute|cudaFuncGetAttributes|cudaOccupancy" $OUT/first_split.csv | awk -F, '{d=($3-$2)/1e6; if (d>0.5) printf "split %s %.2f ms\n", $7, d}'
if [ -f $X/splitnc.tar.xz ]; then
  mkdir -p /tmp/splitnc && tar xJf $X/splitnc.tar.xz -C /tmp/splitnc
  for r in 1 2 3; do LD_LIBRARY_PATH=/tmp/splitnc:$LD_LIBRARY_PATH $X/ex1 $A -pc_type algtri | grep times | sed "s/^/splitnc cold rep$r/"; done
  LD_LIBRARY_PATH=/tmp/splitnc:$LD_LIBRARY_PATH CUDA_INJECTION64_PATH=$PWD/.gpu/trace/libcupti_trace.so CUPTI_TRACE_FILE=$OUT/first_splitnc.csv $X/ex1 $A -pc_type algtri | grep times
  grep -E "cudaFuncSetAttribute|cudaFuncGetAttributes|cudaOccupancy" $OUT/first_splitnc.csv | awk -F, '{d=($3-$2)/1e6; if (d>0.5) printf "splitnc %s %.2f ms\n", $7, d}'
fi
echo "== cold and warm single solves, ANISO1 1200^2 BiCGStab"
for pc in "algtri" "jacobi" "mosd -pc_mosd_m 2"; do
  for r in 1 2 3; do $X/ex1 $A -pc_type $pc | grep -E "iterations|times" | tr '\n' ' ' | sed "s/^/cold $pc rep$r: /"; echo; done
  for r in 1 2; do $X/ex1 $A -pc_type $pc -warmup | grep -E "iterations|times" | tr '\n' ' ' | sed "s/^/warm $pc rep$r: /"; echo; done
done
echo "== precision and pivoting (each module of the split)"
for o in "-pc_algtri_precision single" "-pc_algtri_pivoting partial" "-pc_algtri_pivoting none" "-pc_algtri_precision single -pc_algtri_pivoting none" "-pc_algtri_precision single -pc_algtri_pivoting partial" ""; do
  $X/ex1 $A -pc_type algtri $o | grep -E "iterations|residual" | tr '\n' ' ' | sed "s/^/[$o] /"; echo
done
echo "== inloop, modes warmed"
for p in "aniso1 -n 1200" "rot -n 1000"; do echo "-- $p"; $X/inloop -problem $p -mat_type aijcusparse; done
echo "== the BiCGStab loop traced (200 iterations): apply span"
CUDA_INJECTION64_PATH=$PWD/.gpu/trace/libcupti_trace.so CUPTI_TRACE_FILE=$OUT/loop_algtri.csv $X/ex1 -problem aniso1 -n 1200 -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-30 -ksp_max_it 200 -pc_type algtri -view_times $G -warmup | grep times
gzip $OUT/*.csv
