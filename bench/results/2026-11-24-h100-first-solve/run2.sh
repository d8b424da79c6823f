# first-apply cost of the RPTS module by fatbin variant (ANISO1 1200², BiCGStab, rtol 1e-6)
. bench/gpu/petsc_env.sh -- || exit 1
mkdir -p /tmp/var && tar xJf .gpu/var.tar.xz -C /tmp/var
G="-mat_type aijcusparse -vec_type cuda"
A="-problem aniso1 -n 1200 -ksp_type bcgs -ksp_pc_side right -view_times $G"
run() { # label libdir pc [env]
  for rep in 1 2 3; do
    env LD_LIBRARY_PATH=$2:$LD_LIBRARY_PATH $4 .gpu/varbin/ex1 $A -pc_type $3 2>&1 | grep "times" | sed "s|^|$1 $3 rep$rep:|"
  done
}
for v in cme sass nocomp sass_nocomp; do run $v /tmp/var/$v algtri; done
run cme /tmp/var/cme jacobi
run cme-eager /tmp/var/cme algtri CUDA_MODULE_LOADING=EAGER
run cme-eager /tmp/var/cme jacobi CUDA_MODULE_LOADING=EAGER
for v in cme sass nocomp sass_nocomp; do
  env LD_LIBRARY_PATH=/tmp/var/$v:$LD_LIBRARY_PATH CUDA_INJECTION64_PATH=$PWD/.gpu/trace/libcupti_trace.so CUPTI_TRACE_FILE=$OUT/first_$v.csv .gpu/varbin/ex1 $A -pc_type algtri 2>&1 | grep times
  grep -E "cudaFuncSetAttribute|cudaFuncGetAttributes|cudaOccupancy" $OUT/first_$v.csv | awk -F, -v v=$v '{d=($3-$2)/1e6; if (d>0.5) printf "%s %s %.2f ms\n", v, $7, d}'
done
gzip $OUT/*.csv
