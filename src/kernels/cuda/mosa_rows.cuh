/* SPDX-License-Identifier: BSD-2-Clause */
/*
   mosa_rows.cuh - one row of MOS-a's product on the device (rowsolve.cu runs one thread per
   row): the twin of the row loop of ts_ref_mosa_product (src/kernels/reference/rowsolve.c), with
   the host's clusters, sweeps, early dropping and top-q choice (or the gather into a kept
   pattern), operation by operation.

   Scratch. A thread owns cap slots (position, value): the row's sources sorted by position at the
   front, then the solved ranges of the clusters one after another; the forward values of the
   cluster being solved sit at the top, growing down, until the backward sweep turns them into the
   range (written in decreasing position order). A range that overlaps earlier ranges of the same
   path is added into them (the host's dense accumulator acc[k] += y[k], in cluster order, so the
   sums round identically) and zeroed in the new range. A row whose slots do not suffice reports
   it (row_product returns false) and is computed again with more.
   Host and device (the host simulation, tests/kernels/mosa_sim.cu, runs it row by row).
*/
#ifndef TS_MOSA_ROWS_CUH
#define TS_MOSA_ROWS_CUH

#include "mosa_chain.cuh"

namespace ts_mosa {

/* sources farther apart on one path are solved separately when dropping: TS_CLUSTER_GAP of the host */
constexpr ts_int kClusterGap = 32;

template <class T>
struct Product {
  ts_int         n;
  const ts_int  *rowptr, *col;
  const T       *val;
  const ts_int  *perm, *iperm, *begin, *end, *q;
  ChainFactor<T> f;
  T              droptol;
  int            exact;
  const ts_int  *out_rowptr;
  ts_int        *out_col, *out_len;
  T             *out_val;
  const ts_int  *keep_col; /* a kept pattern (columns sorted, rows at out_rowptr): values only; NULL: top-q */
};

template <class T>
struct Scratch {
  ts_int *pos;
  T      *val;
  ts_int  cap;
};

/* the k-th largest |b_ij| of row i (k = q_i clamped to [1, nb]): the scale theta of the drop rule */
template <class T>
TS_MOSA_HD T row_theta(const Product<T> &p, ts_int i)
{
  const ts_int rb = p.rowptr[i], re = p.rowptr[i + 1], nb = re - rb;
  const ts_int k = p.q[i] < 1 ? 1 : (p.q[i] < nb ? p.q[i] : nb);

  for (ts_int e = rb; e < re; e++) {
    const T m  = fabs(p.val[e]);
    ts_int  gt = 0, ge = 0;
    for (ts_int g = rb; g < re; g++) {
      const T mg = fabs(p.val[g]);
      gt += mg > m;
      ge += mg >= m;
    }
    if (gt < k && k <= ge) return m;
  }
  return 0;
}

/* M^T y = the sources [c0, c1) on the positions [pb, pe) (the host's path_solve). The range
   [lo, hi) is written at w[front ...] from hi - 1 down to lo; returns its length, -1 when the slots
   do not suffice. */
template <class T>
TS_MOSA_HD ts_int cluster_solve(const ChainFactor<T> &f, ts_int pb, ts_int pe, ts_int c0, ts_int c1, ts_int pmin, ts_int pmax, T tol, const Scratch<T> &w, ts_int front)
{
  ts_int stop = pe, sp = c0, j = 0, lo = pb;
  T      y1 = 0, y2 = 0, r;

  /* U^T z = y forward from the first source; z(i) at slot cap - 1 - (i - pmin) */
  for (ts_int i = pmin; i < pe; i++) {
    const ts_int slot = w.cap - 1 - (i - pmin);
    T            v    = 0;

    if (sp < c1 && w.pos[sp] == i) v = w.val[sp++];
    if (i - 1 >= pb) v = sub_mul(v, f.u1[i - 1], y1);
    if (i - 2 >= pb) v = sub_mul(v, f.u2[i - 2], y2);
    if (slot < front) return -1;
    y2           = y1;
    y1           = v / f.u0[i];
    w.val[slot]  = y1;
    if (tol > 0 && i > pmax + 1 && i + 1 < pe && fabs(y1) <= tol && fabs(y2) <= tol && add_rn(fabs(f.u1[i]), fabs(f.u2[i - 1])) <= fabs(f.u0[i + 1])) {
      stop = i + 1;
      break;
    }
  }
  /* the transposed eliminations in reverse order; after step i the value at i + 1 is final */
  const ts_int hi = stop < pe ? stop + 1 : pe;
  r               = hi - 1 < stop ? w.val[w.cap - 1 - (hi - 1 - pmin)] : (T)0;
  for (ts_int i = hi - 2; i >= pb; i--) {
    const T yi = i >= pmin ? w.val[w.cap - 1 - (i - pmin)] : (T)0;
    T       done;

    if (f.piv[i]) done = sub_mul(yi, f.l[i], r);
    else {
      done = r;
      r    = sub_mul(yi, f.l[i], r);
    }
    if (front + j >= w.cap) return -1;
    w.pos[front + j] = i + 1;
    w.val[front + j] = done;
    j++;
    if (tol > 0 && i + 1 < pmin && i - 1 >= pb && fabs(r) <= tol && fabs(done) <= tol && fabs(f.l[i - 1]) <= (T)1) {
      lo = i;
      break;
    }
  }
  if (front + j >= w.cap) return -1;
  w.pos[front + j] = lo;
  w.val[front + j] = r;
  return j + 1;
}

/* the new range at [front, front + len) into the earlier ranges of its path at [path_start, front):
   each position's sum stays in the first slot that holds it */
template <class T>
TS_MOSA_HD void cluster_merge(const Scratch<T> &w, ts_int path_start, ts_int front, ts_int len)
{
  const ts_int nhi = w.pos[front], nlo = w.pos[front + len - 1];

  for (ts_int s = path_start; s < front;) {
    ts_int e = s + 1;
    while (e < front && w.pos[e] == w.pos[e - 1] - 1) e++; /* a run of consecutive positions */
    const ts_int phi = w.pos[s], plo = w.pos[e - 1];
    for (ts_int k = (nhi < phi ? nhi : phi); k >= (nlo > plo ? nlo : plo); k--) {
      const ts_int old = s + (phi - k), add = front + (nhi - k);
      w.val[old]       = add_rn(w.val[old], w.val[add]);
      w.val[add]       = 0;
    }
    s = e;
  }
}

/* ranking of the kept entries: larger magnitude first, then the smaller column */
template <class T>
TS_MOSA_HD bool better(T v, ts_int c, T v2, ts_int c2)
{
  const T m = fabs(v), m2 = fabs(v2);
  return m > m2 || (m == m2 && c < c2);
}

/* the diagonal and the q_i best off-diagonal entries of slots [first, front), sorted by column */
template <class T>
TS_MOSA_HD void row_select(const Product<T> &p, ts_int i, const Scratch<T> &w, ts_int first, ts_int front)
{
  ts_int *oc = p.out_col + p.out_rowptr[i];
  T      *ov = p.out_val + p.out_rowptr[i];
  ts_int  cnt = 0, qi = p.q[i];
  bool    have_diag = false;
  T       diag      = 0;

  for (ts_int s = first; s < front; s++) {
    const T v = w.val[s];
    if (v == (T)0) continue;
    const ts_int c = p.perm[w.pos[s]];
    if (c == i) {
      have_diag = true;
      diag      = v;
      continue;
    }
    if (qi == 0 || (cnt == qi && !better(v, c, ov[cnt - 1], oc[cnt - 1]))) continue;
    ts_int k = cnt < qi ? cnt++ : cnt - 1;
    for (; k > 0 && better(v, c, ov[k - 1], oc[k - 1]); k--) {
      ov[k] = ov[k - 1];
      oc[k] = oc[k - 1];
    }
    ov[k] = v;
    oc[k] = c;
  }
  if (have_diag) {
    oc[cnt]   = i;
    ov[cnt++] = diag;
  }
  for (ts_int a = 1; a < cnt; a++) { /* by column */
    const ts_int c = oc[a];
    const T      v = ov[a];
    ts_int       k = a;
    for (; k > 0 && oc[k - 1] > c; k--) {
      oc[k] = oc[k - 1];
      ov[k] = ov[k - 1];
    }
    oc[k] = c;
    ov[k] = v;
  }
  p.out_len[i] = cnt;
}

/* the values of row i's kept pattern from slots [first, front) (the host's gather_kept): each
   position's sum sits in one slot (cluster_merge zeroed the others), added into 0 */
template <class T>
TS_MOSA_HD void row_gather(const Product<T> &p, ts_int i, const Scratch<T> &w, ts_int first, ts_int front)
{
  const ts_int  kb = p.out_rowptr[i], len = p.out_rowptr[i + 1] - kb;
  const ts_int *kc = p.keep_col + kb;
  T            *ov = p.out_val + kb;

  for (ts_int k = 0; k < len; k++) ov[k] = 0;
  for (ts_int s = first; s < front; s++) {
    const T v = w.val[s];
    if (v == (T)0) continue;
    const ts_int c  = p.perm[w.pos[s]];
    ts_int       lo = 0, hi = len;
    while (lo < hi) {
      const ts_int mid = lo + (hi - lo) / 2;
      if (kc[mid] < c) lo = mid + 1;
      else hi = mid;
    }
    if (lo < len && kc[lo] == c) ov[lo] = add_rn(ov[lo], v);
  }
}

/* one row; false when its slots do not suffice. *nonfinite is set for a NaN or Inf in the row. */
template <class T>
TS_MOSA_HD bool row_product(const Product<T> &p, ts_int i, const Scratch<T> &w, ts_int *nonfinite)
{
  const ts_int rb = p.rowptr[i], re = p.rowptr[i + 1];
  ts_int       ns = 0, front;
  T            tol = 0;

  for (ts_int e = rb; e < re; e++)
    if (!isfinite(p.val[e])) {
      atomic_set_one(nonfinite);
      if (p.out_len) p.out_len[i] = 0;
      return true;
    }
  if (p.droptol > 0 && re > rb) tol = mul_rn(p.droptol, row_theta(p, i));
  /* the sources by position */
  for (ts_int e = rb; e < re; e++) {
    const T v = p.val[e];
    if (v == (T)0) continue;
    const ts_int k = p.iperm[p.col[e]];
    if (ns >= w.cap) return false;
    ts_int s = ns++;
    for (; s > 0 && w.pos[s - 1] > k; s--) {
      w.pos[s] = w.pos[s - 1];
      w.val[s] = w.val[s - 1];
    }
    w.pos[s] = k;
    w.val[s] = v;
  }
  front = ns;
  if (p.exact) {
    /* the whole chain, as a dense solve would */
    if (ns > 0) {
      const ts_int len = cluster_solve(p.f, 0, p.n, 0, ns, 0, p.n - 1, (T)0, w, front);
      if (len < 0) return false;
      front += len;
    }
  } else {
    for (ts_int s2 = 0; s2 < ns;) {
      const ts_int pb = p.begin[w.pos[s2]], pe = p.end[w.pos[s2]], path_start = front;
      ts_int       t  = s2;
      while (t < ns && w.pos[t] < pe) t++;
      for (ts_int c0 = s2; c0 < t;) {
        ts_int c1 = c0 + 1;
        while (c1 < t && (p.droptol == (T)0 || w.pos[c1] - w.pos[c1 - 1] <= kClusterGap)) c1++;
        const ts_int len = cluster_solve(p.f, pb, pe, c0, c1, w.pos[c0], w.pos[c1 - 1], tol, w, front);
        if (len < 0) return false;
        cluster_merge(w, path_start, front, len);
        front += len;
        c0 = c1;
      }
      s2 = t;
    }
  }
  if (p.keep_col) row_gather(p, i, w, ns, front);
  else row_select(p, i, w, ns, front);
  return true;
}

} /* namespace ts_mosa */

#endif
