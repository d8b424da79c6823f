# run7: issue 21's sequences and SNES ex19 with the split RPTS modules (library 29a2fea)
tar xJf .gpu/run4/tts.tar.xz -C .gpu
OUT0=${OUT:-/tmp/out}
OUT=$OUT0 PHASES="seq ex19" BUDGET=545 END_SEQ=335 END_EX19=540 bash bench/tts/run.sh device > $OUT0/seq_ex19.log 2>&1
tail -5 $OUT0/seq_ex19.log
