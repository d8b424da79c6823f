# issue 21's sequences and SNES ex19 with the session's final library (mosa keeps its patterns; the level loop in chain.c)
# carry [".gpu/final", ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]; .gpu/final/tts.tar.xz holds .gpu/tts (library and
# tutorials of build/cme, PETSc's ex19 of build/tts) as bench/tts/run.sh prepare would lay it out
tar xJf .gpu/final/tts.tar.xz -C .gpu
OUT0=${OUT:-/tmp/out}
OUT=$OUT0 PHASES="seq ex19" BUDGET=545 END_SEQ=335 END_EX19=540 bash bench/tts/run.sh device > $OUT0/seq_ex19.log 2>&1
tail -5 $OUT0/seq_ex19.log
