# run10: where MOS-a's setup goes in a sequence (20 steps, forests kept), -log_view events
tar xJf .gpu/run9.tar.xz -C /tmp || exit 1
. bench/gpu/petsc_env.sh -- /tmp/run9/lib || exit 1
for p in "aniso1 -n 1200" "rot -n 1000"; do
  echo "== ex4 -problem $p -pc_type mosa -pc_mosa_m 2, 20 steps"
  .gpu/run10/ex4 -problem $p -steps 20 -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-6 -pc_type mosa -pc_mosa_m 2 -view_times -mat_type aijcusparse -vec_type cuda -log_view -log_view_gpu_time 2>&1 | grep -E "^(PCSetUp|PCApply|KSPSolve|TriSplit)|total|steps" | cut -c1-110
done
