/* SPDX-License-Identifier: BSD-2-Clause */
/*
  bench/trace/cupti_trace.c: a kernel timeline for any CUDA program, where Nsight Systems cannot make a report
  (the GPU machine has nsys's collector but not its report writer). Built as a CUDA injection library:

    cc -shared -fPIC -O2 -I$CUDA/include bench/trace/cupti_trace.c -L$CUDA/lib64 -lcupti -o libcupti_trace.so
    CUDA_INJECTION64_PATH=$PWD/libcupti_trace.so CUPTI_TRACE_FILE=trace.csv ./program ...

  The driver loads the library at the first CUDA call and calls InitializeInjection(), which enables CUPTI's
  activity records of kernels, copies, sets, synchronisations and runtime API calls; at exit every record is
  written to CUPTI_TRACE_FILE (default cupti_trace.csv), one line each:

    kind,start_ns,end_ns,stream,correlation,detail,name

  kind is K (kernel; detail = grid x block), C (copy; detail = bytes:kind), S (memset; detail = bytes), Y
  (synchronisation; detail = type) or R (runtime API call; stream = thread; name = the call). Timestamps are
  CUPTI's (one clock for device and host records), so gaps between kernels and the host calls that leave them can
  be read off one line. bench/trace/timeline.py reads it.
*/
#include <cupti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TRACE_BUFFER_BYTES (32u << 20)

static FILE *trace_out;

#define TRACE_CALL(call) \
  do { \
    CUptiResult r_ = (call); \
    if (r_ != CUPTI_SUCCESS) { \
      const char *s_ = NULL; \
      cuptiGetResultString(r_, &s_); \
      fprintf(stderr, "cupti_trace: %s: %s\n", #call, s_ ? s_ : "?"); \
    } \
  } while (0)

static void CUPTIAPI trace_buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records)
{
  *buffer      = (uint8_t *)aligned_alloc(8, TRACE_BUFFER_BYTES);
  *size        = *buffer ? TRACE_BUFFER_BYTES : 0;
  *max_records = 0;
}

static void CUPTIAPI trace_buffer_completed(CUcontext ctx, uint32_t stream, uint8_t *buffer, size_t size, size_t valid)
{
  CUpti_Activity *rec = NULL;
  (void)ctx;
  (void)stream;
  (void)size;
  while (trace_out && cuptiActivityGetNextRecord(buffer, valid, &rec) == CUPTI_SUCCESS) {
    switch (rec->kind) {
    case CUPTI_ACTIVITY_KIND_KERNEL:
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
      const CUpti_ActivityKernel10 *k = (const CUpti_ActivityKernel10 *)rec;
      fprintf(trace_out, "K,%llu,%llu,%u,%u,%dx%d,%s\n", (unsigned long long)k->start, (unsigned long long)k->end, k->streamId, k->correlationId, k->gridX * k->gridY * k->gridZ, k->blockX * k->blockY * k->blockZ, k->name);
    } break;
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
      const CUpti_ActivityMemcpy6 *m = (const CUpti_ActivityMemcpy6 *)rec;
      fprintf(trace_out, "C,%llu,%llu,%u,%u,%llu:%u,memcpy\n", (unsigned long long)m->start, (unsigned long long)m->end, m->streamId, m->correlationId, (unsigned long long)m->bytes, (unsigned)m->copyKind);
    } break;
    case CUPTI_ACTIVITY_KIND_MEMSET: {
      const CUpti_ActivityMemset4 *m = (const CUpti_ActivityMemset4 *)rec;
      fprintf(trace_out, "S,%llu,%llu,%u,%u,%llu,memset\n", (unsigned long long)m->start, (unsigned long long)m->end, m->streamId, m->correlationId, (unsigned long long)m->bytes);
    } break;
    case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: {
      const CUpti_ActivitySynchronization2 *s = (const CUpti_ActivitySynchronization2 *)rec;
      fprintf(trace_out, "Y,%llu,%llu,%u,%u,%u,sync\n", (unsigned long long)s->start, (unsigned long long)s->end, s->streamId, s->correlationId, (unsigned)s->type);
    } break;
    case CUPTI_ACTIVITY_KIND_RUNTIME: {
      const CUpti_ActivityAPI *a    = (const CUpti_ActivityAPI *)rec;
      const char              *name = NULL;
      cuptiGetCallbackName(CUPTI_CB_DOMAIN_RUNTIME_API, a->cbid, &name);
      fprintf(trace_out, "R,%llu,%llu,%u,%u,%u,%s\n", (unsigned long long)a->start, (unsigned long long)a->end, a->threadId, a->correlationId, a->cbid, name ? name : "?");
    } break;
    default:
      break;
    }
  }
  free(buffer);
}

static void trace_finish(void)
{
  /* forced: the records of work still in flight at exit are written too */
  cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  if (trace_out) fclose(trace_out);
  trace_out = NULL;
}

int InitializeInjection(void)
{
  const char *path = getenv("CUPTI_TRACE_FILE");

  trace_out = fopen(path && path[0] ? path : "cupti_trace.csv", "w");
  if (!trace_out) {
    perror("cupti_trace");
    return 0;
  }
  fprintf(trace_out, "kind,start_ns,end_ns,stream,correlation,detail,name\n");
  TRACE_CALL(cuptiActivityRegisterCallbacks(trace_buffer_requested, trace_buffer_completed));
  TRACE_CALL(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
  TRACE_CALL(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY));
  TRACE_CALL(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET));
  TRACE_CALL(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_SYNCHRONIZATION));
  TRACE_CALL(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_RUNTIME));
  atexit(trace_finish);
  return 1;
}
