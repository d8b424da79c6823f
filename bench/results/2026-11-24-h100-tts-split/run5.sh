# run5: warm single solves, easy problems: single-precision factors and variants, 3 processes each (noise)
tar xJf .gpu/run4/tts.tar.xz -C .gpu
. bench/gpu/petsc_env.sh -- .gpu/tts/lib || exit 1
G="-mat_type aijcusparse -vec_type cuda -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-6 -view_times -view_numbers -warmup"
for p in "aniso1 -n 1200" "aniso2 -n 1200" "model8 -n 1000"; do
  for pc in "jacobi" "algtri" "algtri -pc_algtri_precision single" "altsplit -pc_altsplit_m 2" "altsplit -pc_altsplit_m 2 -pc_altsplit_precision single" "mosd -pc_mosd_m 2 -pc_mosd_precision single" "algtri -pc_algtri_block 2"; do
    for r in 1 2 3; do
      .gpu/run5/ex1 -problem $p $G -pc_type $pc 2>&1 | grep -E "iterations|residual|times" | tr '\n' ' ' | sed "s|^|$p [$pc] r$r: |"; echo
    done
  done
done
