. bench/gpu/petsc_env.sh -- .gpu/inloop/lib || exit 1
G="-mat_type aijcusparse -vec_type cuda"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for pc in algtri jacobi; do
  echo "== plain $pc"; .gpu/inloop/ex1 -problem aniso1 -n 1200 -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-30 -ksp_max_it 200 -pc_type $pc -view_times $G 2>&1 | grep -i "times\|iterations"
  echo "== traced $pc"; CUDA_INJECTION64_PATH=$PWD/.gpu/trace/libcupti_trace.so CUPTI_TRACE_FILE=$OUT/ex1_$pc.csv .gpu/inloop/ex1 -problem aniso1 -n 1200 -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-30 -ksp_max_it 200 -pc_type $pc -view_times $G 2>&1 | grep -i "times\|iterations\|cupti"
done
CUDA_INJECTION64_PATH=$PWD/.gpu/trace/libcupti_trace.so CUPTI_TRACE_FILE=$OUT/inloop.csv .gpu/inloop/inloop -problem aniso1 -n 1200 -mat_type aijcusparse 2>&1 | tail -12
ls -la $OUT; gzip $OUT/*.csv
