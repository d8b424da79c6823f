# issue 21's hard and easy single solves with the session's final library: cold (a fresh process per run) and warm (-warmup)
tar xJf .gpu/final/tts.tar.xz -C .gpu
OUT0=${OUT:-/tmp/out}
OUT=$OUT0/cold PHASES="hard easy" BUDGET=190 END_HARD=105 bash bench/tts/run.sh device > $OUT0/cold.log 2>&1
OUT=$OUT0/warm PHASES="hard easy" BUDGET=335 END_HARD=170 EX1_ARGS=-warmup WORK=/tmp/tts_warm bash bench/tts/run.sh device > $OUT0/warm.log 2>&1
tail -3 $OUT0/cold.log $OUT0/warm.log
