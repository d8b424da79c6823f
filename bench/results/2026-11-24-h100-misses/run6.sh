# run6: the 2x2 block apply in a kernel timeline; cvxbqp1 and sherman2 on the GPU (issue 20's two misses)
OUT=${OUT:-/tmp/out}
tar xJf .gpu/run4/tts.tar.xz -C .gpu
. bench/gpu/petsc_env.sh -- .gpu/tts/lib || exit 1
G="-mat_type aijcusparse -vec_type cuda"
echo "== block apply trace (ANISO1 1200², BiCGStab, 30 iterations after a warm-up)"
CUDA_INJECTION64_PATH=$PWD/.gpu/trace/libcupti_trace.so CUPTI_TRACE_FILE=$OUT/block.csv .gpu/run6/ex1 -problem aniso1 -n 1200 -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-30 -ksp_max_it 30 -pc_type algtri -pc_algtri_block 2 -view_times -warmup $G | grep times
python3 bench/trace/timeline.py $OUT/block.csv --span brpts --block 200 | head -30
C="-ksp_rtol 1e-6 -ksp_pc_side right -view_numbers -ksp_max_it 2000 $G"
for m in cvxbqp1 sherman2; do
  for o in "-ksp_type bcgs -pc_type jacobi" "-ksp_type bcgs -pc_type mosd -pc_mosd_m 2" "-ksp_type bcgs -pc_type algtri -pc_algtri_factor_n 1" "-ksp_type bcgs -pc_type algtri -pc_algtri_block 2" "-ksp_type gmres -ksp_gmres_restart 20 -pc_type algtri -pc_algtri_factor_n 1" "-ksp_type bcgs -pc_type altsplit -pc_altsplit_m 2" "-ksp_type gmres -ksp_gmres_restart 100 -pc_type mosd -pc_mosd_m 4"; do
    /usr/bin/time -f "%e s wall" timeout 60 .gpu/run6/ex2 -f .gpu/run6/m/$m.mtx.gz $o $C 2>&1 | grep -E "iterations|residual|wall|ERROR" | head -4 | tr '\n' ' ' | sed "s|^|$m [$o]: |"; echo
  done
done
gzip $OUT/*.csv
